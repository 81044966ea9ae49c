import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { GetPublishStatus, PublishSite, type PublishStatus } from '../../lib/api/content-admin.ts';
import type { Lang } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import { bannerUnlessHandled, problemOf, PUBLISH_ANCHOR } from './shared.ts';
import { formatDateTime } from '../../lib/format-date.ts';

/** How often the status is asked while a rebuild runs. */
const POLL_MS = 1500;
/** Failed status requests in a row before the panel gives up (and offers to check again). */
const MAX_FAILURES = 4;
const STEPS = ['snapshot', 'build', 'index', 'switch'] as const;

const TEXT = {
  en: {
    title: 'Publish site',
    intro: 'Saved changes reach the site when it is published: the site is rebuilt from the saved articles (snapshot, build, search index) and then switched over in one go. It usually takes a minute or two.',
    note: 'Note (optional)',
    noteHint: 'What changed, for the publishing log (at most 200 characters).',
    publish: 'Publish site',
    checking: 'Checking the publishing status…',
    idle: 'The site has not been published since the server started.',
    running: (n: number, step: string) => `Publishing… step ${n} of ${STEPS.length}: ${step}.`,
    runningNoStep: 'Publishing… starting.',
    already: 'A publish is already running. Its progress is shown here.',
    succeeded: (at: string) => `The site was published successfully${at ? ` (${at})` : ''}.`,
    failed: (at: string) => `Publishing failed${at ? ` (${at})` : ''}. The site was not changed.`,
    failedAt: (step: string) => `It stopped at the step: ${step}.`,
    reason: 'Reason',
    startedBy: (at: string, by: string | null) => `Started ${at}${by ? ` by ${by}` : ''}.`,
    live: 'The site is served from',
    steps: 'Publishing steps',
    done: 'done',
    current: 'in progress',
    stepNames: { snapshot: 'snapshot of the articles', build: 'build of the site', index: 'search index', switch: 'switch to the new site' },
    statusFailed: 'We could not get the publishing status.',
    checkAgain: 'Check again',
  },
  es: {
    title: 'Publicar el sitio',
    intro: 'Los cambios guardados llegan al sitio cuando se publica: el sitio se reconstruye con los artículos guardados (instantánea, compilación, índice de búsqueda) y luego se cambia de una sola vez. Suele tardar uno o dos minutos.',
    note: 'Nota (opcional)',
    noteHint: 'Qué cambió, para el registro de publicaciones (máximo 200 caracteres).',
    publish: 'Publicar el sitio',
    checking: 'Consultando el estado de la publicación…',
    idle: 'El sitio no se ha publicado desde que se inició el servidor.',
    running: (n: number, step: string) => `Publicando… paso ${n} de ${STEPS.length}: ${step}.`,
    runningNoStep: 'Publicando… iniciando.',
    already: 'Ya hay una publicación en curso. Su progreso se muestra aquí.',
    succeeded: (at: string) => `El sitio se publicó correctamente${at ? ` (${at})` : ''}.`,
    failed: (at: string) => `La publicación falló${at ? ` (${at})` : ''}. El sitio no cambió.`,
    failedAt: (step: string) => `Se detuvo en el paso: ${step}.`,
    reason: 'Motivo',
    startedBy: (at: string, by: string | null) => `Iniciada ${at}${by ? ` por ${by}` : ''}.`,
    live: 'El sitio se sirve desde',
    steps: 'Pasos de la publicación',
    done: 'terminado',
    current: 'en curso',
    stepNames: { snapshot: 'instantánea de los artículos', build: 'compilación del sitio', index: 'índice de búsqueda', switch: 'cambio al nuevo sitio' },
    statusFailed: 'No pudimos obtener el estado de la publicación.',
    checkAgain: 'Consultar de nuevo',
  },
} as const;

/**
 * The "Publish site" panel of the editor's list: starts a rebuild (PublishSite), then follows it
 * (GetPublishStatus every 1.5 s while it runs) in a live region. Shows the current status on load, so a
 * rebuild started elsewhere is visible; a 409 means one already runs, which is followed the same way.
 */
export default function PublishPanel({ lang }: { lang: Lang }) {
  const x = TEXT[lang];
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [statusFailed, setStatusFailed] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [already, setAlready] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
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
      const p = problemOf(err);
      if (p.status === 409) {
        // Usually a rebuild started elsewhere: follow it. Otherwise say why the server refused.
        try {
          const st = await api.call(GetPublishStatus, {}, { ignoreErrors: true });
          setStatus(st);
          if (st.state === 'running') {
            setAlready(true);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => void poll(0), POLL_MS);
          } else {
            setRefused(p.message);
          }
        } catch {
          setRefused(p.message);
        }
      } else if (p.status === 400) {
        setNoteError(p.errors.find((fe) => fe.path === 'note')?.message ?? p.message);
      } else {
        bannerUnlessHandled(p.status, []);
      }
    } finally {
      setStarting(false);
    }
  };

  const running = status?.state === 'running';
  const stepIndex = status?.step ? STEPS.indexOf(status.step) : -1;
  const stepName = status?.step ? x.stepNames[status.step] : '';
  let headline: string;
  if (!status) headline = statusFailed ? x.statusFailed : x.checking;
  else if (status.state === 'running') headline = status.step ? x.running(stepIndex + 1, stepName) : x.runningNoStep;
  else if (status.state === 'succeeded') headline = x.succeeded(formatDateTime(status.finishedAt, lang));
  else if (status.state === 'failed') headline = x.failed(formatDateTime(status.finishedAt, lang));
  else headline = x.idle;

  return (
    <section className="card publish" id={PUBLISH_ANCHOR} aria-labelledby="publish-title">
      <h2 id="publish-title" ref={headingRef} tabIndex={-1}>
        {x.title}
      </h2>
      <p>{x.intro}</p>
      <form onSubmit={(e) => void publish(e)} noValidate>
        <div className="field">
          <label htmlFor="publish-note">{x.note}</label>
          <input
            id="publish-note"
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? 'publish-note-hint publish-note-error' : 'publish-note-hint'}
          />
          <p className="field__hint" id="publish-note-hint">{x.noteHint}</p>
          {noteError && <p className="field__error" id="publish-note-error">{noteError}</p>}
        </div>
        <button type="submit" className="btn btn--primary" disabled={running || starting} aria-describedby="publish-status">
          {(running || starting) && <span className="spinner spinner--small" aria-hidden="true" />}
          {x.publish}
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
        {already && running && <p>{x.already}</p>}
        {refused && <p>{refused}</p>}
        <p>
          <strong>{headline}</strong>
        </p>
        {status?.state === 'failed' && status.step && <p>{x.failedAt(x.stepNames[status.step])}</p>}
      </div>
      {statusFailed && (
        <button type="button" className="btn btn--secondary" onClick={() => void poll(0)}>
          {x.checkAgain}
        </button>
      )}

      {status && (running || status.state === 'failed' || status.state === 'succeeded') && (
        <ol className="publish__steps" aria-label={x.steps}>
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
                {x.stepNames[step]}
                {done && <span className="visually-hidden"> ({x.done})</span>}
                {current && <span className="visually-hidden"> ({x.current})</span>}
              </li>
            );
          })}
        </ol>
      )}

      {status?.state === 'failed' && status.error && (
        <div className="publish__error">
          <h3>{x.reason}</h3>
          <pre>{status.error}</pre>
        </div>
      )}

      {status && (
        <p className="muted publish__meta">
          {status.startedAt && <>{x.startedBy(formatDateTime(status.startedAt, lang), status.requestedBy)} </>}
          {x.live} <code>{status.liveSite}</code>.
        </p>
      )}
    </section>
  );
}
