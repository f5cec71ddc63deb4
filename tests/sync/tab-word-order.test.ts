import { afterAll, beforeAll, expect, it } from 'vitest';
import { EngineClient } from '../../src/lib/engine/client.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, startWorld } from './harness.ts';

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

/**
 * A tab says hello once its presence lock is held; until then the page may already have heard
 * that the network came back, or been hidden, and said so. Hello tells the engine what the tab is
 * when it is sent, so it does not undo what the tab said before it.
 */
it("what a tab said before its hello went out is not undone by the hello", async () => {
  const browser = new Browser(server);
  const engine = browser.engine();
  let held!: () => void;
  const presence = new Promise<void>((r) => (held = r));
  // The page started offline and visible.
  const tab = new EngineClient(engine, 'late-hello', { subscribe: browser.bus.subscribe }, browser.storage, { visible: true, online: false }, presence);
  // While its presence lock is being taken, the network returns and the tab is hidden.
  await tab.setOnline(true);
  await tab.setVisible(false);
  held();
  await tab.started;
  expect(tab.getState().status).toMatchObject({ online: true, anyTabVisible: false });
  engine.shutdown();
});
