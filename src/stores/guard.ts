import { GetUserAgencyList, GetUserDetails } from '../lib/api/user.ts';
import { Setup } from '../lib/api/platform.ts';
import { routeName } from '../lib/navigation.ts';
import { CLAIM_FLOW_KEY } from '../lib/constants.ts';
import { isClaimFlowRoute } from '../lib/routes.ts';
import { api, installErrorReporting } from './api.ts';
import { loginUrl, restoreSession } from './session.ts';
import { $userStatus, setUserData } from './user.ts';

const LAST_ROUTE_KEY = 'portal.lastRoute';

/**
 * The route guard of every authenticated page: a stored session (else login with the referral), the
 * layout-setup call (401 → login; a redirect for the role → go there), then the user's details and agencies.
 * Any page outside the claim flow forgets the claim flow's state.
 */
export async function runGuard(): Promise<void> {
  if ($userStatus.get() === 'loading' || $userStatus.get() === 'ready') return;
  $userStatus.set('loading');
  installErrorReporting();
  const toRoute = window.location.pathname;
  try {
    // Spec section 4: the claim-flow quote data is cleared when leaving the claim-flow pages.
    if (!isClaimFlowRoute(routeName(toRoute))) sessionStorage.removeItem(CLAIM_FLOW_KEY);
    const session = await restoreSession();
    if (!session) {
      window.location.replace(loginUrl(toRoute + window.location.search));
      return;
    }
    const fromRoute = sessionStorage.getItem(LAST_ROUTE_KEY) ?? '';
    const setup = await api.call(Setup, { FromRoute: fromRoute, ToRoute: toRoute });
    if (setup.redirectTo) {
      window.location.replace(setup.redirectTo);
      return;
    }
    sessionStorage.setItem(LAST_ROUTE_KEY, toRoute);
    const [details, agencies] = await Promise.all([
      api.call(GetUserDetails, { userId: session.sub }),
      api.call(GetUserAgencyList, {}),
    ]);
    setUserData(details, agencies);
    $userStatus.set('ready');
    // Issue 18: the analytics code loads now, after the page; it waits for consent (never, with GPC).
    import('./tracking.ts').then((m) => m.trackPage(toRoute, session.email), () => undefined);
  } catch {
    $userStatus.set('error');
  }
}
