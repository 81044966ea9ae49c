/**
 * An agent asks to become the admin of their active agency (User/SendRequestAdminAccessEmail). Its errors are
 * suppressed (spec section 7): a refusal shows nothing; a success says the request was sent. Loaded on demand
 * by the agent dashboard for agents only.
 */
import { useState } from 'react';
import { SendRequestAdminAccessEmail } from '../../lib/api/internal-admin.ts';
import { api } from '../../stores/api.ts';
import { useT } from '../shared/use-t.ts';

export default function RequestAdminAccess({ agencyNumber, agencyName }: { agencyNumber: string; agencyName: string }) {
  const t = useT('admin');
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  if (!t) return null;
  const ask = async () => {
    setState('busy');
    try {
      await api.call(SendRequestAdminAccessEmail, { AgencyNumber: agencyNumber }, { ignoreErrors: true });
      setState('sent');
    } catch {
      // Suppressed (spec section 7).
      setState('idle');
    }
  };
  return (
    <section className="card admin-ask" aria-labelledby="admin-ask-title">
      <h2 id="admin-ask-title">{t('admin.ask.title')}</h2>
      <p>{t('admin.ask.text', { agency: agencyName })}</p>
      {state === 'sent' ? (
        <p role="status" className="admin-ask__sent">
          {t('admin.ask.sent')}
        </p>
      ) : (
        <button type="button" className="btn btn--secondary" disabled={state === 'busy'} onClick={() => void ask()}>
          {t('admin.ask.button')}
        </button>
      )}
    </section>
  );
}
