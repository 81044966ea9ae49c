import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $alerts, dismissAlert, showAlert } from '../../src/stores/alerts.ts';
import { $activeAgency, $user, $userStatus, clearUser, setActiveAgency, setAgencyList, setUserData } from '../../src/stores/user.ts';
import { $waiting, $waitingCount, withWaiting } from '../../src/stores/waiting.ts';
import { SUCCESS_ALERT_MS } from '../../src/lib/constants.ts';
import type { UserAgency, UserDetails } from '../../src/lib/api/user.ts';

beforeEach(() => {
  sessionStorage.clear();
  $alerts.set([]);
  clearUser();
  $waitingCount.set(0);
});
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('alerts (spec section 4)', () => {
  it('success auto-hides after 3000 ms', () => {
    vi.useFakeTimers();
    expect(SUCCESS_ALERT_MS).toBe(3000);
    const id = showAlert('success', 'Agency successfully removed.');
    expect($alerts.get()).toEqual([{ id, kind: 'success', text: 'Agency successfully removed.' }]);
    vi.advanceTimersByTime(2999);
    expect($alerts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($alerts.get()).toEqual([]);
  });

  it('warning and success-persist stay', () => {
    vi.useFakeTimers();
    showAlert('warning', 'Sorry, something happened on our end. Please try again.');
    showAlert('success-persist', 'Saved.');
    vi.advanceTimersByTime(60_000);
    expect($alerts.get().map((a) => a.kind)).toEqual(['warning', 'success-persist']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('only the success alert hides when several are shown', () => {
    vi.useFakeTimers();
    showAlert('warning', 'w');
    showAlert('success', 's');
    showAlert('success-persist', 'p');
    vi.advanceTimersByTime(3000);
    expect($alerts.get().map((a) => a.text)).toEqual(['w', 'p']);
  });

  it('the same alert twice is shown once and keeps its id', () => {
    const a = showAlert('warning', 'same');
    const b = showAlert('warning', 'same');
    expect(b).toBe(a);
    expect($alerts.get()).toHaveLength(1);
    const c = showAlert('success-persist', 'same');
    expect(c).not.toBe(a);
    expect($alerts.get()).toHaveLength(2);
  });

  it('dismiss removes only that alert; unknown ids are ignored', () => {
    const a = showAlert('warning', 'one');
    const b = showAlert('warning', 'two');
    dismissAlert(a);
    expect($alerts.get().map((x) => x.id)).toEqual([b]);
    dismissAlert(99999);
    expect($alerts.get().map((x) => x.id)).toEqual([b]);
  });

  it('a success alert dismissed early does not break its timer', () => {
    vi.useFakeTimers();
    const a = showAlert('success', 'quick');
    const w = showAlert('warning', 'stays');
    dismissAlert(a);
    vi.advanceTimersByTime(3000);
    expect($alerts.get().map((x) => x.id)).toEqual([w]);
  });
});

const agency = (over: Partial<UserAgency>): UserAgency => ({
  agencyNumber: '10045821',
  agencyName: 'Harbor Point Insurance Group',
  agencyNameAndAddress: 'Harbor Point Insurance Group - 1200 Harbor Blvd Suite 300, Tampa, FL 33602',
  addressLine: '1200 Harbor Blvd Suite 300',
  city: 'Tampa',
  stateCode: 'FL',
  zipCode: '33602',
  priority: 'D',
  parentAccountNumber: null,
  isDefaultAgency: false,
  showAgencyChangeNotification: false,
  isCobranded: true,
  ...over,
});
const harbor = agency({ isDefaultAgency: true });
const summit = agency({ agencyNumber: '20077314', agencyName: 'Summit Ridge Agency', parentAccountNumber: '90000012', priority: null, isCobranded: false });
const details = (over: Partial<UserDetails> = {}): UserDetails => ({
  userId: 'u-1',
  email: 'agent@demo.test',
  firstName: 'Alex',
  lastName: 'Rivera',
  agentNumber: 'A10045',
  dashboardUserRole: 'SFAD_Agent',
  isSSOLogin: false,
  userAccountsCount: 2,
  Accounts: [],
  AgencyInformation: null,
  ...over,
});

describe('user store (spec section 3)', () => {
  it('setUserData fills the state; the default agency becomes active', () => {
    setUserData(details(), [harbor, summit]);
    const u = $user.get();
    expect(u.activeAgencyNumber).toBe('10045821');
    expect(u.defaultAgencyNumber).toBe('10045821');
    expect(u.agencyList).toEqual([harbor, summit]);
    expect(u.userAccountsCount).toBe(2);
    expect(u.userRole).toBe('User');
    expect(u.isSSOLogin).toBe(false);
    expect(u.parentAccountNumber).toBeNull();
    expect(u.userDetails?.email).toBe('agent@demo.test');
    expect($activeAgency.get()).toEqual(harbor);
  });

  it('without a default agency the first one is the default and active', () => {
    setUserData(details(), [agency({ agencyNumber: '30012967', isDefaultAgency: false }), summit]);
    expect($user.get().defaultAgencyNumber).toBe('30012967');
    expect($user.get().activeAgencyNumber).toBe('30012967');
  });

  it('keeps this tab’s saved active agency when it is still in the list', () => {
    sessionStorage.setItem('portal.activeAgencyNumber', '20077314');
    setUserData(details(), [harbor, summit]);
    expect($user.get().activeAgencyNumber).toBe('20077314');
    expect($user.get().defaultAgencyNumber).toBe('10045821');
    expect($user.get().parentAccountNumber).toBe('90000012');
  });

  it('ignores a saved active agency that is no longer in the list', () => {
    sessionStorage.setItem('portal.activeAgencyNumber', '99999999');
    setUserData(details(), [harbor, summit]);
    expect($user.get().activeAgencyNumber).toBe('10045821');
  });

  it('no agencies: nothing active', () => {
    setUserData(details({ userAccountsCount: 0, dashboardUserRole: 'SFAD_InternalAdmin' }), []);
    expect($user.get().activeAgencyNumber).toBeNull();
    expect($user.get().defaultAgencyNumber).toBeNull();
    expect($user.get().userRole).toBe('internal admin');
    expect($activeAgency.get()).toBeNull();
  });

  it('maps the CE admin role and the SSO flag', () => {
    setUserData(details({ dashboardUserRole: 'SFAD_CEAdmin', isSSOLogin: true }), []);
    expect($user.get().userRole).toBe('CE admin');
    expect($user.get().isSSOLogin).toBe(true);
  });

  it('setActiveAgency switches to a known agency and remembers it for the tab', () => {
    setUserData(details(), [harbor, summit]);
    setActiveAgency('20077314');
    expect($user.get().activeAgencyNumber).toBe('20077314');
    expect($user.get().parentAccountNumber).toBe('90000012');
    expect($activeAgency.get()?.agencyName).toBe('Summit Ridge Agency');
    expect(sessionStorage.getItem('portal.activeAgencyNumber')).toBe('20077314');
  });

  it('setActiveAgency ignores unknown numbers', () => {
    setUserData(details(), [harbor, summit]);
    setActiveAgency('30012967');
    setActiveAgency('');
    expect($user.get().activeAgencyNumber).toBe('10045821');
    expect(sessionStorage.getItem('portal.activeAgencyNumber')).toBeNull();
  });

  it('setAgencyList replaces the list and the default but keeps the active agency', () => {
    setUserData(details(), [harbor, summit]);
    setActiveAgency('10045821');
    setAgencyList([{ ...summit, isDefaultAgency: true }, { ...harbor, isDefaultAgency: false }]);
    expect($user.get().defaultAgencyNumber).toBe('20077314');
    expect($user.get().activeAgencyNumber).toBe('10045821');
  });

  it('clearUser empties the state, resets the status and forgets the active agency', () => {
    setUserData(details(), [harbor, summit]);
    setActiveAgency('20077314');
    $userStatus.set('ready');
    clearUser();
    expect($user.get()).toEqual({
      activeAgencyNumber: null,
      defaultAgencyNumber: null,
      agencyList: [],
      userAccountsCount: 0,
      userRole: null,
      isSSOLogin: false,
      parentAccountNumber: null,
      userDetails: null,
    });
    expect($userStatus.get()).toBe('idle');
    expect(sessionStorage.getItem('portal.activeAgencyNumber')).toBeNull();
  });
});

describe('waiting modal', () => {
  it('counts running work and shows while any runs', async () => {
    expect($waiting.get()).toBe(false);
    let releaseA!: () => void;
    let releaseB!: () => void;
    const a = withWaiting(() => new Promise<string>((r) => (releaseA = () => r('a'))));
    const b = withWaiting(() => new Promise<string>((r) => (releaseB = () => r('b'))));
    expect($waitingCount.get()).toBe(2);
    expect($waiting.get()).toBe(true);
    releaseA();
    expect(await a).toBe('a');
    expect($waitingCount.get()).toBe(1);
    expect($waiting.get()).toBe(true);
    releaseB();
    expect(await b).toBe('b');
    expect($waitingCount.get()).toBe(0);
    expect($waiting.get()).toBe(false);
  });

  it('survives a throwing task: the error passes through and the count goes back down', async () => {
    await expect(withWaiting(async () => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    expect($waitingCount.get()).toBe(0);
    await expect(
      withWaiting(() => {
        throw new Error('sync throw');
      }),
    ).rejects.toThrow('sync throw');
    expect($waitingCount.get()).toBe(0);
    expect($waiting.get()).toBe(false);
  });

  it('never goes below zero', async () => {
    $waitingCount.set(0);
    await withWaiting(async () => {
      $waitingCount.set(0); // something else reset it meanwhile
    });
    expect($waitingCount.get()).toBe(0);
  });
});

describe('session: the stored oidc-client-ts user, read without the library', async () => {
  const { $session, currentToken, readStoredUser, toSession } = await import('../../src/stores/session.ts');
  const { User } = await import('oidc-client-ts');
  const profile = { sub: 'u-1', email: 'agent@demo.test', name: 'Alex Rivera', dashboardUserRole: 'SFAD_Agent', iss: 'x', aud: 'y', exp: 1, iat: 1 };

  it('reads what oidc-client-ts stores (User.toStorageString) and maps it like the library user', () => {
    const user = new User({ access_token: 'at-1', token_type: 'Bearer', profile, expires_at: 2_000_000_000, refresh_token: 'rt-1', id_token: 'id-1', scope: 'openid' });
    sessionStorage.setItem('oidc.user:http://localhost/oidc:agent-portal', user.toStorageString());
    const stored = readStoredUser(sessionStorage);
    expect(stored).toEqual({ access_token: 'at-1', expires_at: 2_000_000_000, profile });
    expect(toSession(stored!)).toEqual(toSession(user));
  });

  it('ignores other keys, corrupted JSON and entries without a token', () => {
    sessionStorage.setItem('portal.clientTag', 'x');
    sessionStorage.setItem('oidc.user:a:b', '{not json');
    expect(readStoredUser(sessionStorage)).toBeNull();
    sessionStorage.setItem('oidc.user:a:b', JSON.stringify({ access_token: '', profile }));
    expect(readStoredUser(sessionStorage)).toBeNull();
    sessionStorage.setItem('oidc.user:a:b', JSON.stringify({ access_token: 'at', profile: null }));
    expect(readStoredUser(sessionStorage)).toBeNull();
  });

  it('a call before the guard has restored the session carries the stored token while it is fresh (issue 19)', () => {
    sessionStorage.clear();
    $session.set(null);
    expect(currentToken(sessionStorage)).toBeNull();
    const now = Math.floor(Date.now() / 1000);
    sessionStorage.setItem('oidc.user:a:b', JSON.stringify({ access_token: 'stored', expires_at: now + 3600, profile }));
    expect(currentToken(sessionStorage)).toBe('stored');
    // Due for renewal: no token (the guard renews it or sends the reader to sign-in).
    sessionStorage.setItem('oidc.user:a:b', JSON.stringify({ access_token: 'stored', expires_at: now + 10, profile }));
    expect(currentToken(sessionStorage)).toBeNull();
    $session.set(toSession({ access_token: 'live', expires_at: now + 3600, profile }));
    expect(currentToken(sessionStorage)).toBe('live');
    $session.set(null);
    sessionStorage.clear();
  });
});
