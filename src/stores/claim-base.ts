/** The file-claim entry's start of a flow, without loading the flow's store (claim.ts). */
import { CLAIM_FLOW_KEY } from '../lib/constants.ts';

/** Starts a new flow in this tab ('claim' or a cash 'quote'); claim.ts fills in the rest when it loads it. */
export function startClaimFlow(mode: 'claim' | 'quote'): void {
  try {
    sessionStorage.setItem(CLAIM_FLOW_KEY, JSON.stringify({ mode }));
  } catch {
    /* no storage: start-claim starts a new claim */
  }
}
