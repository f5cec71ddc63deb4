// @vitest-environment jsdom
/**
 * The engine answers (its hello: ready, settings, status) while the app's first render is under
 * way, a transition (src/main.tsx). Read as an external store, that change made React throw the
 * render away and render the whole app again in one blocking task (issue 27: 285 ms of a phone's
 * /login at CPU ×4). The shell now takes the change as one more update, where it is read.
 */
import { act, startTransition } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { EngineApi, EngineEvent, SessionState } from '../../../db/engine-api.ts';
import { EngineClient } from '../../../src/lib/engine/client.ts';
import { mountPerTest, root, host } from '../render-root.tsx';

let emit!: (e: EngineEvent) => void;
const client = new EngineClient(
  { hello: () => new Promise(() => {}) } as unknown as EngineApi,
  'tab',
  { subscribe: (cb: (e: EngineEvent) => void) => ((emit = cb), () => {}) },
  { load: () => ({ token: null, user: null, settings: null }), save: () => {}, saveSettings: () => {} },
);
vi.mock('../../../src/lib/engine/connect.ts', () => ({ getEngine: () => client }));
const { EngineBridge } = await import('../../../src/app/engine-bridge.tsx');
const { useShellCore } = await import('../../../src/app/session-context.tsx');

mountPerTest();

const guest = (reason: string) => ({ status: 'guest', reason }) as unknown as SessionState;

describe('EngineBridge', () => {
  it('an engine change during the first render (a transition) does not render the app again; the shell gets it', async () => {
    let screenRenders = 0;
    let changed = false;
    function Screen() {
      screenRenders += 1;
      return <p>screen</p>;
    }
    // The engine's answer lands while the first render is under way.
    function Arrives() {
      if (!changed) {
        changed = true;
        emit({ type: 'session', session: guest('signed-out') } as EngineEvent);
      }
      return null;
    }
    function Reason() {
      const { session } = useShellCore();
      return <span data-testid="reason">{session.status === 'guest' ? String((session as { reason?: string }).reason) : session.status}</span>;
    }
    await act(async () => {
      startTransition(() => root.render(
        <EngineBridge>
          <Arrives />
          <Screen />
          <Reason />
        </EngineBridge>,
      ));
    });
    expect(changed).toBe(true);
    expect(screenRenders).toBe(1);
    expect(host.querySelector('[data-testid=reason]')!.textContent).toBe('signed-out');
    // Later changes reach the shell too.
    await act(async () => emit({ type: 'session', session: guest('expired') } as EngineEvent));
    expect(host.querySelector('[data-testid=reason]')!.textContent).toBe('expired');
    expect(screenRenders).toBe(1);
  });
});
