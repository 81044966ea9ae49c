/**
 * The signed-in parts of the content hub's header: loaded by the content layout only when this tab holds a
 * stored sign-in, so signed-out readers load no framework JavaScript (docs/decisions/005). Renders the header's
 * actions ('File a claim now' or the content editor's link, the user menu) beside the static search box, and
 * the agency dropdown in the row below, once the user is loaded; nothing when the session is gone.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { loadSignedInUser } from '../../stores/reader.ts';
import { $user, $userStatus } from '../../stores/user.ts';
import AgencyDropdown from './AgencyDropdown.tsx';
import HeaderActions from './HeaderActions.tsx';

function ContentHeader({ agencySlot }: { agencySlot: HTMLElement }) {
  const status = useStore($userStatus);
  const { agencyList } = useStore($user);
  const ready = status === 'ready';
  const showAgency = ready && agencyList.length > 0;
  useEffect(() => {
    void loadSignedInUser();
  }, []);
  useEffect(() => {
    agencySlot.hidden = !showAgency;
  }, [agencySlot, showAgency]);
  if (!ready) return null;
  return (
    <>
      <HeaderActions />
      {showAgency && createPortal(<AgencyDropdown />, agencySlot)}
    </>
  );
}

/** Mounts the signed-in parts into the static header's slots (ContentLayout.astro). */
export function mountContentHeader(): void {
  const actions = document.querySelector<HTMLElement>('[data-session-actions]');
  const agency = document.querySelector<HTMLElement>('[data-session-agency]');
  if (actions && agency) createRoot(actions).render(<ContentHeader agencySlot={agency} />);
}
