import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../db/entities.ts';
import type { RealtimeConventions } from '../../db/app-config.ts';
import type { MessageRow } from '../../db/rows.ts';
import { seed } from '../../server/seed/index.ts';
import { EngineClient } from '../../src/lib/engine/client.ts';
import { echoClientFactory } from '../../worker/realtime/echo.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, until } from './harness.ts';

/**
 * The engine follows the backend's broadcasting conventions as a tab's hello hands them over
 * (config.json, issue 18): against a server broadcasting broadcastAs() names
 * (BROADCAST_EVENT_NAMES=alias), an engine told `eventNames: 'alias'` (and a bearer-only channel
 * auth) receives a message live; one left with the class names hears nothing.
 */
let server: TestServer;
beforeAll(async () => (server = await startTestServer({ broadcastEventNames: 'alias' }, (db) => seed(db, { scale: 1 }))));
afterAll(() => server.close());

const realtime = echoClientFactory(Pusher);

async function liveMessage(conventions: RealtimeConventions, text: string): Promise<boolean> {
  const browser = new Browser(server);
  const engine = browser.engine({ realtime });
  // As connect.ts does: the configuration comes with the presence promise, before hello.
  const tab = new EngineClient(engine, `tab-${text}`, { subscribe: browser.bus.subscribe }, browser.storage, { visible: true, online: true }, Promise.resolve({ realtime: conventions }));
  const me = await browser.signIn(tab, 'student@example.com');
  await until('realtime connected', () => tab.getState().status?.realtime === 'connected');
  await tab.loadMore({ kind: 'conversations' });
  const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;
  await tab.watch({ kind: 'conversation', id: conv.id });
  await until('subscribed', () => (server.realtime.stats().channels[`private-Conversation.${conv.id}`] ?? 0) > 0);
  await new Promise((r) => setTimeout(r, 200));
  const other = (server.app.db.prepare('SELECT user_id FROM conversation_members WHERE conversation_id = ? AND user_id != ?').get(conv.id, me.id) as { user_id: number }).user_id;
  const before = browser.requests(`/conversations/${conv.id}`).length;
  await server.api('POST', `/test/conversations/${conv.id}/messages`, { body: { sender_id: other, text } });
  const stored = async () => ((await tab.snapshot('messages')) as MessageRow[]).some((m) => m.text === text);
  const deadline = Date.now() + 1500;
  while (Date.now() < deadline && !(await stored())) await new Promise((r) => setTimeout(r, 25));
  const live = (await stored()) && browser.requests(`/conversations/${conv.id}`).length === before;
  await tab.signOut({ force: true }).catch(() => undefined);
  return live;
}

describe('broadcasting conventions from the runtime configuration', () => {
  it('hears broadcastAs() names with eventNames alias (bearer-only channel auth)', async () => {
    expect(await liveMessage({ eventNames: 'alias', authHeaders: 'bearer' }, 'alias heard')).toBe(true);
  });

  it('hears nothing of them with the class names (the default)', async () => {
    expect(await liveMessage({ authHeaders: 'query' }, 'class not heard')).toBe(false);
  });
});
