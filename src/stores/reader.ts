import { GetUserAgencyList, GetUserDetails } from '../lib/api/user.ts';
import { api } from './api.ts';
import { restoreSession } from './session.ts';
import { $userStatus, setUserData } from './user.ts';

/**
 * The signed-in reader of a public page (the content hub): the user's details and agencies when this tab holds a
 * stored sign-in, for the header's personal parts. Not the route guard (stores/guard.ts): no layout-setup call, no
 * redirect when signed out, no page views (section 4's events only, with consent), the claim flow's state left alone. Kept out of the shared core chunk:
 * only the content hub's header loads it. True when the user is loaded.
 */
export async function loadSignedInUser(): Promise<boolean> {
  if ($userStatus.get() !== 'idle') return $userStatus.get() === 'ready';
  $userStatus.set('loading');
  try {
    const session = await restoreSession();
    if (!session) {
      $userStatus.set('idle');
      return false;
    }
    const [details, agencies] = await Promise.all([
      api.call(GetUserDetails, { userId: session.sub }, { ignoreErrors: true }),
      api.call(GetUserAgencyList, {}, { ignoreErrors: true }),
    ]);
    setUserData(details, agencies);
    $userStatus.set('ready');
    // Section 4's events of a public page (the content search, the global banner; issue 18): the tracker sends them
    // once analytics are allowed (never without consent). The experiments run from the page's layout, not from here.
    import('./tracking.ts').then((m) => m.whenAllowed(false), () => undefined);
    return true;
  } catch {
    // A public page stays as it is (the signed-out look) when the user cannot be loaded.
    $userStatus.set('idle');
    return false;
  }
}
