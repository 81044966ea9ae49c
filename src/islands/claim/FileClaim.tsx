import { useEffect } from 'react';
import { startClaimFlow } from '../../stores/claim-base.ts';
import { useCommonT } from '../shared/use-t.ts';

/**
 * file-claim: the flow's entry. Starts a new claim (or cash quote with ?mode=quote) and opens start-claim.
 * The dashboard's quick start sends ?zip=…&vin=…: steps 1 and 2 take them and move on when they check out.
 */
export default function FileClaim() {
  const common = useCommonT();
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const quote = q.get('mode') === 'quote';
    const zip = (q.get('zip') ?? '').trim().slice(0, 10);
    startClaimFlow(quote ? 'quote' : 'claim', zip ? { ZipCode: zip, Vin: (q.get('vin') ?? '').trim().toUpperCase().slice(0, 17) } : undefined);
    location.replace(quote ? '/dashboard/start-claim?mode=quote' : '/dashboard/start-claim');
  }, []);
  return (
    <p className="muted page-loading" aria-busy="true">
      {common('common.loading')}
    </p>
  );
}
