/**
 * The experiments part of the analytics page (issue 18, docs/decisions/031-experiments.md): each experiment's
 * status and, per variant, exposures, conversions, rate and its 95 % interval (a small bar with whiskers beside
 * the numbers); Start (a draft) and Stop (running, after a confirm); a form that creates a draft. The server's
 * refusals show in the page's language by their message codes. Loaded on demand by Analytics.tsx.
 */
import { useState, type FormEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { GetExperiments, SaveExperiment, SetExperimentStatus, type Experiment } from '../../lib/api/experiments.ts';
import { formatPercent } from '../../lib/format-number.ts';
import { MAX_VARIANTS, TRIGGER_EVENTS, type TriggerEvent } from '../../lib/experiments.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { Field } from '../shared/Field.tsx';
import { CallView } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import type { AnalyticsT } from './Analytics.tsx';

const pct = (n: number | null, lang: string) => (n === null ? '—' : formatPercent(n, lang));

/** The refusal's texts in the reader's language: the reply's message and each field's. */
function problemsOf(err: unknown, t: AnalyticsT): string[] {
  if (!(err instanceof ApiError) || err.status >= 500) return [t('messages.genericError')];
  const reply = replyOf(err);
  const fields = (reply.errors ?? []).map((e) => t.message(e));
  return fields.length ? [...new Set(fields)] : [t.message(reply)];
}

/** A variant's rate as a bar with the interval's whiskers, on a 0..scale axis (decoration: the numbers are beside it). */
function IntervalBar({ rate, low, high, scale }: { rate: number | null; low: number | null; high: number | null; scale: number }) {
  const W = 120;
  const x = (v: number) => 2 + (Math.min(v, scale) / scale) * (W - 4);
  return (
    <svg className="exp-interval" viewBox={`0 0 ${W} 16`} width={W} height={16} aria-hidden="true" focusable="false">
      <line className="exp-interval__track" x1={2} x2={W - 2} y1={8} y2={8} />
      {rate !== null && <rect className="exp-interval__bar" x={2} y={4} width={Math.max(0, x(rate) - 2)} height={8} />}
      {low !== null && high !== null && (
        <g className="exp-interval__whisker">
          <line x1={x(low)} x2={x(high)} y1={8} y2={8} />
          <line x1={x(low)} x2={x(low)} y1={3} y2={13} />
          <line x1={x(high)} x2={x(high)} y1={3} y2={13} />
        </g>
      )}
    </svg>
  );
}

function ExperimentCard({ e, t, onChange }: { e: Experiment; t: AnalyticsT; onChange: (e: Experiment) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scale = Math.min(1, Math.max(0.05, ...e.variants.map((v) => v.high ?? 0)) * 1.1);
  const move = async (status: 'Running' | 'Stopped') => {
    setBusy(true);
    setError(null);
    try {
      const next = await api.call(SetExperimentStatus, { id: e.id, status }, { ignoreErrors: true });
      setConfirming(false);
      showAlert('success', t(status === 'Running' ? 'admin.analytics.experiments.started' : 'admin.analytics.experiments.stopped', { name: e.name }));
      onChange(next);
    } catch (err) {
      setError(problemsOf(err, t).join(' '));
    } finally {
      setBusy(false);
    }
  };
  const titleId = `exp-${e.id}-title`;
  return (
    <li className="card exp-card" data-testid="experiment" data-key={e.key} data-status={e.status} aria-labelledby={titleId}>
      <div className="exp-card__head">
        <h3 id={titleId}>{e.name}</h3>
        <span className={`status exp-status exp-status--${e.status.toLowerCase()}`}>{t(`admin.analytics.experiments.status.${e.status}`)}</span>
      </div>
      <p className="muted">
        <code>{e.key}</code> · {t('admin.analytics.experiments.trigger')}: {t(`admin.analytics.experiments.triggers.${e.triggerEvent}`)}
        {e.triggerEvent === 'PageEntry' ? ` ${e.triggerValue}` : ''} · {t('admin.analytics.experiments.goal')}: {e.goalEvent}
      </p>
      <div className="table-wrap" role="region" aria-labelledby={`${titleId}-caption`} tabIndex={0}>
        <table className="table exp-table">
          <caption id={`${titleId}-caption`}>{t('admin.analytics.experiments.caption', { name: e.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.analytics.experiments.variant')}</th>
              <th scope="col">{t('admin.analytics.experiments.weight')}</th>
              <th scope="col">{t('admin.analytics.experiments.exposures')}</th>
              <th scope="col">{t('admin.analytics.experiments.conversions')}</th>
              <th scope="col">{t('admin.analytics.experiments.rate')}</th>
              <th scope="col">{t('admin.analytics.experiments.interval')}</th>
            </tr>
          </thead>
          <tbody>
            {e.variants.map((v) => (
              <tr key={v.name} data-variant={v.name} data-exposures={v.exposures}>
                <th scope="row">{v.name}</th>
                <td>{v.weight}</td>
                <td>{v.exposures}</td>
                <td>{v.conversions}</td>
                <td>{pct(v.conversionRate, t.lang)}</td>
                <td className="exp-table__interval">
                  <IntervalBar rate={v.conversionRate} low={v.low} high={v.high} scale={scale} />
                  <span>{v.low === null || v.high === null ? t('admin.analytics.experiments.noData') : t('admin.analytics.experiments.intervalText', { low: pct(v.low, t.lang), high: pct(v.high, t.lang) })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && !confirming && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        {e.status === 'Draft' && (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void move('Running')}>
            {t('admin.analytics.experiments.start')} <span className="visually-hidden">{e.name}</span>
          </button>
        )}
        {e.status === 'Running' && (
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setConfirming(true)}>
            {t('admin.analytics.experiments.stop')} <span className="visually-hidden">{e.name}</span>
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('admin.analytics.experiments.stopTitle', { name: e.name })}
          text={t('admin.analytics.experiments.stopText')}
          confirmLabel={t('admin.analytics.experiments.stop')}
          cancelLabel={t('admin.analytics.experiments.cancel')}
          tone="destructive"
          busy={busy}
          error={error}
          onConfirm={() => void move('Stopped')}
          onCancel={() => {
            setConfirming(false);
            setError(null);
          }}
        />
      )}
    </li>
  );
}

const NEW = { name: '', key: '', triggerEvent: 'SiteEntry' as TriggerEvent, triggerValue: '', goalEvent: 'ClaimSubmitted', variants: [{ name: 'control', weight: '50' }, { name: 'variant', weight: '50' }] };

function CreateForm({ t, onCreated }: { t: AnalyticsT; onCreated: (e: Experiment) => void }) {
  const [d, setD] = useState(NEW);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setBusy(true);
    setProblems([]);
    try {
      const created = await api.call(
        SaveExperiment,
        {
          name: d.name,
          key: d.key,
          triggerEvent: d.triggerEvent,
          ...(d.triggerEvent === 'PageEntry' ? { triggerValue: d.triggerValue } : {}),
          goalEvent: d.goalEvent,
          variants: d.variants.map((v) => ({ name: v.name, weight: Number(v.weight) })),
        },
        { ignoreErrors: true },
      );
      showAlert('success', t('admin.analytics.experiments.saved', { name: created.name }));
      setD(NEW);
      onCreated(created);
    } catch (err) {
      setProblems(problemsOf(err, t));
    } finally {
      setBusy(false);
    }
  };
  const setVariant = (i: number, over: Partial<(typeof NEW.variants)[number]>) => setD({ ...d, variants: d.variants.map((v, j) => (j === i ? { ...v, ...over } : v)) });
  return (
    <form className="card flow exp-form" aria-labelledby="exp-form-title" onSubmit={(e) => void submit(e)} noValidate data-testid="experiment-form">
      <h3 id="exp-form-title">{t('admin.analytics.experiments.create')}</h3>
      {problems.length > 0 && (
        <div className="form-error" role="alert" data-testid="experiment-problems">
          <p>{t('admin.analytics.experiments.problems')}</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <Field id="exp-name" label={t('admin.analytics.experiments.name')}>
        {(aria) => <input {...aria} maxLength={120} value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} />}
      </Field>
      <Field id="exp-key" label={t('admin.analytics.experiments.key')} hint={t('admin.analytics.experiments.keyHint')}>
        {(aria) => <input {...aria} maxLength={40} value={d.key} onChange={(e) => setD({ ...d, key: e.target.value })} />}
      </Field>
      <Field id="exp-trigger" label={t('admin.analytics.experiments.trigger')}>
        {(aria) => (
          <select {...aria} value={d.triggerEvent} onChange={(e) => setD({ ...d, triggerEvent: e.target.value as TriggerEvent })}>
            {TRIGGER_EVENTS.map((ev) => (
              <option key={ev} value={ev}>
                {t(`admin.analytics.experiments.triggers.${ev}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {d.triggerEvent === 'PageEntry' && (
        <Field id="exp-trigger-value" label={t('admin.analytics.experiments.triggerValue')} hint={t('admin.analytics.experiments.triggerValueHint')}>
          {(aria) => <input {...aria} maxLength={300} value={d.triggerValue} onChange={(e) => setD({ ...d, triggerValue: e.target.value })} />}
        </Field>
      )}
      <fieldset className="exp-variants">
        <legend>{t('admin.analytics.experiments.variants')}</legend>
        {d.variants.map((v, i) => (
          <div className="exp-variant" key={i}>
            <Field id={`exp-variant-${i}-name`} label={t('admin.analytics.experiments.variantName', { n: i + 1 })}>
              {(aria) => <input {...aria} maxLength={60} value={v.name} onChange={(e) => setVariant(i, { name: e.target.value })} />}
            </Field>
            <Field id={`exp-variant-${i}-weight`} label={t('admin.analytics.experiments.variantWeight', { n: i + 1 })}>
              {(aria) => <input {...aria} type="number" inputMode="numeric" min={1} max={99} value={v.weight} onChange={(e) => setVariant(i, { weight: e.target.value })} />}
            </Field>
            {d.variants.length > 2 && (
              <button type="button" className="btn btn--link" onClick={() => setD({ ...d, variants: d.variants.filter((_, j) => j !== i) })}>
                {t('admin.analytics.experiments.removeVariant', { n: i + 1 })}
              </button>
            )}
          </div>
        ))}
        {d.variants.length < MAX_VARIANTS && (
          <button type="button" className="btn btn--secondary" onClick={() => setD({ ...d, variants: [...d.variants, { name: '', weight: '' }] })}>
            {t('admin.analytics.experiments.addVariant')}
          </button>
        )}
      </fieldset>
      <Field id="exp-goal" label={t('admin.analytics.experiments.goal')} hint={t('admin.analytics.experiments.goalHint')}>
        {(aria) => <input {...aria} maxLength={100} value={d.goalEvent} onChange={(e) => setD({ ...d, goalEvent: e.target.value })} />}
      </Field>
      <div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('admin.analytics.experiments.save')}
        </button>
      </div>
    </form>
  );
}

export default function Experiments({ t }: { t: AnalyticsT }) {
  const [version, setVersion] = useState(0);
  const list = useCall(`experiments-${version}`, () => api.call(GetExperiments, {}, { ignoreErrors: true }));
  const reload = () => setVersion((n) => n + 1);
  return (
    <section className="analytics-experiments" aria-labelledby="exp-title" data-testid="analytics-experiments">
      <h2 id="exp-title">{t('admin.analytics.experiments.title')}</h2>
      <p className="muted">{t('admin.analytics.experiments.intro')}</p>
      <CallView call={list} loadingText={t('admin.analytics.experiments.loading')}>
        {(items) =>
          items.length === 0 ? (
            <p className="card empty-state">{t('admin.analytics.experiments.none')}</p>
          ) : (
            <ul className="exp-list">
              {items.map((e) => (
                <ExperimentCard key={`${e.id}-${e.status}`} e={e} t={t} onChange={reload} />
              ))}
            </ul>
          )
        }
      </CallView>
      <CreateForm t={t} onCreated={reload} />
    </section>
  );
}
