import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KvRow } from '../../db/rows.ts';
import { setSetting } from '../../server/lib/settings.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

describe('the children list', () => {
  it('keeps GET /childs meta.cap_running in kv children-meta, so the family screen can hide creation', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab('student@example.com');
    const meta = async () => ((await tab.snapshot('kv')) as KvRow[]).find((r) => r.key === 'children-meta')?.value;

    expect((await tab.refresh('children', { force: true })).ok).toBe(true);
    expect(await meta()).toEqual({ cap_running: false });
    setSetting(server.app.db, 'children_cap_running', true);
    expect((await tab.refresh('children', { force: true })).ok).toBe(true);
    expect(await meta()).toEqual({ cap_running: true });
    setSetting(server.app.db, 'children_cap_running', false);
    engine.shutdown();
  });
});
