/**
 * The chat's client-side message bookkeeping (issue 18, src/islands/shared/chat/chat-merge.ts): the panel and the
 * console merge the stream, a send's answer and a reload's state by event id: each message once, in id order, the
 * newest id kept for the stream's resume, and only the other side's fresh messages counted unread.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/lib/api/chat.ts';
import { mergeById, unreadFor } from '../../src/islands/shared/chat/chat-merge.ts';

const msg = (id: number, from: ChatMessage['from'], text = `m${id}`, clientId: string | null = null): ChatMessage => ({
  id,
  chatId: 7,
  from,
  author: from === 'agent' ? 'Alex' : from === 'staff' ? 'Jordan' : 'Agency Care Desk',
  text,
  clientId,
  at: new Date(Date.UTC(2026, 10, 28, 12, 0, id)).toISOString(),
});

describe('mergeById', () => {
  it('adds new messages in id order whatever order they arrive in, and keeps the newest id', () => {
    const r = mergeById([msg(2, 'agent')], [msg(5, 'staff'), msg(3, 'system'), msg(4, 'agent')], 2);
    expect(r.messages.map((m) => m.id)).toEqual([2, 3, 4, 5]);
    expect(r.fresh.map((m) => m.id)).toEqual([5, 3, 4]);
    expect(r.lastId).toBe(5);
  });

  it('shows a message seen twice once: the send answer then the stream, or a replay after a reconnect', () => {
    const sent = msg(10, 'agent', 'hello', 'c1');
    const afterSend = mergeById([msg(9, 'staff')], [sent], 9);
    const afterStream = mergeById(afterSend.messages, [sent], afterSend.lastId);
    expect(afterStream.messages.map((m) => m.id)).toEqual([9, 10]);
    expect(afterStream.fresh).toEqual([]);
    // A replay overlapping what the tab has, plus what it missed.
    const replay = mergeById(afterStream.messages, [msg(9, 'staff'), msg(10, 'agent', 'hello', 'c1'), msg(11, 'staff'), msg(12, 'staff')], afterStream.lastId);
    expect(replay.messages.map((m) => m.id)).toEqual([9, 10, 11, 12]);
    expect(replay.fresh.map((m) => m.id)).toEqual([11, 12]);
    expect(replay.lastId).toBe(12);
  });

  it('never moves the resume point back (an older state after a newer stream event)', () => {
    const r = mergeById([msg(20, 'staff')], [msg(15, 'agent')], 20);
    expect(r.lastId).toBe(20);
    expect(r.messages.map((m) => m.id)).toEqual([15, 20]);
    expect(mergeById([], [], 31).lastId).toBe(31);
  });

  it('does not change the list it was given', () => {
    const current = [msg(1, 'agent')];
    mergeById(current, [msg(2, 'staff')]);
    expect(current.map((m) => m.id)).toEqual([1]);
  });
});

describe('unreadFor', () => {
  const fresh = [msg(1, 'agent'), msg(2, 'system', 'Jordan joined the chat.'), msg(3, 'staff'), msg(4, 'agent')];
  it("the agent's unread are the care desk's messages and system lines", () => {
    expect(unreadFor(fresh, 'agent').map((m) => m.id)).toEqual([2, 3]);
  });
  it("staff's unread are the agent's messages", () => {
    expect(unreadFor(fresh, 'staff').map((m) => m.id)).toEqual([1, 4]);
  });
  it('a duplicate counts nothing: only fresh messages are counted', () => {
    const first = mergeById([], [msg(3, 'staff')]);
    const again = mergeById(first.messages, [msg(3, 'staff')], first.lastId);
    expect(unreadFor(first.fresh, 'agent')).toHaveLength(1);
    expect(unreadFor(again.fresh, 'agent')).toHaveLength(0);
  });
});
