import { describe, expect, it, vi } from 'vitest';
import { API_CALL_FAILED, ApiError, createApiClient, GENERIC_ERROR_TEXT, installGlobalErrorHandler, type ClientDeps } from '../../src/lib/api/client.ts';
import { APP_NAME, HEADER_APP_NAME, HEADER_SSO_SESSION } from '../../src/lib/constants.ts';
import { GetAccountManagerDetails } from '../../src/lib/api/account-manager.ts';
import { GetStates } from '../../src/lib/api/states.ts';
import { GetUserDetails } from '../../src/lib/api/user.ts';
import { NotifyUserLoggedIn } from '../../src/lib/api/user-calls.ts';
import { DASHBOARD_BASE } from '../../src/lib/api/contract.ts';

/** One recorded request of the test fetch. */
interface Sent {
  url: string;
  init: RequestInit;
}

/** A client whose fetch answers with `reply` and whose surroundings are recorded. */
function harness(reply: (sent: Sent) => Response | Promise<Response>, opts: { token?: string | null; sso?: { isSSOLogin: boolean; onboardingAgency: string | null } } = {}) {
  const sent: Sent[] = [];
  const deps = {
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const s = { url: String(input), init: init ?? {} };
      sent.push(s);
      return reply(s);
    }) as typeof fetch,
    getToken: () => (opts.token === undefined ? 'tok.en.value' : opts.token),
    getSsoSession: () => opts.sso ?? { isSSOLogin: false, onboardingAgency: null },
    onUnauthorized: vi.fn<ClientDeps['onUnauthorized']>(),
    showErrorBanner: vi.fn<ClientDeps['showErrorBanner']>(),
    pushAnalytics: vi.fn<ClientDeps['pushAnalytics']>(),
  } satisfies ClientDeps;
  return { client: createApiClient(deps), deps, sent };
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
const ok = (result: unknown) => json(200, { isSuccess: true, message: 'Success', result });
const headersOf = (s: Sent) => s.init.headers as Record<string, string>;

/** Awaits a rejection and returns the ApiError. */
async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to reject');
}

describe('api client: success', () => {
  it('resolves with the result of a success envelope', async () => {
    const h = harness(() => ok({ firstName: 'DANA', lastName: 'WHITFIELD', phoneNumber: '8005550123', emailAddress: 'd@x.example' }));
    const res = await h.client.call(GetAccountManagerDetails, { AccountNumber: '10045821' });
    expect(res).toEqual({ firstName: 'DANA', lastName: 'WHITFIELD', phoneNumber: '8005550123', emailAddress: 'd@x.example' });
    expect(h.deps.showErrorBanner).not.toHaveBeenCalled();
    expect(h.deps.pushAnalytics).not.toHaveBeenCalled();
    expect(h.deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('resolves with null when the envelope result is null and the schema allows it', async () => {
    const h = harness(() => ok(null));
    await expect(h.client.call(GetAccountManagerDetails, { AccountNumber: '10045821' })).resolves.toBeNull();
  });
});

describe('api client: request shape', () => {
  it('POST: Authorization Bearer, X-Application-Name, X-SSO-Session JSON, JSON body with AppName', async () => {
    const h = harness(() => ok(null), { token: 'abc.def.ghi', sso: { isSSOLogin: true, onboardingAgency: '20077314' } });
    await h.client.call(GetAccountManagerDetails, { AccountNumber: '10045821' });
    expect(h.sent).toHaveLength(1);
    const s = h.sent[0]!;
    expect(s.url).toBe(`${DASHBOARD_BASE}/AccountManager/GetAccountManagerDetails`);
    expect(s.init.method).toBe('POST');
    const headers = headersOf(s);
    expect(headers.Authorization).toBe('Bearer abc.def.ghi');
    expect(headers[HEADER_APP_NAME]).toBe(APP_NAME);
    expect(HEADER_APP_NAME).toBe('X-Application-Name');
    expect(HEADER_SSO_SESSION).toBe('X-SSO-Session');
    expect(JSON.parse(headers[HEADER_SSO_SESSION]!)).toEqual({ isSSOLogin: true, onboardingAgency: '20077314' });
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Accept).toBe('application/json');
    expect(JSON.parse(String(s.init.body))).toEqual({ AppName: APP_NAME, AccountNumber: '10045821' });
    expect(s.init.credentials).toBe('same-origin');
  });

  it('a POST with an empty request still carries AppName', async () => {
    const h = harness(() => ok({ lastLoginAt: '2024-01-01T00:00:00.000Z' }));
    await h.client.call(NotifyUserLoggedIn, {});
    expect(JSON.parse(String(h.sent[0]!.init.body))).toEqual({ AppName: 'AgentPortal' });
  });

  it('GET: AppName and fields in the query string, no body, no Content-Type', async () => {
    const h = harness(() =>
      ok({
        userId: 'u-1', email: 'a@b.c', firstName: 'A', lastName: 'B', agentNumber: null, dashboardUserRole: 'SFAD_Agent',
        isSSOLogin: false, userAccountsCount: 0, Accounts: [], AgencyInformation: null,
      }),
    );
    await h.client.call(GetUserDetails, { userId: 'u-1' });
    const s = h.sent[0]!;
    const url = new URL(s.url, 'http://x');
    expect(url.pathname).toBe(`${DASHBOARD_BASE}/User/GetUserDetails`);
    expect(url.searchParams.get('AppName')).toBe('AgentPortal');
    expect(url.searchParams.get('userId')).toBe('u-1');
    expect(s.init.method).toBe('GET');
    expect(s.init.body).toBeUndefined();
    expect(headersOf(s)['Content-Type']).toBeUndefined();
    expect(headersOf(s).Authorization).toBe('Bearer tok.en.value');
  });

  it('GET: a caller-supplied AppName wins and null/undefined fields are left out', async () => {
    const h = harness(() => ok([]));
    await h.client.call(GetStates, { AppName: 'Other', Skipped: null, Missing: undefined } as never);
    const url = new URL(h.sent[0]!.url, 'http://x');
    expect(url.searchParams.get('AppName')).toBe('Other');
    expect([...url.searchParams.keys()]).toEqual(['AppName']);
  });

  it('no Authorization header when signed out', async () => {
    const h = harness(() => ok([]), { token: null });
    await h.client.call(GetStates, {});
    expect(headersOf(h.sent[0]!).Authorization).toBeUndefined();
    expect(JSON.parse(headersOf(h.sent[0]!)[HEADER_SSO_SESSION]!)).toEqual({ isSSOLogin: false, onboardingAgency: null });
  });

  it('extra headers are sent and the abort signal is passed on', async () => {
    const h = harness(() => ok(null));
    const ctl = new AbortController();
    await h.client.call(GetAccountManagerDetails, { AccountNumber: '10045821' }, { headers: { 'Idempotency-Key': 'k-1' }, signal: ctl.signal });
    expect(headersOf(h.sent[0]!)['Idempotency-Key']).toBe('k-1');
    expect(h.sent[0]!.init.signal).toBe(ctl.signal);
  });
});

describe('api client: error catalogue (spec section 8)', () => {
  it('401: calls onUnauthorized, rejects with Unauthorized, no banner, no analytics', async () => {
    const h = harness(() => json(401, { isSuccess: false, message: 'token expired', result: null }));
    const err = await rejection(h.client.call(GetStates, {}));
    expect(err.message).toBe('Unauthorized');
    expect(err.status).toBe(401);
    expect(h.deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(h.deps.showErrorBanner).not.toHaveBeenCalled();
    expect(h.deps.pushAnalytics).not.toHaveBeenCalled();
  });

  it('401 even with ignoreErrors still goes to login', async () => {
    const h = harness(() => json(401, {}));
    const err = await rejection(h.client.call(GetStates, {}, { ignoreErrors: true }));
    expect(err.message).toBe('Unauthorized');
    expect(h.deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(h.deps.showErrorBanner).not.toHaveBeenCalled();
  });

  it('400: rejects with the body message, no banner, no analytics, no login', async () => {
    const h = harness(() => json(400, { isSuccess: false, message: 'Invalid request: AccountNumber: Invalid agency number', result: null }));
    const err = await rejection(h.client.call(GetAccountManagerDetails, { AccountNumber: '1' }));
    expect(err.message).toBe('Invalid request: AccountNumber: Invalid agency number');
    expect(err.status).toBe(400);
    expect(err.body).toMatchObject({ isSuccess: false });
    expect(h.deps.showErrorBanner).not.toHaveBeenCalled();
    expect(h.deps.pushAnalytics).not.toHaveBeenCalled();
    expect(h.deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('400 without a JSON message rejects with API call failed', async () => {
    const h = harness(() => new Response('bad', { status: 400 }));
    const err = await rejection(h.client.call(GetStates, {}));
    expect(err.message).toBe(API_CALL_FAILED);
    expect(h.deps.showErrorBanner).not.toHaveBeenCalled();
  });

  for (const status of [500, 403, 404, 409, 429, 503]) {
    it(`${status}: red banner with the generic text, global-error analytics, rejects with the server message`, async () => {
      const h = harness(() => json(status, { isSuccess: false, message: `server said ${status}`, result: null }));
      const err = await rejection(h.client.call(GetAccountManagerDetails, { AccountNumber: '10045821' }));
      expect(err.message).toBe(`server said ${status}`);
      expect(err.status).toBe(status);
      expect(h.deps.showErrorBanner).toHaveBeenCalledTimes(1);
      expect(h.deps.showErrorBanner).toHaveBeenCalledWith('Sorry, something happened on our end. Please try again.');
      expect(GENERIC_ERROR_TEXT).toBe('Sorry, something happened on our end. Please try again.');
      expect(h.deps.pushAnalytics).toHaveBeenCalledWith({
        event: 'global-error',
        message: `server said ${status}`,
        path: `${DASHBOARD_BASE}/AccountManager/GetAccountManagerDetails`,
        status,
      });
      expect(h.deps.onUnauthorized).not.toHaveBeenCalled();
    });
  }

  it('500 without a JSON body rejects with the status line', async () => {
    const h = harness(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    const err = await rejection(h.client.call(GetStates, {}));
    expect(err.message).toBe('502 Bad Gateway');
    expect(h.deps.showErrorBanner).toHaveBeenCalledWith(GENERIC_ERROR_TEXT);
    expect(h.deps.pushAnalytics).toHaveBeenCalledWith(expect.objectContaining({ event: 'global-error', status: 502 }));
  });

  it('network failure: banner, analytics, rejects with the error message and status 0', async () => {
    const h = harness(() => {
      throw new TypeError('fetch failed');
    });
    const err = await rejection(h.client.call(GetStates, {}));
    expect(err.message).toBe('fetch failed');
    expect(err.status).toBe(0);
    expect(h.deps.showErrorBanner).toHaveBeenCalledWith(GENERIC_ERROR_TEXT);
    expect(h.deps.pushAnalytics).toHaveBeenCalledWith({ event: 'global-error', message: 'fetch failed', path: `${DASHBOARD_BASE}/States/GetStates`, status: 0 });
  });

  it('network failure without a message rejects with API call failed', async () => {
    const h = harness(() => Promise.reject(new Error('')));
    const err = await rejection(h.client.call(GetStates, {}));
    expect(err.message).toBe(API_CALL_FAILED);
    expect(h.deps.showErrorBanner).toHaveBeenCalledTimes(1);
  });

  it('ignoreErrors: 500 rejects quietly with the server message (no banner, no analytics)', async () => {
    const h = harness(() => json(500, { isSuccess: false, message: 'database down', result: null }));
    const err = await rejection(h.client.call(GetStates, {}, { ignoreErrors: true }));
    expect(err.message).toBe('database down');
    expect(err.status).toBe(500);
    expect(h.deps.showErrorBanner).not.toHaveBeenCalled();
    expect(h.deps.pushAnalytics).not.toHaveBeenCalled();
  });

  it('ignoreErrors: network failure and 403 reject quietly too', async () => {
    const net = harness(() => Promise.reject(new TypeError('offline')));
    expect((await rejection(net.client.call(GetStates, {}, { ignoreErrors: true }))).message).toBe('offline');
    const forbidden = harness(() => json(403, { isSuccess: false, message: 'You do not have access to this agency.', result: null }));
    expect((await rejection(forbidden.client.call(GetStates, {}, { ignoreErrors: true }))).message).toBe('You do not have access to this agency.');
    for (const h of [net, forbidden]) {
      expect(h.deps.showErrorBanner).not.toHaveBeenCalled();
      expect(h.deps.pushAnalytics).not.toHaveBeenCalled();
    }
  });

  it('200 with isSuccess false rejects with its message, no banner', async () => {
    const h = harness(() => json(200, { isSuccess: false, message: 'Agency not found', result: null }));
    const err = await rejection(h.client.call(GetStates, {}));
    expect(err.message).toBe('Agency not found');
    expect(err.status).toBe(200);
    expect(h.deps.showErrorBanner).not.toHaveBeenCalled();
  });

  it("200 with isSuccess false and an empty message rejects with 'API call failed'", async () => {
    const h = harness(() => json(200, { isSuccess: false, message: '', result: null }));
    expect((await rejection(h.client.call(GetStates, {}))).message).toBe('API call failed');
  });

  it('200 whose reply does not match the result schema is a failure (banner + analytics)', async () => {
    const h = harness(() => ok([{ stateCode: 'Florida', stateName: 42 }]));
    const err = await rejection(h.client.call(GetStates, {}));
    expect(err.message).toBe(API_CALL_FAILED);
    expect(err.status).toBe(200);
    expect(h.deps.showErrorBanner).toHaveBeenCalledWith(GENERIC_ERROR_TEXT);
    expect(h.deps.pushAnalytics).toHaveBeenCalledWith(expect.objectContaining({ event: 'global-error', message: API_CALL_FAILED }));
  });

  it('200 that is not an envelope at all (or not JSON) is a failure', async () => {
    for (const res of [() => json(200, [1, 2, 3]), () => new Response('<html></html>', { status: 200 }), () => json(200, { result: [] })]) {
      const h = harness(res);
      expect((await rejection(h.client.call(GetStates, {}))).message).toBe(API_CALL_FAILED);
      expect(h.deps.showErrorBanner).toHaveBeenCalledTimes(1);
    }
  });

  it('a reply failing the schema with ignoreErrors rejects quietly', async () => {
    const h = harness(() => ok('not an array'));
    expect((await rejection(h.client.call(GetStates, {}, { ignoreErrors: true }))).message).toBe(API_CALL_FAILED);
    expect(h.deps.showErrorBanner).not.toHaveBeenCalled();
    expect(h.deps.pushAnalytics).not.toHaveBeenCalled();
  });
});

/** A tiny window stand-in: an EventTarget that dispatches error and unhandledrejection events. */
class FakeWindow extends EventTarget {
  fireError(error: unknown, message = '') {
    const ev = new Event('error') as Event & { error?: unknown; message?: string };
    ev.error = error;
    ev.message = message;
    this.dispatchEvent(ev);
  }
  fireRejection(reason: unknown) {
    const ev = new Event('unhandledrejection') as Event & { reason?: unknown };
    ev.reason = reason;
    this.dispatchEvent(ev);
  }
}

describe('installGlobalErrorHandler', () => {
  it('posts the stack of an uncaught error', () => {
    const w = new FakeWindow();
    const report = vi.fn<(text: string) => void>();
    installGlobalErrorHandler(w as unknown as Window, report);
    const err = new Error('boom in island');
    w.fireError(err);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]![0]).toContain('boom in island');
    expect(report.mock.calls[0]![0]).toBe(err.stack);
  });

  it('posts the message of an error event without an error object', () => {
    const w = new FakeWindow();
    const report = vi.fn<(text: string) => void>();
    installGlobalErrorHandler(w as unknown as Window, report);
    w.fireError(undefined, 'Script error.');
    expect(report).toHaveBeenCalledWith('Script error.');
  });

  it('posts unhandled rejections, but not ApiErrors (already handled by the client)', () => {
    const w = new FakeWindow();
    const report = vi.fn<(text: string) => void>();
    installGlobalErrorHandler(w as unknown as Window, report);
    w.fireRejection(new ApiError('server said no', 500));
    expect(report).not.toHaveBeenCalled();
    w.fireRejection('plain string reason');
    expect(report).toHaveBeenCalledWith('plain string reason');
    const e = new RangeError('bad range');
    w.fireRejection(e);
    expect(report).toHaveBeenLastCalledWith(e.stack);
  });

  it('does not repeat the same text twice in a row and cuts text to 4000 characters', () => {
    const w = new FakeWindow();
    const report = vi.fn<(text: string) => void>();
    installGlobalErrorHandler(w as unknown as Window, report);
    w.fireError(undefined, 'same');
    w.fireError(undefined, 'same');
    expect(report).toHaveBeenCalledTimes(1);
    w.fireError(undefined, 'x'.repeat(10_000));
    expect(report).toHaveBeenCalledTimes(2);
    expect(report.mock.calls[1]![0]).toHaveLength(4000);
    w.fireError(undefined, 'same');
    expect(report).toHaveBeenCalledTimes(3);
  });

  it('ignores empty error text', () => {
    const w = new FakeWindow();
    const report = vi.fn<(text: string) => void>();
    installGlobalErrorHandler(w as unknown as Window, report);
    w.fireError(undefined, '');
    expect(report).not.toHaveBeenCalled();
  });
});
