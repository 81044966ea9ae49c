/**
 * The care-desk console (issue 18): staff set themselves available or away, see the queue of waiting chats with
 * their wait, accept one, answer several at once (tabs), see the agent's context (name, email, agency, active work
 * orders, the page they were on), insert canned answers, transfer a chat to another available staff member and
 * close it (with the transcript emailed to the agent). Live through `CareDesk/ChatEvents`: messages and typing
 * apply at once; queue and chat changes reload the console's state. A sound-free alert: the page title counts
 * waiting chats and unread messages, and a tab with unread messages is highlighted with its count.
 */
import { useEffect, useRef, useState } from 'react';
import {
  AcceptChat,
  CloseChat,
  GetCareDeskConsole,
  MarkChatRead,
  SendChatMessage,
  SetCareDeskAvailability,
  SetChatTyping,
  TransferChat,
  type ChatMessage,
  type ConsoleChat,
} from '../../lib/api/chat.ts';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import type { ResultOf } from '../../lib/api/contract.ts';
import { api } from '../../stores/api.ts';
import { mergeById } from '../shared/chat/chat-merge.ts';
import { newClientId, openChatStream } from '../shared/chat/chat-stream.ts';
import { Composer, MessageItem, timeOf } from '../shared/chat/ChatPanel.tsx';
import { useChatT, type ChatT } from '../shared/chat/words.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import { Loading, UserGate } from '../shared/PageState.tsx';

type Console = ResultOf<typeof GetCareDeskConsole>;
/** Live changes within this many ms reload the console's state once. */
const RELOAD_DEBOUNCE_MS = 300;
/** The other side's typing shows this long after its last event. */
const TYPING_SHOWN_MS = 6000;

/** A wait in whole minutes, in words. */
function waitText(t: ChatT, seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return t('chat.console.waited', { time: minutes < 1 ? t('chat.console.lessThanMinute') : t.plural('chat.console.minutes', minutes) });
}

export default function CareDeskConsole() {
  const t = useChatT();
  return <UserGate t={t}>{(user, t) => <ConsoleView t={t} me={user.userDetails.userId} />}</UserGate>;
}

function ConsoleView({ t, me }: { t: ChatT; me: string }) {
  const [state, setState] = useState<Console | null>(null);
  const [loadedAt, setLoadedAt] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [messages, setMessages] = useState<Record<number, ChatMessage[]>>({});
  const [unread, setUnread] = useState<Record<number, number>>({});
  const [typing, setTyping] = useState<Record<number, boolean>>({});
  const [selected, setSelected] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  /** The chat just accepted: its composer takes focus once shown. */
  const [focusId, setFocusId] = useState<number | null>(null);
  const last = useRef(0);
  const selectedRef = useRef<number | null>(null);
  selectedRef.current = selected;
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typingTimers = useRef<Record<number, ReturnType<typeof setTimeout>>>({});
  const baseTitle = useRef('');

  const merge = (incoming: readonly ChatMessage[]) => {
    if (!incoming.length) return;
    setMessages((prev) => {
      const next = { ...prev };
      for (const chatId of new Set(incoming.map((m) => m.chatId))) {
        const merged = mergeById(next[chatId] ?? [], incoming.filter((m) => m.chatId === chatId), last.current);
        last.current = merged.lastId;
        next[chatId] = merged.messages;
      }
      return next;
    });
  };

  const apply = (c: Console) => {
    last.current = Math.max(last.current, c.lastEventId);
    setState(c);
    setLoadedAt(Date.now());
    merge(c.mine.flatMap((m) => m.chat.messages));
    setUnread((u) => Object.fromEntries(c.mine.map((m) => [m.chat.id, u[m.chat.id] ?? m.chat.unread])));
    setSelected((s) => (s !== null && c.mine.some((m) => m.chat.id === s) ? s : (c.mine[0]?.chat.id ?? null)));
  };

  const load = async () => {
    try {
      apply(await api.call(GetCareDeskConsole, {}, { ignoreErrors: true }));
      setFailed(null);
    } catch (err) {
      setFailed(err instanceof ApiError && err.status >= 400 && err.status < 500 ? t.message(replyOf(err)) : t('common.loadFailed'));
    }
  };
  const reload = () => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void load(), RELOAD_DEBOUNCE_MS);
  };

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const ready = state !== null;
  useEffect(() => {
    if (!ready) return;
    let lost = false;
    const close = openChatStream({
      after: () => last.current,
      onConnected: (connected) => {
        // Back after a drop: the stream resumes after the last id; the queue and staff may have changed meanwhile.
        if (connected && lost) reload();
        lost = !connected;
      },
      onEvent: (type, data) => {
        if (type === 'message') {
          const m = data as ChatMessage;
          merge([m]);
          if (m.from === 'agent') {
            setTyping((x) => ({ ...x, [m.chatId]: false }));
            if (m.chatId !== selectedRef.current || document.visibilityState !== 'visible') setUnread((u) => ({ ...u, [m.chatId]: (u[m.chatId] ?? 0) + 1 }));
            else void api.call(MarkChatRead, { chatId: m.chatId, upTo: m.id }, { ignoreErrors: true }).catch(() => undefined);
          }
        } else if (type === 'typing') {
          const e = data as { chatId: number; from: string; typing: boolean };
          if (e.from !== 'agent') return;
          setTyping((x) => ({ ...x, [e.chatId]: e.typing }));
          clearTimeout(typingTimers.current[e.chatId]);
          if (e.typing) typingTimers.current[e.chatId] = setTimeout(() => setTyping((x) => ({ ...x, [e.chatId]: false })), TYPING_SHOWN_MS);
        } else if (type === 'queue' || type === 'chat' || type === 'availability') {
          if (type === 'chat') last.current = Math.max(last.current, (data as { lastEventId?: number }).lastEventId ?? 0);
          reload();
        }
      },
    });
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    return () => {
      close();
      clearInterval(tick);
      clearTimeout(reloadTimer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  // The sound-free alert: '(n) title' while chats wait or messages are unread.
  const alertCount = (state?.waiting.length ?? 0) + Object.values(unread).reduce((a, b) => a + b, 0);
  useEffect(() => {
    baseTitle.current ||= document.title;
    document.title = alertCount > 0 ? t('chat.console.titleAlert', { count: alertCount, title: baseTitle.current }) : baseTitle.current;
  }, [alertCount, t]);

  // Reading the selected chat marks it read.
  useEffect(() => {
    if (selected === null || !unread[selected]) return;
    const upTo = messages[selected]?.at(-1)?.id;
    setUnread((u) => ({ ...u, [selected]: 0 }));
    if (upTo) void api.call(MarkChatRead, { chatId: selected, upTo }, { ignoreErrors: true }).catch(() => undefined);
  }, [selected, unread, messages]);

  if (failed) return <LoadFailed text={failed} retry={t('common.retry')} onRetry={() => (setFailed(null), setAttempt((n) => n + 1))} />;
  if (!state) return <Loading text={t('common.loading')} />;

  const act = async (run: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await run();
    } catch (err) {
      setProblem(err instanceof ApiError ? t.message(replyOf(err)) : t('common.loadFailed'));
    }
  };
  const setAvailable = (available: boolean) =>
    act(async () => {
      const r = await api.call(SetCareDeskAvailability, { available }, { ignoreErrors: true });
      setState((s) => (s ? { ...s, available: r.available } : s));
    });
  const accept = (chatId: number) =>
    act(async () => {
      const c = await api.call(AcceptChat, { chatId }, { ignoreErrors: true });
      setState((s) => (s ? { ...s, waiting: s.waiting.filter((w) => w.chat.id !== chatId), mine: [...s.mine.filter((m) => m.chat.id !== chatId), c] } : s));
      merge(c.chat.messages);
      setSelected(chatId);
      setFocusId(chatId);
    }).finally(reload);

  const waited = (c: ConsoleChat) => c.waitSeconds + Math.max(0, Math.floor((now - loadedAt) / 1000));
  const current = state.mine.find((m) => m.chat.id === selected) ?? null;
  return (
    <div className="care-desk">
      <div className="care-desk__top">
        <div>
          <h1>{t('chat.console.title')}</h1>
          <p className="muted">{t('chat.console.intro')}</p>
        </div>
        <fieldset className="care-desk__toggle">
          <legend className="visually-hidden">{t('chat.console.availability')}</legend>
          <button type="button" className={`btn ${state.available ? 'btn--primary' : 'btn--secondary'}`} aria-pressed={state.available} onClick={() => void setAvailable(true)}>
            {t('chat.console.available')}
          </button>
          <button type="button" className={`btn ${state.available ? 'btn--secondary' : 'btn--primary'}`} aria-pressed={!state.available} onClick={() => void setAvailable(false)}>
            {t('chat.console.away')}
          </button>
          <p role="status" className="muted" data-testid="care-desk-availability">
            {state.available ? t('chat.console.availableNow') : t('chat.console.awayNow')}
          </p>
        </fieldset>
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="care-desk__grid">
        <section className="card" aria-labelledby="care-desk-queue">
          <h2 id="care-desk-queue">
            {t('chat.console.queue')} {state.waiting.length > 0 && <span className="chat-badge">{state.waiting.length}</span>}
          </h2>
          {state.waiting.length === 0 ? (
            <p className="muted">{t('chat.console.queueEmpty')}</p>
          ) : (
            <ul className="care-desk__queue" data-testid="care-desk-queue">
              {state.waiting.map((w) => (
                <li key={w.chat.id}>
                  <p>
                    <strong>{w.chat.agentName}</strong>
                  </p>
                  <p className="muted">{w.chat.agencyName ? `${w.chat.agencyName} (${w.chat.agencyNumber ?? ''})` : t('chat.console.noAgency')}</p>
                  <p className="muted">{waitText(t, waited(w))}</p>
                  {w.chat.messages[0] && <p className="chat-msg__text">{w.chat.messages[0].text}</p>}
                  <button type="button" className="btn btn--primary" aria-label={t('chat.console.accept', { name: w.chat.agentName })} onClick={() => void accept(w.chat.id)}>
                    {t('chat.console.acceptShort')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="care-desk-mine">
          <h2 id="care-desk-mine">{t('chat.console.mine')}</h2>
          {state.mine.length === 0 ? (
            <p className="muted">{t('chat.console.mineEmpty')}</p>
          ) : (
            <>
              <ChatTabs t={t} chats={state.mine} selected={selected} unread={unread} onSelect={setSelected} />
              {current && (
                <ChatView
                  key={current.chat.id}
                  t={t}
                  c={current}
                  messages={messages[current.chat.id] ?? []}
                  typing={typing[current.chat.id] ?? false}
                  focus={focusId === current.chat.id}
                  console={state}
                  me={me}
                  act={act}
                  onMessage={(m) => merge([m])}
                  onDone={reload}
                />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** The open chats as tabs (arrow keys move between them); a tab with unread messages is highlighted with its count. */
function ChatTabs({ t, chats, selected, unread, onSelect }: { t: ChatT; chats: ConsoleChat[]; selected: number | null; unread: Record<number, number>; onSelect(id: number): void }) {
  const move = (from: number, by: number) => {
    const i = (chats.findIndex((c) => c.chat.id === from) + by + chats.length) % chats.length;
    const id = chats[i]!.chat.id;
    onSelect(id);
    document.getElementById(`care-desk-tab-${id}`)?.focus();
  };
  return (
    <div className="care-desk__tabs" role="tablist" aria-label={t('chat.console.chats')}>
      {chats.map((c) => {
        const n = selected === c.chat.id ? 0 : (unread[c.chat.id] ?? 0);
        return (
          <button
            key={c.chat.id}
            id={`care-desk-tab-${c.chat.id}`}
            type="button"
            role="tab"
            className={`care-desk__tab${n > 0 ? ' care-desk__tab--alert' : ''}`}
            aria-selected={selected === c.chat.id}
            aria-controls={`care-desk-panel-${c.chat.id}`}
            tabIndex={selected === c.chat.id ? 0 : -1}
            onClick={() => onSelect(c.chat.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                e.preventDefault();
                move(c.chat.id, e.key === 'ArrowRight' ? 1 : -1);
              }
            }}
          >
            {c.chat.agentName}
            {n > 0 && (
              <span className="chat-badge" data-testid="care-desk-unread">
                <span aria-hidden="true">{n}</span>
                <span className="visually-hidden">{t.plural('chat.unread', n)}</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** One accepted chat: the conversation, the composer with canned answers, transfer and close; the agent's context beside. */
function ChatView({
  t,
  c,
  messages,
  typing,
  focus,
  console: state,
  me,
  act,
  onMessage,
  onDone,
}: {
  t: ChatT;
  c: ConsoleChat;
  messages: ChatMessage[];
  typing: boolean;
  focus: boolean;
  console: Console;
  /** The reader's user id (not a transfer target). */
  me: string;
  act(run: () => Promise<unknown>): Promise<void>;
  onMessage(m: ChatMessage): void;
  onDone(): void;
}) {
  const id = c.chat.id;
  const [canned, setCanned] = useState(state.cannedAnswers[0]?.id ?? '');
  const [to, setTo] = useState('');
  const [transcript, setTranscript] = useState(true);
  const [failed, setFailed] = useState<{ clientId: string; text: string }[]>([]);
  const [announce, setAnnounce] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const seen = useRef(messages.at(-1)?.id ?? 0);
  const typingSent = useRef(0);
  useEffect(() => {
    if (focus) document.getElementById(`care-desk-composer-${id}`)?.focus();
  }, [focus, id]);
  const others = state.staff.filter((s) => s.available && s.userId !== me);

  useEffect(() => {
    const fresh = messages.filter((m) => m.id > seen.current && m.from === 'agent');
    seen.current = Math.max(seen.current, messages.at(-1)?.id ?? 0);
    const latest = fresh.at(-1);
    if (latest) setAnnounce(t('chat.newMessage', { name: latest.author, text: latest.text }));
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [messages, t]);

  const send = async (text: string, clientId = newClientId()) => {
    setFailed((f) => f.filter((x) => x.clientId !== clientId));
    try {
      onMessage(await api.call(SendChatMessage, { chatId: id, text, clientId }, { ignoreErrors: true }));
    } catch {
      setFailed((f) => [...f, { clientId, text }]);
    }
  };
  const onTyping = (on: boolean) => {
    const now = Date.now();
    if (on && now - typingSent.current < 3000) return;
    typingSent.current = on ? now : 0;
    void api.call(SetChatTyping, { chatId: id, typing: on }, { ignoreErrors: true }).catch(() => undefined);
  };
  const insert = () => {
    const answer = state.cannedAnswers.find((a) => a.id === canned);
    const box = document.getElementById(`care-desk-composer-${id}`) as HTMLTextAreaElement | null;
    if (!answer || !box) return;
    // Through the native setter so React's onChange sees it (the composer keeps its own state).
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, box.value ? `${box.value} ${answer.text}` : answer.text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.focus();
  };

  return (
    <div id={`care-desk-panel-${id}`} role="tabpanel" aria-labelledby={`care-desk-tab-${id}`} className="care-desk__chat">
      <div className="care-desk__conversation">
        <div className="visually-hidden" aria-live="polite">
          {announce}
        </div>
        <ol ref={list} className="chat-log" aria-label={t('chat.log')} data-testid="care-desk-log">
          {messages.map((m) => (
            <MessageItem key={m.id} t={t} m={m} mine={m.from === 'staff'} />
          ))}
          {failed.map((f) => (
            <li key={f.clientId} className="chat-msg chat-msg--mine chat-msg--pending">
              <p className="chat-msg__meta">{t('chat.failed')}</p>
              <p className="chat-msg__text">{f.text}</p>
              <button type="button" className="btn btn--link" onClick={() => void send(f.text, f.clientId)}>
                {t('chat.retry')}
              </button>
            </li>
          ))}
        </ol>
        {typing && <p className="chat-typing muted">{t('chat.typing', { name: c.chat.agentName })}</p>}
        <Composer t={t} id={`care-desk-composer-${id}`} onSend={(text) => void send(text)} onTyping={onTyping} />
        <div className="care-desk__tools">
          {state.cannedAnswers.length > 0 && (
            <div className="care-desk__tool">
              <div className="field">
                <label htmlFor={`care-desk-canned-${id}`}>{t('chat.console.canned')}</label>
                <select id={`care-desk-canned-${id}`} value={canned} onChange={(e) => setCanned(e.target.value)}>
                  {state.cannedAnswers.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                    </option>
                  ))}
                </select>
              </div>
              <button type="button" className="btn btn--secondary" onClick={insert}>
                {t('chat.console.insert')}
              </button>
            </div>
          )}
          <div className="care-desk__tool">
            {others.length === 0 ? (
              <p className="muted">{t('chat.console.noOneToTransfer')}</p>
            ) : (
              <>
                <div className="field">
                  <label htmlFor={`care-desk-transfer-${id}`}>{t('chat.console.transferTo')}</label>
                  <select id={`care-desk-transfer-${id}`} value={to} onChange={(e) => setTo(e.target.value)}>
                    <option value="" />
                    {others.map((s) => (
                      <option key={s.userId} value={s.userId}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="button" className="btn btn--secondary" disabled={!to} onClick={() => void act(() => api.call(TransferChat, { chatId: id, toUserId: to }, { ignoreErrors: true })).finally(onDone)}>
                  {t('chat.console.transfer')}
                </button>
              </>
            )}
          </div>
          <div className="care-desk__tool">
            <label className="chat-check">
              <input type="checkbox" checked={transcript} onChange={(e) => setTranscript(e.target.checked)} /> {t('chat.console.transcript')}
            </label>
            <button type="button" className="btn btn--secondary" onClick={() => void act(() => api.call(CloseChat, { chatId: id, emailTranscript: transcript }, { ignoreErrors: true })).finally(onDone)}>
              {t('chat.console.closeChat')}
            </button>
          </div>
        </div>
      </div>
      <aside className="care-desk__context" aria-label={t('chat.console.agent')}>
        <dl>
          <dt>{t('chat.console.agent')}</dt>
          <dd data-testid="care-desk-agent">{c.chat.agentName}</dd>
          <dt>{t('chat.console.email')}</dt>
          <dd>{c.agentEmail}</dd>
          <dt>{t('chat.console.agency')}</dt>
          <dd>{c.chat.agencyName ? `${c.chat.agencyName} (${c.chat.agencyNumber ?? ''})` : t('chat.console.noAgency')}</dd>
          <dt>{t('chat.console.page')}</dt>
          <dd data-testid="care-desk-page">{c.chat.page}</dd>
          <dt>{t('chat.console.started')}</dt>
          <dd>{timeOf(c.chat.createdAt, t.lang)}</dd>
          <dt>{t('chat.console.workOrders')}</dt>
          <dd>
            {c.activeWorkOrders.length === 0 ? (
              t('chat.console.noWorkOrders')
            ) : (
              <ul>
                {c.activeWorkOrders.map((w) => (
                  <li key={w.referralNumber}>
                    {w.referralNumber}: {w.vehicle} ({w.status})
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </aside>
    </div>
  );
}
