import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { GetPublishStatus, PUBLISH_INTERRUPTED, PUBLISHING_ELSEWHERE, PublishSite, type PublishStatus } from '../../lib/api/content-admin.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import { bannerUnlessHandled, problemOf, PUBLISH_ANCHOR, type EditorT } from './shared.ts';
import { formatDateTime } from '../../lib/format-date.ts';

/** How often the status is asked while a rebuild runs. */
const POLL_MS = 1500;
/** Failed status requests in a row before the panel gives up (and offers to check again). */
const MAX_FAILURES = 4;
/** The steps of a rebuild, in order. */
const STEPS = ['snapshot', 'build', 'index', 'switch'] as const;


/**
 * The "Publish site" panel of the editor's list: starts a rebuild (PublishSite), then follows it
 * (GetPublishStatus every 1.5 s while it runs) in a live region. Shows the current status on load, so a
 * rebuild started elsewhere is visible; a 409 means one already runs, which is followed the same way.
 */
export default function PublishPanel({ t }: { t: EditorT }) {
  const lang = t.lang;
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [statusFailed, setStatusFailed] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<ServerMessage | null>(null);
  const [starting, setStarting] = useState(false);
  const [already, setAlready] = useState(false);
  const [refused, setRefused] = useState<ServerMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const poll = useCallback(async (failures = 0): Promise<void> => {
    clearTimeout(timer.current);
    try {
      const st = await api.call(GetPublishStatus, {}, { ignoreErrors: true });
      if (!alive.current) return;
      setStatus(st);
      setStatusFailed(false);
      if (st.state === 'running') timer.current = setTimeout(() => void poll(0), POLL_MS);
      else setAlready(false);
    } catch {
      if (!alive.current) return;
      if (failures < MAX_FAILURES) timer.current = setTimeout(() => void poll(failures + 1), POLL_MS * (failures + 1));
      else setStatusFailed(true);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void poll();
    // The editor links here (#publish): the page is drawn after load, so bring the panel into view now.
    if (window.location.hash === `#${PUBLISH_ANCHOR}`) {
      headingRef.current?.scrollIntoView({ block: 'start' });
      headingRef.current?.focus({ preventScroll: true });
    }
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, [poll]);

  const publish = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setStarting(true);
    setNoteError(null);
    setAlready(false);
    setRefused(null);
    try {
      const st = await api.call(PublishSite, { note }, { ignoreErrors: true });
      setStatus(st);
      setStatusFailed(false);
      setNote('');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void poll(0), st.state === 'running' ? POLL_MS : 0);
    } catch (err) {
      const problem = problemOf(err);
      if (problem.status === 409) {
        // Usually a rebuild started elsewhere: follow it. Otherwise say why the server refused.
        try {
          const st = await api.call(GetPublishStatus, {}, { ignoreErrors: true });
          setStatus(st);
          if (st.state === 'running') {
            setAlready(true);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => void poll(0), POLL_MS);
          } else {
            setRefused(problem.reply);
          }
        } catch {
          setRefused(problem.reply);
        }
      } else if (problem.status === 400) {
        setNoteError(problem.errors.find((fieldError) => fieldError.path === 'note') ?? problem.reply);
      } else {
        bannerUnlessHandled(problem.status, []);
      }
    } finally {
      setStarting(false);
    }
  };

  const running = status?.state === 'running';
  const stepIndex = status?.step ? STEPS.indexOf(status.step) : -1;
  const stepName = status?.step ? t(`editor.publish.stepNames.${status.step}`) : '';
  const finishedAt = formatDateTime(status?.finishedAt, lang);
  let headline: string;
  if (!status) headline = statusFailed ? t('editor.publish.statusFailed') : t('editor.publish.checking');
  else if (status.state === 'running')
    headline = status.step ? t('editor.publish.running', { n: stepIndex + 1, total: STEPS.length, step: stepName }) : t('editor.publish.runningNoStep');
  else if (status.state === 'succeeded') headline = finishedAt ? t('editor.publish.succeededAt', { at: finishedAt }) : t('editor.publish.succeeded');
  else if (status.state === 'failed') headline = finishedAt ? t('editor.publish.failedAt', { at: finishedAt }) : t('editor.publish.failed');
  else headline = t('editor.publish.idle');

  return (
    <section className="card publish" id={PUBLISH_ANCHOR} aria-labelledby="publish-title">
      <h2 id="publish-title" ref={headingRef} tabIndex={-1}>
        {t('editor.publish.title')}
      </h2>
      <p>{t('editor.publish.intro')}</p>
      <form onSubmit={(e) => void publish(e)} noValidate>
        <div className="field">
          <label htmlFor="publish-note">{t('editor.publish.note')}</label>
          <input
            id="publish-note"
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? 'publish-note-hint publish-note-error' : 'publish-note-hint'}
          />
          <p className="field__hint" id="publish-note-hint">{t('editor.publish.noteHint')}</p>
          {noteError && <p className="field__error" id="publish-note-error">{t.message(noteError)}</p>}
        </div>
        <button type="submit" className="btn btn--secondary" disabled={running || starting} aria-describedby="publish-status">
          {(running || starting) && <span className="spinner spinner--small" aria-hidden="true" />}
          {t('editor.publish.publish')}
        </button>
      </form>

      <div
        className={`publish__status publish__status--${status?.state ?? 'loading'}`}
        id="publish-status"
        role="status"
        aria-live="polite"
        data-state={status?.state ?? 'loading'}
        data-started-at={status?.startedAt ?? ''}
        data-testid="publish-status"
      >
        {already && running && <p>{t('editor.publish.already')}</p>}
        {refused && <p>{t.message(refused)}</p>}
        <p>
          <strong>{headline}</strong>
        </p>
        {status?.state === 'failed' && status.step && <p>{t('editor.publish.stoppedAt', { step: t(`editor.publish.stepNames.${status.step}`) })}</p>}
      </div>
      {statusFailed && (
        <button type="button" className="btn btn--secondary" onClick={() => void poll(0)}>
          {t('editor.publish.checkAgain')}
        </button>
      )}

      {status && (running || status.state === 'failed' || status.state === 'succeeded') && (
        <ol className="publish__steps" aria-label={t('editor.publish.steps')}>
          {STEPS.map((step, i) => {
            const done = status.state === 'succeeded' || i < stepIndex;
            const current = running && i === stepIndex;
            const stopped = status.state === 'failed' && i === stepIndex;
            return (
              <li
                key={step}
                className={`publish__step${done ? ' is-done' : ''}${current ? ' is-current' : ''}${stopped ? ' is-failed' : ''}`}
                aria-current={current ? 'step' : undefined}
              >
                {t(`editor.publish.stepNames.${step}`)}
                {done && <span className="visually-hidden"> ({t('editor.publish.done')})</span>}
                {current && <span className="visually-hidden"> ({t('editor.publish.current')})</span>}
              </li>
            );
          })}
        </ol>
      )}

      {status?.state === 'failed' && status.error && (
        <div className="publish__error">
          <h3>{t('editor.publish.reason')}</h3>
          {status.error === PUBLISHING_ELSEWHERE ? <p>{t('editor.publish.reasons.elsewhere')}</p>
            : status.error === PUBLISH_INTERRUPTED ? <p>{t('editor.publish.reasons.interrupted')}</p>
            : <pre>{status.error}</pre>}
        </div>
      )}

      {status && (
        <p className="muted publish__meta">
          {status.startedAt && <>{status.requestedBy ? t('editor.publish.startedBy', { at: formatDateTime(status.startedAt, lang), by: status.requestedBy }) : t('editor.publish.started', { at: formatDateTime(status.startedAt, lang) })} </>}
          {t('editor.publish.live')} <code>{status.liveSite}</code>.
        </p>
      )}
    </section>
  );
}
