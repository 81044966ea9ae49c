// Issue 19, through the balancer only (playwright.cluster.config.ts; the default config ignores this folder): HAProxy
// in front of two portal processes (p1, p2) spreads the requests over both, and a status change written through one
// process reaches the agent's live stream held by the other. HAProxy names the process of each answer in X-Served-By
// (scripts/haproxy-config.ts); its stats are on 127.0.0.1:E2E_CLUSTER_STATS_PORT.
import { callPath } from '../../../src/lib/api/contract.ts';
import { AdvanceWorkOrder } from '../../../src/lib/api/work-orders.ts';
import { parseServerStats } from '../../../scripts/haproxy-config.ts';
import { fileCamryClaim } from '../claim-steps.ts';
import { expect, openDashboard, test } from '../fixtures.ts';
import { detailsStatus, openDetails } from '../work-order-steps.ts';

const STATS = `http://127.0.0.1:${process.env.E2E_CLUSTER_STATS_PORT}/stats;csv`;
const PROCESSES = ['p1', 'p2'];
const stats = async () => parseServerStats(await (await fetch(STATS)).text());

test('HAProxy has both processes UP and spreads the requests over them (round robin, no stickiness)', async ({ request }) => {
  const before = await stats();
  expect(before.map((s) => [s.name, s.status])).toEqual([
    ['p1', 'UP'],
    ['p2', 'UP'],
  ]);
  // Ten calls in a row from one client: each process answers some (no stickiness).
  const servedBy = new Set<string>();
  for (let i = 0; i < 10; i++) {
    const res = await request.get('/agentdashboard/api/v1/healthcheck');
    expect(res.status()).toBe(200);
    servedBy.add(res.headers()['x-served-by'] ?? 'none');
  }
  expect([...servedBy].sort()).toEqual(PROCESSES);
  // HAProxy's own count agrees: each process had more sessions than before.
  const after = await stats();
  for (const name of PROCESSES) expect(after.find((s) => s.name === name)!.total).toBeGreaterThan(before.find((s) => s.name === name)!.total);
});

test('a claim filed through the balancer: a change written through one process reaches the live stream held by the other', async ({ page, signInAs, signIns, request }) => {
  // The agent (signed in through the sign-in page and the OpenID provider, behind the balancer) files a claim.
  await signInAs('agent');
  await openDashboard(page);
  const referral = await fileCamryClaim(page);
  const workOrder = ((await page.getByTestId('work-order').textContent()) ?? '').trim();
  expect(workOrder).toMatch(/^WO\d+$/);

  // Its details page holds the live stream on one process.
  const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/AgencyWorkOrder/Events'));
  await openDetails(page, { WorkOrderId: workOrder, ReferralNumber: referral });
  const holder = (await streamOpened).headers()['x-served-by'] ?? '';
  expect(PROCESSES).toContain(holder);
  await expect(detailsStatus(page)).toHaveText('Received');
  await expect(page.locator('[data-live="on"]')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // An internal admin advances it through the balancer until a change is written by the other process (round robin:
  // the next call or the one after); each change shows live on the agent's page.
  const token = (await signIns.get('internal')).accessToken;
  const writers: string[] = [];
  for (const status of ['Policyholder contacted', 'Scheduled', 'In progress', 'Completed']) {
    const res = await request.post(callPath(AdvanceWorkOrder), {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, 'X-Application-Name': 'AgentPortal' },
      data: { AppName: 'AgentPortal', WorkOrderId: workOrder, Status: status },
    });
    expect(res.status(), await res.text()).toBe(200);
    writers.push(res.headers()['x-served-by'] ?? 'none');
    await expect(detailsStatus(page)).toHaveText(status);
    if (writers.at(-1) !== holder) break;
  }
  expect(writers.filter((w) => w !== holder), `the stream was held by ${holder}; the changes were written by ${writers.join(', ')}`).not.toEqual([]);
  // No reload: the same document followed every change on its stream.
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
