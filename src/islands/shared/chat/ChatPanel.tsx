/**
 * The agent's chat panel (issue 18): a non-modal dialog beside the page (the page stays usable; Escape hides it and
 * focus returns to the chat button). Start a chat (the page's path and the active agency go with it), the
 * conversation with names and times, a composer (Enter sends, Shift+Enter a new line) with sending / not sent /
 * send again (same clientId), the care desk's typing, a live region for new messages, end with 'Email me the
 * transcript', and the web-to-case form when nobody is available. Loaded when the chat is first opened.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, replyOf } from '../../../lib/api/client.ts';
import { CHAT_MESSAGE_MAX, type ChatMessage } from '../../../lib/api/chat.ts';
import { $activeAgency } from '../../../stores/user.ts';
import CaseForm from './CaseForm.tsx';
import { $available, $chat, $connected, $messages, $otherTyping, $panelOpen, $pending, clearChat, endChat, sendMessage, sendTyping, startChat } from './chat-store.ts';
import type { ChatT } from './words.ts';

/** A message's time, hours and minutes, in the reader's language. */
export function timeOf(iso: string, lang: string): string {
  return new Date(iso).toLocaleTimeString(lang === 'es' ? 'es-US' : 'en-US', { hour: 'numeric', minute: '2-digit' });
}

/** The composer: Enter sends, Shift+Enter a new line; typing tells the other side. */
export function Composer({ t, id, onSend, onTyping, disabled }: { t: ChatT; id: string; onSend(text: string): void; onTyping(typing: boolean): void; disabled?: boolean }) {
  const [text, setText] = useState('');
  const send = () => {
    const v = text.trim();
    if (!v) return;
    onSend(v);
    onTyping(false);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={id}>{t('chat.message')}</label>
      <p id={`${id}-hint`} className="field__hint">
        {t('chat.composerHint')}
      </p>
      <div className="chat-composer__row">
        <textarea
          id={id}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          aria-describedby={`${id}-hint`}
          value={text}
          disabled={disabled}
          onKeyDown={onKey}
          onChange={(e) => {
            setText(e.target.value);
            onTyping(e.target.value.trim() !== '');
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={disabled}>
          {t('chat.send')}
        </button>
      </div>
    </form>
  );
}

/** One message: who, when, what. */
export function MessageItem({ t, m, mine }: { t: ChatT; m: ChatMessage; mine: boolean }) {
  const who = mine ? t('chat.you') : m.from === 'system' ? t('chat.careDesk') : m.author;
  return (
    <li className={`chat-msg chat-msg--${mine ? 'mine' : m.from}`} data-testid="chat-message">
      <p className="chat-msg__meta">
        <span className="chat-msg__who">{who}</span> <time dateTime={m.at}>{timeOf(m.at, t.lang)}</time>
      </p>
      <p className="chat-msg__text">{m.text}</p>
    </li>
  );
}

export default function ChatPanel({ t, onHide }: { t: ChatT; onHide(): void }) {
  const open = useStore($panelOpen);
  const available = useStore($available);
  const chat = useStore($chat);
  const messages = useStore($messages);
  const pending = useStore($pending);
  const typing = useStore($otherTyping);
  const connected = useStore($connected);
  const agency = useStore($activeAgency);
  const [first, setFirst] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const [transcript, setTranscript] = useState(true);
  const [caseAfter, setCaseAfter] = useState(false);
  const [announce, setAnnounce] = useState('');
  const panel = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const seen = useRef<number>(messages.at(-1)?.id ?? 0);

  // Focus moves into the panel when it opens: the composer (or the first field), else the title.
  useEffect(() => {
    if (!open) return;
    const target = panel.current?.querySelector<HTMLElement>('textarea:not([disabled]), input:not([disabled])') ?? title.current;
    target?.focus();
  }, [open]);

  // New messages from the other side are announced (the live region) and the list scrolls to the newest.
  useEffect(() => {
    const fresh = messages.filter((m) => m.id > seen.current && m.from !== 'agent');
    seen.current = Math.max(seen.current, messages.at(-1)?.id ?? 0);
    const last = fresh.at(-1);
    if (last) setAnnounce(t('chat.newMessage', { name: last.from === 'system' ? t('chat.careDesk') : last.author, text: last.text }));
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [messages, pending, t]);

  const inChat = chat !== null && chat.status !== 'Closed';
  // A chat just started (or a new one offered): the composer (or the question) takes focus.
  const chatId = chat?.id ?? null;
  const started = useRef(chatId);
  useEffect(() => {
    if (started.current === chatId) return;
    started.current = chatId;
    if ($panelOpen.get()) panel.current?.querySelector<HTMLElement>('textarea')?.focus();
  }, [chatId]);
  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await startChat(location.pathname, agency?.agencyNumber ?? null, first);
      setFirst('');
    } catch (err) {
      // 409: nobody is available after all: the form below takes over.
      if (err instanceof ApiError && err.status === 409) $available.set(false);
      setProblem(err instanceof ApiError ? t.message(replyOf(err)) : t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  const end = async () => {
    setBusy(true);
    try {
      await endChat(transcript);
      setEnding(false);
      title.current?.focus();
    } catch (err) {
      setProblem(err instanceof ApiError ? t.message(replyOf(err)) : t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const waitingPending = Object.values(pending).filter((p) => p !== undefined);
  return (
    <section
      ref={panel}
      id="chat"
      className="chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-panel-title"
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onHide();
        }
      }}
    >
      <div className="chat-panel__head">
        <h2 id="chat-panel-title" ref={title} tabIndex={-1}>
          {t('chat.panelTitle')}
        </h2>
        <button type="button" className="btn btn--tertiary" onClick={onHide}>
          {t('chat.hide')}
        </button>
      </div>
      <div className="visually-hidden" aria-live="polite" data-testid="chat-live">
        {announce}
      </div>
      <div className="chat-panel__body">
        {!connected && inChat && (
          <p className="chat-panel__notice" role="status">
            {t('chat.reconnecting')}
          </p>
        )}
        {problem && (
          <p className="field__error" role="alert">
            {problem}
          </p>
        )}
        {chat === null && available === true && (
          <form
            className="chat-start"
            onSubmit={(e) => {
              e.preventDefault();
              void start();
            }}
          >
            <p>{t('chat.intro')}</p>
            <div className="field">
              <label htmlFor="chat-first">{t('chat.firstMessage')}</label>
              <textarea id="chat-first" rows={3} maxLength={CHAT_MESSAGE_MAX} value={first} onChange={(e) => setFirst(e.target.value)} />
            </div>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? t('chat.starting') : t('chat.start')}
            </button>
          </form>
        )}
        {chat === null && available === null && <p className="muted">{t('chat.checking')}</p>}
        {chat === null && available === false && (
          <>
            <p role="status">{t('common.chatUnavailable')}</p>
            <CaseForm t={t} />
          </>
        )}
        {chat !== null && (
          <>
            {chat.status === 'Waiting' && <p className="chat-panel__notice">{t('chat.waiting')}</p>}
            {chat.status === 'Active' && chat.staffName && <p className="chat-panel__notice">{t('chat.joined', { name: chat.staffName })}</p>}
            <ol ref={list} className="chat-log" aria-label={t('chat.log')} data-testid="chat-log">
              {messages.map((m) => (
                <MessageItem key={m.id} t={t} m={m} mine={m.from === 'agent'} />
              ))}
              {waitingPending.map((p) => (
                <li key={p.clientId} className="chat-msg chat-msg--mine chat-msg--pending" data-testid="chat-pending">
                  <p className="chat-msg__meta">
                    <span className="chat-msg__who">{t('chat.you')}</span> <span>{p.state === 'sending' ? t('chat.sending') : t('chat.failed')}</span>
                  </p>
                  <p className="chat-msg__text">{p.text}</p>
                  {p.state === 'failed' && (
                    <button type="button" className="btn btn--link" onClick={() => void sendMessage(p.text, p.clientId)}>
                      {t('chat.retry')}
                    </button>
                  )}
                </li>
              ))}
            </ol>
            {inChat && typing && (
              <p className="chat-typing muted" data-testid="chat-typing">
                {chat.staffName ? t('chat.typing', { name: chat.staffName }) : t('chat.someoneTyping')}
              </p>
            )}
            {inChat && !ending && (
              <>
                <Composer t={t} id="chat-composer" onSend={(text) => void sendMessage(text)} onTyping={sendTyping} />
                <button type="button" className="btn btn--tertiary" onClick={() => setEnding(true)}>
                  {t('chat.end')}
                </button>
              </>
            )}
            {inChat && ending && (
              <div className="chat-end" role="group" aria-labelledby="chat-end-title">
                <h3 id="chat-end-title">{t('chat.endTitle')}</h3>
                <label className="chat-check">
                  <input type="checkbox" checked={transcript} onChange={(e) => setTranscript(e.target.checked)} /> {t('chat.emailTranscript')}
                </label>
                <div className="dialog__actions">
                  <button type="button" className="btn btn--secondary" onClick={() => setEnding(false)}>
                    {t('chat.keepChatting')}
                  </button>
                  <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void end()}>
                    {busy ? t('chat.ending') : t('chat.end')}
                  </button>
                </div>
              </div>
            )}
            {chat.status === 'Closed' && (
              <div className="chat-closed">
                <p role="status">{t('chat.closed')}</p>
                {caseAfter ? (
                  <CaseForm t={t} chatId={chat.id} />
                ) : (
                  <div className="dialog__actions">
                    <button type="button" className="btn btn--secondary" onClick={() => setCaseAfter(true)}>
                      {t('chat.leaveMessage')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--primary"
                      onClick={() => {
                        clearChat();
                        setCaseAfter(false);
                      }}
                    >
                      {t('chat.newChat')}
                    </button>
                  </div>
                )}
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
