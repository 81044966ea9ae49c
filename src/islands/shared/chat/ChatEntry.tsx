/**
 * The header's chat entry (issue 18), loaded on demand by HeaderActions so the core carries only an import():
 * agents and agency admins get the chat button (the panel itself loads when first opened); care-desk staff get a
 * link to the console with the number of waiting chats; anyone else nothing.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CHAT_AGENT_ROLES, GetCareDeskConsole } from '../../../lib/api/chat.ts';
import { CHAT_AVAILABILITY_DELAY_MS } from '../../../lib/constants.ts';
import { track } from '../../../lib/track-event.ts';
import { api } from '../../../stores/api.ts';
import { $available, $chat, $panelOpen, $unread, setPanelOpen, startChatState } from './chat-store.ts';
import { useChatT } from './words.ts';
import '../../../styles/chat.css';

const ChatPanel = lazy(() => import('./ChatPanel.tsx'));

/** The footer's 'Chat with us' links here (src/islands/shell/FooterPanels.tsx): a click on it opens the panel. */
export const CHAT_HASH = '#chat';
/** The console's route. */
export const CONSOLE_PATH = '/dashboard/care-desk';

export default function ChatEntry({ role }: { role: string }) {
  return (CHAT_AGENT_ROLES as readonly string[]).includes(role) ? <ChatButton /> : <StaffLink />;
}

function ChatButton() {
  const t = useChatT();
  const available = useStore($available);
  const chat = useStore($chat);
  const unread = useStore($unread);
  const open = useStore($panelOpen);
  const button = useRef<HTMLButtonElement>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => void startChatState(), CHAT_AVAILABILITY_DELAY_MS);
    const open = () => {
      track('Chat', 'Chat button clicked', 'footer');
      setPanelOpen(true);
    };
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.(`a[href="${CHAT_HASH}"]`);
      if (!link) return;
      e.preventDefault();
      open();
    };
    document.addEventListener('click', onClick);
    // A click before this module loaded left the hash.
    if (location.hash === CHAT_HASH) {
      history.replaceState(history.state, '', location.pathname + location.search);
      open();
    }
    return () => {
      clearTimeout(timer);
      document.removeEventListener('click', onClick);
    };
  }, []);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);

  if (!t) return null;
  const inChat = chat !== null && chat.status !== 'Closed';
  // Disabled only until the first check answers; then it opens the chat, or the web-to-case form when nobody is available.
  const checking = available === null && !inChat;
  const offline = available === false && !inChat;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`btn btn--secondary chat-button${offline ? ' chat-button--away' : ''}`}
        data-testid="chat-button"
        disabled={checking}
        aria-expanded={open}
        aria-controls={loaded ? 'chat' : undefined}
        aria-describedby={offline ? 'chat-button-why' : undefined}
        title={checking ? t('chat.checking') : offline ? t('common.chatUnavailable') : undefined}
        onClick={() => {
          if (!open) track('Chat', 'Chat button clicked', offline ? 'unavailable' : 'available');
          setPanelOpen(!open);
        }}
      >
        {t('common.chat')}
        {unread > 0 && !open && (
          <span className="chat-badge" data-testid="chat-unread">
            <span aria-hidden="true">{unread}</span>
            <span className="visually-hidden">{t.plural('chat.unread', unread)}</span>
          </span>
        )}
      </button>
      {offline && (
        <span id="chat-button-why" className="visually-hidden">
          {t('chat.unavailableHint')}
        </span>
      )}
      {/* In <body>, not in the header: the phone header folds its actions away, the panel stays. */}
      {loaded &&
        createPortal(
          <Suspense fallback={null}>
            <ChatPanel t={t} onHide={() => (setPanelOpen(false), button.current?.focus())} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}

/** Care-desk staff: a link to the console with the waiting count (one quiet probe; others get 403 and see nothing). */
function StaffLink() {
  const t = useChatT();
  const [waiting, setWaiting] = useState<number | null>(null);
  useEffect(() => {
    if (location.pathname.replace(/\/$/, '').endsWith(CONSOLE_PATH)) return;
    let live = true;
    const timer = setTimeout(() => {
      api.call(GetCareDeskConsole, {}, { ignoreErrors: true }).then(
        (c) => live && setWaiting(c.waiting.length),
        () => undefined,
      );
    }, CHAT_AVAILABILITY_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  if (!t || waiting === null) return null;
  return (
    <a className="btn btn--secondary chat-button" href={CONSOLE_PATH} data-testid="care-desk-link">
      {t('chat.console.link')}
      {waiting > 0 && <span className="chat-badge">{t.plural('chat.console.waitingCount', waiting)}</span>}
    </a>
  );
}
