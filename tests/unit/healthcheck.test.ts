/**
 * /Healthcheck's calls (issue 15) against the real server: every monitored endpoint with its category, real checks
 * (database, outbox, content service, OpenID provider, mail transport, shared service), a hanging endpoint that
 * does not hold the answer past a second, a mail transport that is down, and the configuration (internal admins,
 * audited, never shown on the public page).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetHealthConfiguration, HEALTH_ENDPOINTS, HealthCheckResults, Healthcheck, UpdateConfiguration, type HealthResult } from '../../src/lib/api/healthcheck.ts';
import { ContentHealthCheckResults } from '../../src/lib/api/content.ts';
import { callPath } from '../../src/lib/api/index.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

/** A TCP server that accepts connections and never says a word (a hung HTTP or SMTP server). */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise<void>((res) => {
        for (const s of sockets) s.destroy();
        server.close(() => res());
      }),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = await silentServer();
  await s.close();
  return s.port;
}

let portal: RunningPortal;
let admin: string;
beforeAll(async () => {
  portal = await startTestPortal();
  admin = (await signInForTokens(portal, 'internal@demo.test')).access_token;
});
afterAll(async () => {
  await portal?.close();
});

const results = async () => {
  const started = performance.now();
  const res = await callApi(portal, HealthCheckResults.path);
  expect(res.status).toBe(200);
  const r = res.json!.result as { status: string; checkedAt: string; checks: HealthResult[] };
  return { ...r, ms: performance.now() - started, byName: Object.fromEntries(r.checks.map((c) => [c.name, c])) as Record<string, HealthResult>, raw: JSON.stringify(res.json) };
};
const configure = (body: Record<string, unknown>) => callApi(portal, UpdateConfiguration.path, { token: admin, body: { AppName: 'AgentPortal', ...body } });

describe('healthcheck calls', () => {
  it('healthcheck: the dashboard service is up', async () => {
    const res = await callApi(portal, Healthcheck.path);
    expect(res.json!.result).toEqual({ status: 'Healthy' });
  });

  it('HealthCheckResults: every endpoint by name and category, all healthy on a working portal (real checks)', async () => {
    const r = await results();
    expect(r.checks.map((c) => [c.name, c.category])).toEqual([
      ['database', 'Core'],
      ['outbox', 'Core'],
      ['content-service', 'Core'],
      ['openid-provider', 'External'],
      ['mail-transport', 'External'],
      ['shared-service', 'Safelite'],
    ]);
    expect(r.checks.map((c) => c.name)).toEqual([...HEALTH_ENDPOINTS]);
    for (const c of r.checks) {
      expect(c.status, `${c.name}: ${c.detail}`).toBe('Healthy');
      expect(c.latencyMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(c.lastCheck)).not.toBeNaN();
    }
    expect(r.status).toBe('Healthy');
    expect(r.byName.database!.detail).toBe('SELECT 1 answered');
    expect(r.byName.outbox!.detail).toMatch(/^\d+ waiting, oldest \d+ min, \d+ given up$/);
    expect(r.byName['mail-transport']!.detail).toBe('Dev mailbox is writable');
  });

  it("the content service's own health calls answer", async () => {
    const res = await callApi(portal, callPath(ContentHealthCheckResults));
    expect(res.json!.result).toMatchObject({ status: 'Healthy' });
  });

  it('the outbox fails when its oldest unsent message waits longer than the input (minutes)', async () => {
    await portal.db.query(
      "INSERT INTO outbox (channel, recipient, subject, body_text, kind, created_at) VALUES ('email', 'late@example.test', 'Late', 'Late', 'ServiceScheduled', now() - interval '3 hours')",
    );
    try {
      expect((await configure({ name: 'outbox', input: '240' })).status).toBe(200);
      expect((await results()).byName.outbox).toMatchObject({ status: 'Healthy', detail: expect.stringMatching(/^1 waiting, oldest 18\d min/) });
      expect((await configure({ name: 'outbox', input: '' })).status).toBe(200);
      const r = await results();
      expect(r.byName.outbox).toMatchObject({ status: 'Unhealthy', detail: expect.stringMatching(/over 60 min/) });
      expect(r.status).toBe('Unhealthy');
    } finally {
      await portal.db.query("DELETE FROM outbox WHERE recipient = 'late@example.test'");
    }
  });

  it('a hanging endpoint (URL override to a server that never answers) fails on its own timeout: the answer comes within a second', async () => {
    const hung = await silentServer();
    try {
      expect((await configure({ name: 'content-service', urlOverride: `http://127.0.0.1:${hung.port}/health` })).status).toBe(200);
      const r = await results();
      expect(r.ms).toBeLessThan(1000);
      expect(r.byName['content-service']).toMatchObject({ status: 'Unhealthy', overridden: true, detail: 'No answer within 800 ms' });
      expect(r.byName['content-service']!.latencyMs).toBeGreaterThanOrEqual(790);
      expect(r.byName.database!.status).toBe('Healthy');
      // The public answer never shows the override itself.
      expect(r.raw).not.toContain(String(hung.port));
    } finally {
      await configure({ name: 'content-service', urlOverride: '' });
      await hung.close();
    }
  });

  it('the mail transport down → failing: SMTP refused, and SMTP that never greets (within a second)', async () => {
    const port = await closedPort();
    expect((await configure({ name: 'mail-transport', urlOverride: `smtp://user:secret@127.0.0.1:${port}` })).status).toBe(200);
    let r = await results();
    expect(r.byName['mail-transport']).toMatchObject({ status: 'Unhealthy', overridden: true });
    expect(r.byName['mail-transport']!.detail).toMatch(/ECONNREFUSED/);
    expect(r.raw).not.toContain('secret');
    expect(r.status).toBe('Unhealthy');

    const hung = await silentServer();
    try {
      await configure({ name: 'mail-transport', urlOverride: `smtp://127.0.0.1:${hung.port}` });
      r = await results();
      expect(r.ms).toBeLessThan(1000);
      expect(r.byName['mail-transport']).toMatchObject({ status: 'Unhealthy' });
    } finally {
      await hung.close();
    }
    await configure({ name: 'mail-transport', urlOverride: null });
    expect((await results()).byName['mail-transport']!.status).toBe('Healthy');
  });

  it('UpdateConfiguration: internal admins only, checked, audited (entity healthConfig); GetConfiguration shows it', async () => {
    const agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
    expect((await callApi(portal, UpdateConfiguration.path, { token: agent, body: { AppName: 'AgentPortal', name: 'outbox', input: '5' } })).status).toBe(403);
    const bad = await configure({ name: 'openid-provider', urlOverride: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect((bad.json!.errors as { message: string }[])[0]!.message).toBe('Please enter a valid url');

    expect((await configure({ name: 'shared-service', input: 'AppName=AgentPortal', urlOverride: `${portal.url}/agentdashboard/api/v1/healthcheck` })).status).toBe(200);
    const list = (await callApi(portal, GetHealthConfiguration.path, { token: admin })).json!.result as { name: string; input: string | null; urlOverride: string | null; modifiedBy: string | null }[];
    expect(list.find((c) => c.name === 'shared-service')).toMatchObject({ input: 'AppName=AgentPortal', urlOverride: `${portal.url}/agentdashboard/api/v1/healthcheck`, modifiedBy: 'internal@demo.test' });
    expect((await results()).byName['shared-service']).toMatchObject({ status: 'Healthy', overridden: true });

    const audit = await portal.db.query<{ action: string; entity_id: string; actor_email: string; after: { input: string } }>(
      "SELECT action, entity_id, actor_email, after FROM audit_log WHERE entity = 'healthConfig' AND entity_id = 'shared-service' ORDER BY id DESC LIMIT 1",
    );
    expect(audit[0]).toMatchObject({ action: 'updateHealthConfig', entity_id: 'shared-service', actor_email: 'internal@demo.test', after: { input: 'AppName=AgentPortal' } });
  });
});
