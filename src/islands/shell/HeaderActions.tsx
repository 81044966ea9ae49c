import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { routeForScenario } from '../../lib/navigation.ts';
import { fileClaimButton } from '../../lib/roles.ts';
import { $session } from '../../stores/session.ts';
import { $user } from '../../stores/user.ts';
import { useCommonT } from '../shared/use-t.ts';
import UserMenu from './UserMenu.tsx';

// Issue 18: the chat button (agents) or the care-desk console's link (staff) loads on demand: the core carries this import only.
const ChatLauncher = lazy(() => import('../shared/chat/index.tsx'));

/** Where internal admins edit and publish the content hub. */
export const CONTENT_EDITOR_PATH = '/dashboard/article';

/**
 * The signed-in header's actions, for a loaded user: 'File a claim now' (disabled with zero accounts, hidden for
 * internal and CE admins, spec sections 2 and 6), the chat button (issue 18, loaded on demand), the content editor's
 * link for internal admins, the user menu.
 * Shared by the dashboard header and the content hub's header.
 */
export default function HeaderActions() {
  const t = useCommonT();
  const user = useStore($user);
  const session = useStore($session);
  const role = user.userDetails?.dashboardUserRole ?? session?.dashboardUserRole;
  const fileClaim = fileClaimButton(role, user.userAccountsCount);
  return (
    <>
      {/* The portal's call to action, in its own quieter style (.btn--cta): the page's own action is the view's one primary. */}
      {fileClaim === 'enabled' && <a className="btn btn--cta" href={routeForScenario('file-claim', role)}>{t('common.fileClaimNow')}</a>}
      {fileClaim === 'disabled' && (
        <button type="button" className="btn btn--cta" disabled aria-describedby="file-claim-why" title={t('common.fileClaimDisabled')}>
          {t('common.fileClaimNow')}
          <span id="file-claim-why" className="visually-hidden">{t('common.fileClaimDisabled')}</span>
        </button>
      )}
      <Suspense>
        <ChatLauncher role={role} />
      </Suspense>
      {/* The spec keeps the internal admin's user menu to 'Sign out'; the editor's link sits beside it. */}
      {role === 'SFAD_InternalAdmin' && <a className="btn btn--secondary" href={CONTENT_EDITOR_PATH}>{t('common.contentEditor')}</a>}
      <UserMenu />
    </>
  );
}
