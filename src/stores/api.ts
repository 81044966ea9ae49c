import { createApiClient, GENERIC_ERROR_TEXT, installGlobalErrorHandler } from '../lib/api/client.ts';
import { ViewError } from '../lib/api/platform.ts';
import { showAlert, showGenericError } from './alerts.ts';
import { pushEvent } from './analytics.ts';
import { $session, currentToken, handleUnauthorized } from './session.ts';
import { $user } from './user.ts';

/** The browser's dashboard-service client, wired to the session, alerts and analytics stores. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  getToken: () => currentToken(),
  getSsoSession: () => {
    let onboardingAgency: string | null = null;
    try {
      onboardingAgency = sessionStorage.getItem('portal.onboardingAgency');
    } catch {
      /* no storage */
    }
    return { isSSOLogin: $user.get().isSSOLogin, onboardingAgency };
  },
  onUnauthorized: () => void handleUnauthorized(),
  // The generic banner in the reader's language (the client hands over the English text).
  showErrorBanner: (text) => (text === GENERIC_ERROR_TEXT ? showGenericError(text) : void showAlert('warning', text)),
  pushAnalytics: (e) => pushEvent(e),
});

let installed = false;
/** Posts uncaught UI errors to ViewError/error while signed in. */
export function installErrorReporting(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  installGlobalErrorHandler(window, (text) => {
    if (!$session.get()) return;
    api.call(ViewError, { error: text }, { ignoreErrors: true }).catch(() => undefined);
  });
}
