/** The file-claim entry's start of a flow, without loading the flow's store (claim.ts). */
import { CLAIM_FLOW_KEY } from '../lib/constants.ts';

/** What the dashboard's quick start hands to a new claim: the policyholder's ZIP and the VIN, checked by steps 1 and 2 on arrival. */
export interface QuickStart {
  ZipCode: string;
  Vin: string;
}

/** Starts a new flow in this tab ('claim' or a cash 'quote'); claim.ts fills in the rest when it loads it. */
export function startClaimFlow(mode: 'claim' | 'quote', start?: QuickStart): void {
  try {
    sessionStorage.setItem(CLAIM_FLOW_KEY, JSON.stringify({ mode, ...(start && { ...start, AutoStart: true }) }));
  } catch {
    /* no storage: start-claim starts a new claim */
  }
}
