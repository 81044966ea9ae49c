import { LOGIN_MESSAGES } from '../lib/api/login.ts';

/**
 * Errors the server's services throw and the HTTP layer answers. It imports nothing from the server, so services,
 * the database layer, auth and the demo code can use it without importing the routes (src/server/routes/).
 */

/** An error a service or handler throws to answer with a status and a readable message (mountCall turns it into the envelope). */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The password-hash pool's queue is full (src/server/auth/passwords.ts): the attempt is refused at once with 429
 * and Retry-After, so that a flood of sign-ins waits neither on the site nor on itself.
 */
export class PasswordHashBusy extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, LOGIN_MESSAGES.busy);
    this.name = 'PasswordHashBusy';
  }
}
