import { z } from 'zod/mini';

/** Sign-in form: the interaction's login step (not a dashboard-service call). */
export const LoginRequestSchema = z.strictObject({
  email: z.string().check(z.trim(), z.minLength(1, 'Email address is required'), z.maxLength(254, 'Must be at most 254 characters'), z.regex(z.regexes.email, 'Please enter a valid email address')),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(256, 'Must be at most 256 characters')),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Where the browser goes after a successful sign-in step. */
export const LoginReplySchema = z.object({ redirectTo: z.string() });

/** Messages of the sign-in page. */
export const LOGIN_MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  tooMany: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  expired: 'Your sign-in session expired. Please try again.',
  busy: 'Too many sign-in attempts are being checked right now. Please try again in a few seconds.',
} as const;

/** The interaction paths of the embedded provider (portal-owned). */
export const interactionPath = (uid: string, step?: 'login' | 'details' | 'abort') =>
  `/oidc/interaction/${encodeURIComponent(uid)}${step ? `/${step}` : ''}`;

/** Where create-new-password leaves its single-use sign-in ticket for the sign-in page (sessionStorage). */
export const SIGNIN_TICKET_KEY = 'portal.signinTicket';
/** The interaction step that takes a sign-in ticket instead of a password (issue 14). */
export const ticketPath = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}/ticket`;
