/**
 * The header's chat slot (issue 18): the one module the core imports on demand. It imports nothing of its own, so
 * the core carries a single file name for it; the chat entry (button or console link, with the contract, the store
 * and the chat's words) loads from here. Agents and agency admins see a disabled chat button meanwhile (no jump).
 */
import { lazy, Suspense } from 'react';
import { useCommonT } from '../use-t.ts';

const ChatEntry = lazy(() => import('./ChatEntry.tsx'));

export default function ChatLauncher({ role }: { role: string | undefined }) {
  const t = useCommonT();
  const agent = role === 'SFAD_Agent' || role === 'SFAD_Admin';
  return (
    <Suspense
      fallback={
        agent ? (
          <button type="button" className="btn btn--secondary" disabled>
            {t('common.chat')}
          </button>
        ) : null
      }
    >
      {role && <ChatEntry role={role} />}
    </Suspense>
  );
}
