import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../db/entities.ts';
import type { KvRow, MessageRow } from '../../db/rows.ts';
import { EngineCallError } from '../../src/lib/engine/client.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld, until } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld({ home: 200 })));
afterAll(() => server.close());

describe('replies are checked before they are written', () => {
  it('a reply that does not fit, of a poll or of a write, is reported and nothing of it is written', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');
    await until('home stored', async () => ((await tab.snapshot('kv')) as KvRow[]).some((r) => r.key === 'home'));
    const homeBefore = ((await tab.snapshot('kv')) as KvRow[]).find((r) => r.key === 'home')!.value;

    // The server starts answering a broken /home (a list where a list of requests should be, a wrong type).
    browser.gate.tamper = (path, body) =>
      path === '/home' ? { data: { ...(body as { data: object }).data, reschedule_requests: 'none', slide_images: 42 } } : body;
    await until('reported', () => browser.bus.seen.some((e) => e.type === 'invalid-reply' && e.path === '/home'));
    const event = browser.bus.seen.find((e) => e.type === 'invalid-reply')!;
    expect(event).toMatchObject({ type: 'invalid-reply', path: '/home' });
    expect((event as { issues: string }).issues).toMatch(/reschedule_requests/);
    expect(browser.warnings.length).toBeGreaterThan(0);
    const homeNow = ((await tab.snapshot('kv')) as KvRow[]).find((r) => r.key === 'home')!.value;
    expect(homeNow).toEqual(homeBefore);

    // A mutation reply that does not fit: the caller hears it; nothing half-written, no pending row left.
    await tab.loadMore({ kind: 'conversations' });
    const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;
    browser.gate.tamper = (path, body) => (path === `/conversations/${conv.id}` ? { data: { ...(body as { data: object }).data, id: 'not-a-number' } } : body);
    const err = await tab.run({ id: 'bad-reply', name: 'sendMessage', conversationId: conv.id, text: 'hello' }).catch((e: EngineCallError) => e.engineError);
    expect(err).toMatchObject({ kind: 'invalid-reply' });
    const rows = ((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.client_key === 'bad-reply');
    expect(rows).toEqual([]);
    expect(await tab.snapshot('outbox')).toEqual([]);

    browser.gate.tamper = undefined;
    engine.shutdown();
  });
});
