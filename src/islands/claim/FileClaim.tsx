import { useEffect } from 'react';
import { startClaimFlow } from '../../stores/claim-base.ts';
import { useLang } from '../shell/use-lang.ts';

/** file-claim: the flow's entry. Starts a new claim (or cash quote with ?mode=quote) and opens start-claim. */
export default function FileClaim() {
  const { s } = useLang();
  useEffect(() => {
    const quote = new URLSearchParams(location.search).get('mode') === 'quote';
    startClaimFlow(quote ? 'quote' : 'claim');
    location.replace(quote ? '/dashboard/start-claim?mode=quote' : '/dashboard/start-claim');
  }, []);
  return (
    <p className="muted page-loading" aria-busy="true">
      {s.loading}
    </p>
  );
}
