import { atom, computed, map } from 'nanostores';
import type { UserAgency, UserDetails } from '../lib/api/user.ts';
import { toAppRole, type AppRole } from '../lib/roles.ts';

/** The user state of spec section 3. */
export interface UserState {
  activeAgencyNumber: string | null;
  defaultAgencyNumber: string | null;
  agencyList: UserAgency[];
  userAccountsCount: number;
  userRole: AppRole | null;
  isSSOLogin: boolean;
  parentAccountNumber: string | null;
  userDetails: UserDetails | null;
}

const ACTIVE_KEY = 'portal.activeAgencyNumber';

const EMPTY: UserState = {
  activeAgencyNumber: null,
  defaultAgencyNumber: null,
  agencyList: [],
  userAccountsCount: 0,
  userRole: null,
  isSSOLogin: false,
  parentAccountNumber: null,
  userDetails: null,
};

/** The signed-in user's state. */
export const $user = map<UserState>({ ...EMPTY });
/** 'loading' until the route guard has loaded the user, then 'ready'. */
export const $userStatus = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');

/**
 * The claim flow's progress percent for the header's progress bar (null: the page's own value). Kept beside
 * the user state, which the header and every claim island already load, so it costs no chunk of its own.
 */
export const $claimProgress = atom<number | null>(null);
/** The stage start-claim / manage-claim shows (its step) for the stepper, kept here for the same reason. */
export const $claimStage = atom<number | null>(null);

/** The active agency, or null. */
export const $activeAgency = computed($user, (u) => u.agencyList.find((a) => a.agencyNumber === u.activeAgencyNumber) ?? null);

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Fills the state from the user details and agency list; keeps a still-valid active agency of this tab. */
export function setUserData(details: UserDetails, agencies: UserAgency[]): void {
  const def = agencies.find((a) => a.isDefaultAgency) ?? agencies[0] ?? null;
  const saved = storage()?.getItem(ACTIVE_KEY);
  const active = agencies.find((a) => a.agencyNumber === saved) ?? def;
  $user.set({
    activeAgencyNumber: active?.agencyNumber ?? null,
    defaultAgencyNumber: def?.agencyNumber ?? null,
    agencyList: agencies,
    userAccountsCount: details.userAccountsCount,
    userRole: toAppRole(details.dashboardUserRole),
    isSSOLogin: details.isSSOLogin,
    parentAccountNumber: active?.parentAccountNumber ?? null,
    userDetails: details,
  });
}

/** Switches the active agency (the dropdown); unknown numbers are ignored. */
export function setActiveAgency(agencyNumber: string): void {
  const agency = $user.get().agencyList.find((a) => a.agencyNumber === agencyNumber);
  if (!agency) return;
  $user.setKey('activeAgencyNumber', agency.agencyNumber);
  $user.setKey('parentAccountNumber', agency.parentAccountNumber);
  storage()?.setItem(ACTIVE_KEY, agency.agencyNumber);
}

/**
 * Replaces the agency list (after a default change, a removal, an approval) keeping the active agency while it
 * is still in the list (else the default becomes active); the account count follows.
 */
export function setAgencyList(agencies: UserAgency[]): void {
  const def = agencies.find((a) => a.isDefaultAgency) ?? agencies[0] ?? null;
  const u = $user.get();
  const active = agencies.find((a) => a.agencyNumber === u.activeAgencyNumber) ?? def;
  $user.set({
    ...u,
    agencyList: agencies,
    defaultAgencyNumber: def?.agencyNumber ?? null,
    userAccountsCount: agencies.length,
    activeAgencyNumber: active?.agencyNumber ?? null,
    parentAccountNumber: active?.parentAccountNumber ?? null,
  });
  if (active) storage()?.setItem(ACTIVE_KEY, active.agencyNumber);
  else storage()?.removeItem(ACTIVE_KEY);
}

/** Clears the user state (sign-out): agency data and account count go with it. */
export function clearUser(): void {
  $user.set({ ...EMPTY });
  $userStatus.set('idle');
  storage()?.removeItem(ACTIVE_KEY);
}
