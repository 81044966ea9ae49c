import type { z } from 'zod/mini';
import { APP_NAME, HEADER_APP_NAME, HEADER_SSO_SESSION } from '../constants.ts';
import type { ServerMessage } from '../i18n.ts';
import { callPath, envelope, getUrl, type CallContract, type RequestOf, type ResultOf } from './contract.ts';

/** The red banner text for any failure other than 400 and 401 (spec section 8). */
export const GENERIC_ERROR_TEXT = 'Sorry, something happened on our end. Please try again.';
/** The message of a non-success reply that has none (spec section 8). */
export const API_CALL_FAILED = 'API call failed';

/** A rejected call: its HTTP status (0 for a network failure) and the server's message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a refusal said (the reply envelope's message, code, params and field errors), for `t.message()`. */
export function replyOf(err: ApiError): ServerMessage & { errors?: ServerMessage[] } {
  const body = (err.body ?? {}) as Partial<ServerMessage & { errors: ServerMessage[] }>;
  return { message: err.message, code: body.code, params: body.params, ...(Array.isArray(body.errors) ? { errors: body.errors } : {}) };
}

/** What the client needs from its surroundings; the browser wires stores in, tests pass plain functions. */
export interface ClientDeps {
  fetch: typeof fetch;
  /** Current access token, or null when signed out. */
  getToken(): string | null;
  /** The SSO session flag and onboarding agency number. */
  getSsoSession(): { isSSOLogin: boolean; onboardingAgency: string | null };
  /** A 401: go to login with the referral set. */
  onUnauthorized(): void;
  /** Show the red alert banner. */
  showErrorBanner(text: string): void;
  /** Push an analytics event (global-error). */
  pushAnalytics(event: { event: string; message: string; path: string; status: number }): void;
}

/** Options of one call. */
export interface CallOptions {
  /** Reject quietly (no banner, no analytics) on failure. */
  ignoreErrors?: boolean;
  /** Extra headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Let the request outlive the page (analytics events sent as the reader leaves). */
  keepalive?: boolean;
}

/** The typed client of the dashboard service, with the error catalogue of spec section 8. */
export function createApiClient(deps: ClientDeps) {
  async function call<C extends CallContract>(contract: C, input: Omit<RequestOf<C>, 'AppName'> & { AppName?: string }, options: CallOptions = {}): Promise<ResultOf<C>> {
    const path = callPath(contract, input as Record<string, unknown>);
    const token = deps.getToken();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [HEADER_APP_NAME]: APP_NAME,
      [HEADER_SSO_SESSION]: JSON.stringify(deps.getSsoSession()),
      ...options.headers,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const payload = { AppName: APP_NAME, ...input } as Record<string, unknown>;
    let url = path;
    const init: RequestInit = { method: contract.method, headers, credentials: 'same-origin', signal: options.signal };
    if (options.keepalive) init.keepalive = true;
    if (contract.method === 'GET') {
      url = getUrl(contract, payload);
    } else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(payload);
    }

    const failOther = (message: string, status: number, body?: unknown): never => {
      if (!options.ignoreErrors) {
        deps.showErrorBanner(GENERIC_ERROR_TEXT);
        deps.pushAnalytics({ event: 'global-error', message, path, status });
      }
      throw new ApiError(message, status, body);
    };

    let res: Response;
    try {
      res = await deps.fetch(url, init);
    } catch (err) {
      return failOther((err as Error)?.message || API_CALL_FAILED, 0);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    const message = typeof (body as { message?: unknown })?.message === 'string' ? (body as { message: string }).message : '';

    if (res.status === 401) {
      deps.onUnauthorized();
      throw new ApiError('Unauthorized', 401, body);
    }
    if (res.status === 400) throw new ApiError(message || API_CALL_FAILED, 400, body);
    if (!res.ok) return failOther(message || `${res.status} ${res.statusText}`.trim(), res.status, body);

    const parsed = envelope(contract.result as z.ZodMiniType).safeParse(body);
    if (!parsed.success) return failOther(API_CALL_FAILED, res.status, body);
    if (!parsed.data.isSuccess) throw new ApiError(parsed.data.message || API_CALL_FAILED, res.status, body);
    return parsed.data.result as ResultOf<C>;
  }
  return { call };
}

/** The client type. */
export type ApiClient = ReturnType<typeof createApiClient>;

/** Installs the global UI error handler: uncaught errors are posted to ViewError/error (quietly). */
export function installGlobalErrorHandler(target: Pick<Window, 'addEventListener'>, report: (text: string) => void): void {
  let last = '';
  const send = (text: string) => {
    if (!text || text === last) return;
    last = text;
    report(text.slice(0, 4000));
  };
  target.addEventListener('error', (e) => {
    const ev = e as ErrorEvent;
    send(ev.error?.stack ?? ev.message ?? String(ev.error));
  });
  target.addEventListener('unhandledrejection', (e) => {
    const reason = (e as PromiseRejectionEvent).reason;
    if (reason instanceof ApiError) return;
    send(reason?.stack ?? String(reason));
  });
}
