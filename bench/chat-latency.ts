// Live chat (issue 18): message latency, agent sends → staff stream receives, over 1,000 messages sent one after
// the other (each waits for the staff stream to show the previous one). Real sign-ins, real calls, the real
// ChatEvents stream read with fetch: what a chat tab and the console do. The bench server lifts the per-minute
// message limit (CHAT_MESSAGES_PER_MINUTE) so that one agent can send them all.
import { randomUUID } from 'node:crypto';
import { CALLS, callPath } from '../src/lib/api/index.ts';
import { ChatEvents } from '../src/lib/api/chat.ts';
import { readEventStream } from '../src/lib/api/live.ts';
import type { RunningPortal } from '../src/server/server.ts';
import { signInForTokens } from '../tests/unit/helpers/portal.ts';

export interface ChatLatency {
  messages: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;

export async function chatLatency(portal: string, messages = 1000): Promise<ChatLatency> {
  const agent = (await signInForTokens({ url: portal } as RunningPortal, 'agent@demo.test')).access_token;
  const staff = (await signInForTokens({ url: portal } as RunningPortal, 'internal@demo.test')).access_token;
  const post = async (name: keyof typeof CALLS, token: string, body: Record<string, unknown>) => {
    const res = await fetch(`${portal}${callPath(CALLS[name])}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ AppName: 'AgentPortal', ...body }),
    });
    const json = (await res.json()) as { result: { id: number } };
    if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`);
    return json.result;
  };
  await post('SetCareDeskAvailability', staff, { available: true });
  const chat = await post('StartChat', agent, { page: '/dashboard' });
  await post('AcceptChat', staff, { chatId: chat.id });

  // The console's stream: arrivals by clientId.
  const ctl = new AbortController();
  const res = await fetch(`${portal}${callPath(ChatEvents)}`, { headers: { authorization: `Bearer ${staff}` }, signal: ctl.signal });
  const waiting = new Map<string, (at: number) => void>();
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  void readEventStream(res.body!, (type, data) => {
    if (type === 'ready') ready();
    const id = type === 'message' ? (JSON.parse(data) as { clientId: string | null }).clientId : null;
    if (id) waiting.get(id)?.(performance.now());
  }).catch(() => {
    /* closed */
  });
  await isReady;

  const times: number[] = [];
  for (let n = 0; n < messages; n++) {
    const clientId = randomUUID().replaceAll('-', '');
    const arrived = new Promise<number>((r) => waiting.set(clientId, r));
    const t0 = performance.now();
    await post('SendChatMessage', agent, { chatId: chat.id, text: `Bench message ${n}`, clientId });
    times.push((await arrived) - t0);
    waiting.delete(clientId);
  }
  ctl.abort();
  await post('CloseChat', agent, { chatId: chat.id, emailTranscript: false });
  await post('SetCareDeskAvailability', staff, { available: false });
  const sorted = [...times].sort((a, b) => a - b);
  return { messages, p50Ms: round(pct(sorted, 50)), p99Ms: round(pct(sorted, 99)), maxMs: round(sorted.at(-1)!) };
}
