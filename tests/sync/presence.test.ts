import { describe, expect, it } from 'vitest';
import { tabLockName } from '../../db/ids.ts';
import { presenceWatcher } from '../../worker/coordination/locks.ts';
import { Engine } from '../../worker/engine/engine.ts';
import { createMirrorProvider } from '../../worker/storage/provider.ts';
import { FakeLocks } from './fakes/locks.ts';
import { until } from './harness.ts';

/** A tab's presence is part of the engine: hello starts watching the tab's lock, and its release says bye. */
describe('tab presence', () => {
  it('a tab that goes away without bye is noticed through the lock it held before its hello', async () => {
    const locks = new FakeLocks();
    const engine = new Engine({
      fetch: async () => {
        throw new TypeError('no network in this test');
      },
      storage: createMirrorProvider({ forceMemory: true }),
      broadcast: () => undefined,
      watchPresence: presenceWatcher(locks),
      log: { warn: () => undefined },
    });
    const gone: string[] = [];
    const bye = engine.bye.bind(engine);
    engine.bye = (tabId) => (gone.push(tabId), bye(tabId));

    // The page takes its presence lock for its whole life, then says hello.
    let close!: () => void;
    void locks.request(tabLockName('tab-a'), () => new Promise<void>((r) => (close = r)));
    await engine.hello('tab-a', {});
    await engine.hello('tab-a', {}); // a second hello (a new leader's replay) watches it once
    expect(gone).toEqual([]);

    close();
    await until('the engine said bye for the tab', () => gone.length > 0);
    expect(gone).toEqual(['tab-a']);
    engine.shutdown();
  });
});
