/**
 * The live work-order store (src/stores/work-order-events.ts) with the real stream reader (src/lib/api/live.ts):
 * only the network and the page are fakes. The store takes no stream source by injection, so `fetch` answers
 * with an event stream the test writes to, and `document` is an event target with a visibility state.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session } from '../../src/stores/session.ts';
import { $workOrderStream, listenWorkOrderEvents, type WorkOrderEvent } from '../../src/stores/work-order-events.ts';

/** One connection the fake server holds open: what was asked, and a way to send events on it. */
interface Connection {
  url: string;
  headers: Record<string, string>;
  aborted: boolean;
  send(type: string, data: unknown): void;
}

let connections: Connection[] = [];
const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });

/** A `fetch` that answers the events call with an open server-sent event stream. */
function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const connection: Connection = {
    url: String(input),
    headers: { ...(init?.headers as Record<string, string>) },
    aborted: false,
    send: (type, data) => controller.enqueue(encoder.encode(`event: ${type}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)),
  };
  init?.signal?.addEventListener('abort', () => {
    connection.aborted = true;
    controller.error(new DOMException('The operation was aborted.', 'AbortError'));
  });
  connections.push(connection);
  return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
}

/** The connections still open. */
const openConnections = () => connections.filter((c) => !c.aborted);

/** Shows or hides the tab. */
function setVisibility(state: DocumentVisibilityState) {
  page.visibilityState = state;
  page.dispatchEvent(new Event('visibilitychange'));
}

const change: WorkOrderEvent = {
  workOrderId: 'WO500123',
  referralNumber: '12345678',
  agencyNumber: '1001',
  previousStatus: 'Received',
  status: 'Scheduled',
  at: '2026-01-05T10:00:00.000Z',
};

beforeEach(() => {
  connections = [];
  page.visibilityState = 'visible';
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('document', page);
  $session.set({ accessToken: 'token-1', expiresAt: null, sub: 'u1', email: 'a@example.com', name: 'A', dashboardUserRole: 'SFAD_Agent' });
});
afterEach(async () => {
  // Nothing may stay subscribed for the next test: the store closes its stream once nobody listens.
  await vi.waitFor(() => expect(openConnections()).toHaveLength(0), { timeout: 3000 });
  vi.unstubAllGlobals();
  $session.set(null);
});

describe('the live work-order events store', () => {
  it('opens no stream while nobody listens', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connections).toHaveLength(0);
  });

  it('opens one stream for every listener, with the token, and hands each of them the changes', async () => {
    const first = { event: vi.fn(), resync: vi.fn() };
    const second = { event: vi.fn() };
    const stopFirst = listenWorkOrderEvents(first);
    const stopSecond = listenWorkOrderEvents(second);
    await vi.waitFor(() => expect(connections).toHaveLength(1));
    expect(connections[0]!.url).toContain('AgencyWorkOrder/Events');
    expect(connections[0]!.headers.Authorization).toBe('Bearer token-1');

    connections[0]!.send('ready', '{}');
    await vi.waitFor(() => expect($workOrderStream.get()).toBe(true));
    connections[0]!.send('status', change);
    await vi.waitFor(() => expect(second.event).toHaveBeenCalledTimes(1));
    expect(first.event).toHaveBeenCalledWith(change);
    expect(second.event).toHaveBeenCalledWith(change);
    // The first subscription is no reconnection: nothing to resync.
    expect(first.resync).not.toHaveBeenCalled();

    // A listener that left hears nothing more; the stream stays open for the other one.
    stopFirst();
    connections[0]!.send('status', { ...change, status: 'In progress' });
    await vi.waitFor(() => expect(second.event).toHaveBeenCalledTimes(2));
    expect(first.event).toHaveBeenCalledTimes(1);
    expect(openConnections()).toHaveLength(1);

    // The last one leaves: the stream closes (after the store's short unmount delay). Reading the store
    // (`$workOrderStream.get()`) would mount it again, so only the connections are looked at.
    stopSecond();
    await vi.waitFor(() => expect(openConnections()).toHaveLength(0), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections).toHaveLength(1);
  });

  it('closes the stream while the tab is hidden, and reopens it with a resync when shown again', async () => {
    const listener = { event: vi.fn(), resync: vi.fn() };
    const stop = listenWorkOrderEvents(listener);
    await vi.waitFor(() => expect(connections).toHaveLength(1));
    connections[0]!.send('ready', '{}');
    await vi.waitFor(() => expect($workOrderStream.get()).toBe(true));

    setVisibility('hidden');
    expect(connections[0]!.aborted).toBe(true);
    expect($workOrderStream.get()).toBe(false);

    setVisibility('visible');
    await vi.waitFor(() => expect(connections).toHaveLength(2));
    connections[1]!.send('ready', '{}');
    await vi.waitFor(() => expect(listener.resync).toHaveBeenCalledTimes(1));
    expect($workOrderStream.get()).toBe(true);
    connections[1]!.send('status', change);
    await vi.waitFor(() => expect(listener.event).toHaveBeenCalledWith(change));
    stop();
  });
});
