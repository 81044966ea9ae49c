/**
 * The internal admins' analytics page (issue 18, docs/decisions/034-analytics-page.md): page views per day (a line
 * chart), the claim-flow funnel (horizontal bars with the drop), time to file, searches and live chat, each with a
 * visible caption and its numbers as a table; the experiments below, loaded on demand. Inline SVG, design tokens,
 * no chart library (as the work-order dashboard's chart).
 */
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { GetAnalyticsSummary, type AnalyticsSummary } from '../../lib/api/analytics.ts';
import { formatDay } from '../../lib/format-date.ts';
import { formatNumber as number, formatPercent as percent } from '../../lib/format-number.ts';
import type { Translator } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import ChartGrid, { gridScale } from '../shared/ChartGrid.tsx';
import ChartTable from '../shared/ChartTable.tsx';
import { Field } from '../shared/Field.tsx';
import { CallView, Loading, UserGate } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

/** The experiments part: its own chunk, fetched once the page is up (not part of the first visit's JavaScript). */
const Experiments = lazy(() => import('./Experiments.tsx'));

export type AnalyticsT = Translator<'admin' | 'messages' | 'common'>;

/** A figure: a heading, the picture, its visible caption, and the same numbers as a table in a <details>. */
function Figure({ id, title, caption, picture, table, testId }: { id: string; title: string; caption: string; picture: ReactNode; table: ReactNode; testId: string }) {
  return (
    <section className="card analytics-figure" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`}>{title}</h2>
      <figure className="analytics-figure__figure">
        {picture}
        <figcaption id={`${id}-caption`} className="muted">
          {caption}
        </figcaption>
      </figure>
      {table}
    </section>
  );
}

/** Page views per day: a line (with dots) over a grid, at a wide and a phone size (CSS shows one). */
function ViewsChart({ s, t }: { s: AnalyticsSummary; t: AnalyticsT }) {
  const days = s.PageViewsPerDay;
  const { top, ticks } = gridScale(Math.max(...days.map((d) => d.Views)));
  const views = days.reduce((n, d) => n + d.Views, 0);
  const desc = t('admin.analytics.views.desc', { from: formatDay(s.From, t.lang), to: formatDay(s.To, t.lang), max: Math.max(0, ...days.map((d) => d.Views)) });
  const sizes = [
    { W: 960, H: 260, labels: 6, narrow: false },
    { W: 340, H: 220, labels: 3, narrow: true },
  ];
  const PAD = { top: 12, right: 12, bottom: 30, left: 40 };
  return (
    <Figure
      id="analytics-views"
      testId="analytics-views"
      title={t('admin.analytics.views.title')}
      caption={t('admin.analytics.views.caption', { views: number(views, t.lang), users: number(Math.max(0, ...days.map((d) => d.Users)), t.lang) })}
      picture={sizes.map(({ W, H, labels, narrow }) => {
        const plotW = W - PAD.left - PAD.right;
        const plotH = H - PAD.top - PAD.bottom;
        const x = (i: number) => PAD.left + (days.length <= 1 ? plotW / 2 : (i / (days.length - 1)) * plotW);
        const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
        const every = Math.max(1, Math.ceil(days.length / labels));
        return (
          <svg key={W} className={`analytics-chart${narrow ? ' analytics-chart--narrow' : ' analytics-chart--wide'}`} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={desc} focusable="false">
            <ChartGrid prefix="analytics-chart" ticks={ticks} left={PAD.left} right={W - PAD.right} y={y}>
              <polyline className="analytics-chart__line" points={days.map((d, i) => `${x(i)},${y(d.Views)}`).join(' ')} />
              {days.map((d, i) => (
                <g key={d.Day}>
                  <circle className="analytics-chart__dot" cx={x(i)} cy={y(d.Views)} r={days.length > 60 ? 1.5 : 3}>
                    <title>{`${formatDay(d.Day, t.lang)}: ${d.Views}`}</title>
                  </circle>
                  {(days.length - 1 - i) % every === 0 && (
                    <text className="analytics-chart__label" x={x(i)} y={H - PAD.bottom + 18} textAnchor="middle">
                      {formatDay(d.Day, t.lang).replace(/,? \d{4}$/, '')}
                    </text>
                  )}
                </g>
              ))}
            </ChartGrid>
          </svg>
        );
      })}
      table={
        <ChartTable
          className="analytics-data"
          summary={t('admin.analytics.showTable')}
          captionId="analytics-views-table-caption"
          caption={t('admin.analytics.views.title')}
          columns={[t('admin.analytics.views.day'), t('admin.analytics.views.views'), t('admin.analytics.views.users')]}
          rows={days.map((d) => ({ key: d.Day, head: formatDay(d.Day, t.lang), cells: [d.Views, d.Users] }))}
        />
      }
    />
  );
}

/** The claim-flow funnel: one horizontal bar per stage (HTML, so it reflows at 390 px), its count and the drop. */
function FunnelChart({ s, t }: { s: AnalyticsSummary; t: AnalyticsT }) {
  const max = Math.max(1, ...s.Funnel.map((f) => f.Users));
  const first = s.Funnel[0]?.Users ?? 0;
  const last = s.Funnel.at(-1)?.Users ?? 0;
  return (
    <Figure
      id="analytics-funnel"
      testId="analytics-funnel"
      title={t('admin.analytics.funnel.title')}
      caption={t('admin.analytics.funnel.caption')}
      picture={
        <ol className="analytics-funnel" aria-label={t('admin.analytics.funnel.desc', { first, last })}>
          {s.Funnel.map((f) => (
            <li key={f.Stage} className="analytics-funnel__stage" data-stage={f.Stage} data-users={f.Users}>
              <span className="analytics-funnel__name">{t(`admin.analytics.funnel.stages.${f.Stage}`)}</span>
              <span className="analytics-funnel__track" aria-hidden="true">
                <span className="analytics-funnel__bar" style={{ width: `${(f.Users / max) * 100}%` }} />
              </span>
              <span className="analytics-funnel__count">
                <strong>{number(f.Users, t.lang)}</strong>
                {f.Drop !== null && f.Drop > 0 && <span className="muted"> {t('admin.analytics.funnel.dropText', { percent: percent(f.Drop, t.lang) })}</span>}
              </span>
            </li>
          ))}
        </ol>
      }
      table={
        <ChartTable
          className="analytics-data"
          summary={t('admin.analytics.showTable')}
          captionId="analytics-funnel-table-caption"
          caption={t('admin.analytics.funnel.title')}
          testId="analytics-funnel-table"
          columns={[t('admin.analytics.funnel.stage'), t('admin.analytics.funnel.users'), t('admin.analytics.funnel.drop')]}
          rows={s.Funnel.map((f) => ({ key: f.Stage, head: t(`admin.analytics.funnel.stages.${f.Stage}`), cells: [f.Users, f.Drop === null ? '—' : percent(f.Drop, t.lang)] }))}
        />
      }
    />
  );
}

/**
 * Live chat: chats, answered and missed, the median and 90th-percentile wait, and the chats per day as a table; the
 * placeholder while the chat server's figures are not wired in (all null).
 */
function ChatFigures({ chat, t }: { chat: AnalyticsSummary['Chat']; t: AnalyticsT }) {
  if (chat.chatsPerDay === null) return <p className="muted">{t('admin.analytics.chat.unavailable')}</p>;
  const seconds = (v: number | null) => (v === null ? '—' : t('admin.analytics.chat.seconds', { value: number(v, t.lang) }));
  const stats: [string, string][] = [
    [t('admin.analytics.chat.chats'), number(chat.chatsPerDay.reduce((n, d) => n + d.chats, 0), t.lang)],
    [t('admin.analytics.chat.answered'), chat.answered === null ? '—' : number(chat.answered, t.lang)],
    [t('admin.analytics.chat.missed'), chat.missed === null ? '—' : number(chat.missed, t.lang)],
    [t('admin.analytics.chat.medianWait'), seconds(chat.medianWaitSeconds)],
    [t('admin.analytics.chat.p90Wait'), seconds(chat.p90WaitSeconds)],
  ];
  const days = chat.chatsPerDay;
  const max = Math.max(0, ...days.map((d) => d.chats));
  const W = 340;
  const H = 72;
  const bar = W / Math.max(1, days.length);
  return (
    <>
      <svg
        className="analytics-chart analytics-chart--bars"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('admin.analytics.chat.chartDesc', { from: formatDay(days[0]?.day ?? '', t.lang), to: formatDay(days.at(-1)?.day ?? '', t.lang), max })}
        focusable="false"
      >
        {days.map((d, i) => {
          const h = max === 0 ? 0 : (d.chats / max) * (H - 4);
          return (
            <rect key={d.day} className="analytics-chart__bar" x={i * bar + bar * 0.15} width={bar * 0.7} y={H - 1 - h} height={Math.max(h, 0)}>
              <title>{`${formatDay(d.day, t.lang)}: ${d.chats}`}</title>
            </rect>
          );
        })}
        <line className="analytics-chart__axis" x1={0} x2={W} y1={H - 0.5} y2={H - 0.5} />
      </svg>
      <dl className="analytics-stats">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ChartTable
        className="analytics-data"
        summary={t('admin.analytics.showTable')}
        captionId="analytics-chat-table-caption"
        caption={t('admin.analytics.chat.perDay')}
        columns={[t('admin.analytics.views.day'), t('admin.analytics.chat.chats')]}
        rows={chat.chatsPerDay.map((d) => ({ key: d.day, head: formatDay(d.day, t.lang), cells: [number(d.chats, t.lang)] }))}
      />
    </>
  );
}

/** Time to file, searches and live chat: figures as big numbers (each is its own text alternative). */
function Figures({ s, t }: { s: AnalyticsSummary; t: AnalyticsT }) {
  const minutes = (v: number | null) => (v === null ? '—' : t('admin.analytics.ttf.minutes', { value: number(v, t.lang) }));
  return (
    <div className="analytics-figures">
      <section className="card" aria-labelledby="analytics-ttf-title" data-testid="analytics-ttf">
        <h2 id="analytics-ttf-title">{t('admin.analytics.ttf.title')}</h2>
        {s.TimeToFile.Measured === 0 ? (
          <p className="muted">{t('admin.analytics.ttf.none')}</p>
        ) : (
          <dl className="analytics-stats">
            <div>
              <dt>{t('admin.analytics.ttf.median')}</dt>
              <dd>{minutes(s.TimeToFile.MedianMinutes)}</dd>
            </div>
            <div>
              <dt>{t('admin.analytics.ttf.p90')}</dt>
              <dd>{minutes(s.TimeToFile.P90Minutes)}</dd>
            </div>
          </dl>
        )}
        <p className="muted">
          {t.plural('admin.analytics.ttf.claims', s.TimeToFile.Claims)} · {t.plural('admin.analytics.ttf.measured', s.TimeToFile.Measured)}
        </p>
        <p className="muted analytics-note">{t('admin.analytics.ttf.caption')}</p>
      </section>
      <section className="card" aria-labelledby="analytics-searches-title" data-testid="analytics-searches">
        <h2 id="analytics-searches-title">{t('admin.analytics.searches.title')}</h2>
        <dl className="analytics-stats">
          <div>
            <dt>{t('admin.analytics.searches.searches')}</dt>
            <dd>{number(s.Searches.Searches, t.lang)}</dd>
          </div>
          <div>
            <dt>{t('admin.analytics.searches.noResults')}</dt>
            <dd>{number(s.Searches.NoResults, t.lang)}</dd>
          </div>
        </dl>
        <p className="muted analytics-note">{t('admin.analytics.searches.note')}</p>
      </section>
      <section className="card" aria-labelledby="analytics-chat-title" data-testid="analytics-chat">
        <h2 id="analytics-chat-title">{t('admin.analytics.chat.title')}</h2>
        <ChatFigures chat={s.Chat} t={t} />
      </section>
    </div>
  );
}

export default function Analytics() {
  const t = useT('admin', 'messages');
  const [range, setRange] = useState({ From: '', To: '' });
  const [draft, setDraft] = useState(range);
  const input = Object.fromEntries(Object.entries(range).filter(([, v]) => v));
  // Quiet: CallView shows a refusal (a bad range) in the page, in the reader's language.
  const summary = useCall(JSON.stringify(range), () => api.call(GetAnalyticsSummary, input, { ignoreErrors: true }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRange(draft);
  };
  return (
    <UserGate t={t}>
      {(_user, t) => (
        <div className="admin-page analytics-page">
          <h1>{t('admin.analytics.title')}</h1>
          <p className="muted">{t('admin.analytics.intro')}</p>
          <form className="card admin-filters" aria-label={t('admin.analytics.range')} onSubmit={submit}>
            {(['From', 'To'] as const).map((k) => (
              <Field key={k} id={`analytics-${k}`} label={t(k === 'From' ? 'admin.analytics.from' : 'admin.analytics.to')}>
                {(aria) => <input {...aria} type="date" value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />}
              </Field>
            ))}
            <button type="submit" className="btn btn--primary">
              {t('admin.analytics.apply')}
            </button>
            <p className="muted analytics-note">{t('admin.analytics.rangeHint')}</p>
          </form>
          <CallView call={summary} failedText={t('admin.analytics.failed')}>
            {(s) => (
              <>
                <p className="analytics-range" data-testid="analytics-range">
                  {t('admin.analytics.showing', { from: formatDay(s.From, t.lang), to: formatDay(s.To, t.lang) })}
                </p>
                <ViewsChart s={s} t={t} />
                <FunnelChart s={s} t={t} />
                <Figures s={s} t={t} />
              </>
            )}
          </CallView>
          <Suspense fallback={<Loading text={t('admin.analytics.experiments.loading')} />}>
            <Experiments t={t} />
          </Suspense>
        </div>
      )}
    </UserGate>
  );
}
