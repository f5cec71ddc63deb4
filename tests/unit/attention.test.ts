// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvent } from '../../db/engine-api.ts';
import { notifyNewMessages, setBaseTitle, setNotifications, setUnread } from '../../src/lib/attention.ts';
import { forgetShown } from '../../src/lib/notify-once.ts';

describe('the unread count in the title and on the icon', () => {
  it('puts the count before the screen title, and takes it away at zero', () => {
    const badge = vi.fn(async () => {});
    const clear = vi.fn(async () => {});
    Object.assign(navigator, { setAppBadge: badge, clearAppBadge: clear });
    setBaseTitle('Inbox · Tutoring');
    expect(document.title).toBe('Inbox · Tutoring');
    setUnread(3);
    expect(document.title).toBe('(3) Inbox · Tutoring');
    expect(badge).toHaveBeenLastCalledWith(3);
    setBaseTitle('Dashboard · Tutoring');
    expect(document.title).toBe('(3) Dashboard · Tutoring');
    setUnread(150);
    expect(document.title).toBe('(99+) Dashboard · Tutoring');
    setUnread(0);
    expect(document.title).toBe('Dashboard · Tutoring');
    expect(clear).toHaveBeenCalled();
  });
});

describe('message notifications', () => {
  const shown: { title: string; options: NotificationOptions }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission = vi.fn(async () => (FakeNotification.permission = 'granted'));
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options });
    }
  }
  beforeEach(async () => {
    await forgetShown();
    shown.length = 0;
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockClear();
    vi.stubGlobal('Notification', FakeNotification);
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const now = 1_800_000_000_000;
  /** The claim is an IndexedDB transaction (fake-indexeddb answers on later macrotasks). */
  const settle = () => new Promise((r) => setTimeout(r, 25));
  const msg = (id: number, senderId: number, ageMs = 1000) => ({
    id, conversation_id: 7, type: 'text', text: `hello ${id}`, sender: { id: senderId, name: 'Teacher T' }, created_at_timestamp: Math.floor((now - ageMs) / 1000),
  });
  function feed() {
    let listener: (e: EngineEvent) => void = () => {};
    return { events: (cb: (e: EngineEvent) => void) => ((listener = cb), () => {}), send: (upserts: unknown[]) => listener({ type: 'change', userId: 1, table: 'messages', upserts, deletes: [] }),
      conversation: (last: unknown) => listener({ type: 'change', userId: 1, table: 'conversations', upserts: [{ id: 7, last_message: last }], deletes: [] }) };
  }

  it('asks for permission only when turned on, and notifies only for new messages from others while no tab is visible', async () => {
    const f = feed();
    let visible = false;
    notifyNewMessages(f.events, () => 1, () => visible, () => now);
    f.send([msg(1, 2)]);
    await Promise.resolve();
    expect(shown).toHaveLength(0); // not turned on
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();

    expect(await setNotifications(true)).toBe(true);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    f.send([msg(2, 2), msg(3, 1), msg(4, 2, 10 * 60_000), { ...msg(5, 2), id: 'pending:x', pending: true }]);
    await settle();
    // Only #2: #3 is mine, #4 is an old page being read, the pending one is not sent yet.
    expect(shown.map((s) => s.options.tag)).toEqual(['message-2']);
    expect(shown[0]).toMatchObject({ title: 'Teacher T', options: { body: 'hello 2', data: { url: '/inbox?c=7' } } });

    f.send([msg(2, 2)]); // the same message again (another diff): not twice
    f.conversation(msg(2, 2)); // or as its conversation's last message
    f.conversation(msg(9, 2)); // a message in a conversation that is not open
    await settle();
    expect(shown.map((s) => s.options.tag)).toEqual(['message-2', 'message-9']);
    shown.pop();
    visible = true;
    f.send([msg(6, 2)]); // a tab is visible: the screen says it
    await settle();
    expect(shown).toHaveLength(1);

    expect(await setNotifications(false)).toBe(false);
    visible = false;
    f.send([msg(8, 2)]);
    await settle();
    expect(shown).toHaveLength(1);
  });
});
