/**
 * The internal admins' health-check configuration (/dashboard/health-configuration, issue 15): per monitored endpoint
 * an optional input and URL override (`healthcheck/UpdateConfiguration`), each saved on its own. docs/decisions/024.
 */
import { useState, type SubmitEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { GetHealthConfiguration, UpdateConfiguration, type HealthConfig } from '../../lib/api/healthcheck.ts';
import type { Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { withWaiting } from '../../stores/waiting.ts';
import { Field } from '../shared/Field.tsx';
import { CallView } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

type Words = Translator<'banners' | 'messages' | 'common'>;

export default function HealthConfiguration() {
  const t = useT('banners', 'messages');
  const call = useCall('health-config', () => api.call(GetHealthConfiguration, {}));
  if (!t) return null;
  return (
    <section className="flow" data-testid="health-configuration">
      <div className="page-head">
        <h1>{t('banners.health.configTitle')}</h1>
        <p className="muted">{t('banners.health.configIntro')}</p>
        <p>
          <a href="/Healthcheck">{t('banners.health.openPage')}</a>
        </p>
      </div>
      <CallView call={call} loadingText={t('banners.health.loading')} failedText={t('banners.health.loadFailed')}>
        {(list) => (
          <div className="health-config">
            {list.map((c) => (
              <EndpointForm key={c.name} config={c} t={t} />
            ))}
          </div>
        )}
      </CallView>
    </section>
  );
}

function EndpointForm({ config, t }: { config: HealthConfig; t: Words }) {
  const [current, setCurrent] = useState(config);
  const [input, setInput] = useState(config.input ?? '');
  const [url, setUrl] = useState(config.urlOverride ?? '');
  const [error, setError] = useState<{ input?: string; url?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const name = t(`banners.health.endpoints.${config.name}`);
  const id = (f: string) => `health-${config.name}-${f}`;
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError({});
    try {
      const next = await withWaiting(() => api.call(UpdateConfiguration, { name: config.name, input, urlOverride: url }, { ignoreErrors: true }));
      setCurrent(next);
      showAlert('success', t('banners.health.saved', { name }));
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        const reply = replyOf(err);
        const byPath = (p: string) => reply.errors?.find((x) => (x as { path?: string }).path === p);
        const u = byPath('urlOverride');
        const i = byPath('input');
        setError({ ...(u ? { url: t.message(u) } : {}), ...(i ? { input: t.message(i) } : {}), ...(!u && !i ? { form: t.message(reply) } : {}) });
        document.getElementById(u ? id('url') : id('input'))?.focus();
      } else {
        setError({ form: t('messages.genericError') });
      }
    } finally {
      setBusy(false);
    }
  };
  const when = current.modifiedAt ? new Intl.DateTimeFormat(t.lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(current.modifiedAt)) : null;
  return (
    <form className="card" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={id('title')} data-testid={`health-config-${config.name}`}>
      <h2 id={id('title')}>
        {name} <span className="muted">· {t(`banners.health.categories.${config.category}`)}</span>
      </h2>
      {current.modifiedBy && when && <p className="muted">{t('banners.health.lastChanged', { by: current.modifiedBy, at: when })}</p>}
      {error.form && (
        <p className="form-error" role="alert">
          {error.form}
        </p>
      )}
      <Field id={id('input')} label={t('banners.health.input')} hint={t('banners.health.inputHint')} error={error.input} marker={t('banners.screen.optional')}>
        {(aria) => <input {...aria} value={input} onChange={(e) => setInput(e.target.value)} autoComplete="off" />}
      </Field>
      <Field id={id('url')} label={t('banners.health.urlOverride')} hint={t('banners.health.urlOverrideHint')} error={error.url} marker={t('banners.screen.optional')}>
        {(aria) => <input {...aria} value={url} onChange={(e) => setUrl(e.target.value)} autoComplete="off" inputMode="url" />}
      </Field>
      <button type="submit" className="btn btn--secondary" disabled={busy} aria-label={`${t('banners.health.save')}: ${name}`}>
        {t('banners.health.save')}
      </button>
    </form>
  );
}
