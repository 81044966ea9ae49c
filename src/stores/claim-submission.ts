/**
 * Filing the claim (the review page's Submit), apart from claim.ts so that only the review page loads it
 * (the other claim pages stay inside the JavaScript budget, docs/decisions/005). One Idempotency-Key per
 * reviewed claim, kept in the flow: a double click, a retry or a lost reply sends the same key and the
 * server files one referral.
 */
import { atom } from 'nanostores';
import { ApiError } from '../lib/api/client.ts';
import { api } from './api.ts';
import { $claimFlow, updateClaim } from './claim.ts';

/** Where the submission stands: not sent, on its way, filed (the referral number), or failed (a 4xx refusal, or null for the network or the server). */
export type ClaimSubmission =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent'; referralNumber: string }
  | { state: 'failed'; problem: ApiError | null };

/** The submission of this page. */
export const $claimSubmission = atom<ClaimSubmission>({ state: 'idle' });

/** The order submission and the CreateReferral contract (fetched ahead while the user reads the review). */
export const loadSubmission = () => Promise.all([import('../lib/claim/submission.ts'), import('../lib/api/quick-submit.ts')]);

/**
 * Files the claim for an agency (CreateReferral) and keeps the referral in the flow. Answers the referral
 * number, or null when it failed or one is already on its way ($claimSubmission says why).
 */
export async function submitClaim(agency: { agencyNumber: string; isCobranded: boolean }): Promise<string | null> {
  const now = $claimSubmission.get().state;
  if (now === 'sending' || now === 'sent') return null;
  $claimSubmission.set({ state: 'sending' });
  try {
    const [{ newIdempotencyKey, orderSubmission }, { CreateReferral, IDEMPOTENCY_HEADER }] = await loadSubmission();
    const flow = $claimFlow.get();
    const payload = orderSubmission(flow, agency.agencyNumber, agency.isCobranded);
    const json = JSON.stringify(payload);
    // One key per review: a retry of the same claim sends the same key; a changed claim gets a new one.
    let key = flow.idempotencyKey;
    if (!key || flow.idempotencyFor !== json) {
      key = newIdempotencyKey();
      updateClaim({ idempotencyKey: key, idempotencyFor: json });
    }
    const r = await api.call(CreateReferral, payload, { headers: { [IDEMPOTENCY_HEADER]: key } });
    updateClaim({ referral: { ReferralNumber: r.ReferralNumber, WorkOrderId: r.WorkOrderId, Total: r.Quote.Total, PolicyholderPays: r.Quote.PolicyholderPays, Quote: r.Quote } });
    $claimSubmission.set({ state: 'sent', referralNumber: r.ReferralNumber });
    return r.ReferralNumber;
  } catch (err) {
    $claimSubmission.set({ state: 'failed', problem: err instanceof ApiError && err.status >= 400 && err.status < 500 ? err : null });
    return null;
  }
}
