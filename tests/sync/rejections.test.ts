import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Child, Conversation, User } from '../../db/entities.ts';
import type { KvRow, MessageRow } from '../../db/rows.ts';
import { EngineCallError } from '../../src/lib/engine/client.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e as EngineCallError).engineError);

describe('the server says no', () => {
  it('a 422 rolls the pending message back and answers the first field message', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');
    await tab.loadMore({ kind: 'conversations' });
    const conv = ((await tab.snapshot('conversations')) as Conversation[]).find((c) => !c.closed)!;

    const error = await failure(tab.run({ id: 'too-long', name: 'sendMessage', conversationId: conv.id, text: 'x'.repeat(5001) }));
    expect(error).toMatchObject({ kind: 'validation', status: 422, message: 'The text may not be greater than 5000 characters.' });
    // Rolled back: no pending row, nothing left in the outbox.
    expect(((await tab.snapshot('messages')) as MessageRow[]).filter((m) => m.client_key === 'too-long')).toEqual([]);
    expect(await tab.snapshot('outbox')).toEqual([]);
    engine.shutdown();
  });

  it('business codes answer the spec wording, decided by code', async () => {
    const browser = new Browser(server);
    const engine = browser.engine();
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'student@example.com');

    expect(await failure(tab.run({ id: 'borrow-big', name: 'borrow', amount: 100_000 }))).toMatchObject({
      kind: 'rejected', code: 'MAX_BORROW_AMOUNT_EXCEEDED', message: 'You have excceeded max borrow amount',
    });

    await tab.refresh('children');
    const child = ((await tab.snapshot('children')) as Child[])[0]!;
    const credits = ((await tab.snapshot('kv')) as KvRow<User>[]).find((r) => r.key === 'user')!.value.credits;
    expect(await failure(tab.run({ id: 'transfer-big', name: 'transfer', child_id: child.id, amount: Math.ceil(credits) + 10 }))).toMatchObject({
      kind: 'rejected', code: 'NO_ENOUGH_CREDITS', message: 'No Enough Credits',
    });

    // An accepted one updates the user's credits and the children from the reply.
    const before = ((await tab.snapshot('kv')) as KvRow<User>[]).find((r) => r.key === 'user')!.value.credits;
    await tab.run({ id: 'transfer-1', name: 'transfer', child_id: child.id, amount: 1 });
    const after = ((await tab.snapshot('kv')) as KvRow<User>[]).find((r) => r.key === 'user')!.value.credits;
    expect(after).toBeCloseTo(before - 1, 2);
    const childAfter = ((await tab.snapshot('children')) as Child[]).find((c) => c.id === child.id)!;
    expect(childAfter.credits).toBeCloseTo(child.credits + 1, 2);
    engine.shutdown();
  });
});
