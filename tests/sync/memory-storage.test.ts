import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Class } from '../../db/entities.ts';
import type { KvRow } from '../../db/rows.ts';
import { mirrorCollection } from '../../src/lib/engine/mirror-collection.ts';
import { MirrorSource } from '../../src/lib/engine/source.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld, until } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

describe('without IndexedDB', () => {
  it('runs on an in-memory mirror, says so, and the collections read it through the engine', async () => {
    const browser = new Browser(server);
    const engine = browser.engine({ memory: true });
    const tab = browser.tab(engine);
    await browser.signIn(tab, 'teacher@example.com');
    expect(tab.getState().status?.storage).toBe('memory');

    // The tab cannot open the database itself (there is none): its collections ask the engine.
    const source = new MirrorSource(() => tab);
    const kv = mirrorCollection<KvRow, string>(() => source, 'kv');
    const classes = mirrorCollection<Class, number>(() => source, 'classes');
    await Promise.all([kv.preload(), classes.preload()]);
    await until('home in the collection', () => kv.has('home'));

    const month = new Date().toISOString().slice(0, 7);
    await tab.watch({ kind: 'calendar', month });
    await until('the month’s classes in the collection', () => classes.size > 0);
    expect(await browser.databases()).toEqual([]);

    // Sign-out empties it like the IndexedDB one.
    await tab.signOut({ force: true });
    await until('collections emptied', () => kv.size === 0 && classes.size === 0);
    engine.shutdown();
  });
});
