// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineError, EngineStatus, Resource, Result } from '../../db/engine-api.ts';
import { RouteDataProvider, useRouteData, type RouteData } from '../../src/app/route-data.tsx';
import { ShellProvider, type ShellValue } from '../../src/app/session-context.tsx';
import { loadPhase } from '../../src/components/ui/load-phase.ts';
import { installEngine, type EngineClient } from '../../src/lib/engine/connect.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('loadPhase: which of its states a screen shows', () => {
  const base = { ready: true, hasData: false, answered: false, failed: false };
  it('what the mirror holds, whatever the request did', () => {
    expect(loadPhase({ ...base, hasData: true })).toBe('data');
    expect(loadPhase({ ...base, hasData: true, failed: true })).toBe('data');
  });
  it('loading while the mirror is read or the request is in flight', () => {
    expect(loadPhase({ ...base, ready: false, answered: true })).toBe('loading');
    expect(loadPhase(base)).toBe('loading');
  });
  it('the empty text only once the server said so; the error when it could not be asked', () => {
    expect(loadPhase({ ...base, answered: true })).toBe('empty');
    expect(loadPhase({ ...base, failed: true })).toBe('error');
  });
});

const failure: EngineError = { kind: 'server', status: 500, message: 'Error occurred during fetching data' };
const status = (online: boolean): EngineStatus => ({ online, realtime: 'connected', storage: 'indexeddb', pendingMutations: 0, lastSyncAt: null });

describe("RouteDataProvider: a route's refresh, its failure and its Retry", () => {
  let host: HTMLDivElement;
  let root: Root;
  let calls: { r: Resource; force: boolean }[];
  let answers: Result<null>[];
  let seen: RouteData;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    calls = [];
    answers = [];
    installEngine({
      refresh: async (r: Resource, opts?: { force?: boolean }) => {
        calls.push({ r, force: !!opts?.force });
        return answers.shift() ?? { ok: true, data: null };
      },
    } as unknown as EngineClient);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  function Probe() {
    seen = useRouteData();
    return null;
  }
  const render = (online: boolean) =>
    act(async () => {
      const shell: ShellValue = { ready: true, session: { status: 'guest' }, settings: null, status: status(online), notifications: [] };
      root.render(
        <ShellProvider value={shell}>
          <RouteDataProvider resources={['courses']}>
            <Probe />
          </RouteDataProvider>
        </ShellProvider>,
      );
    });

  it('unsettled until the refresh answers; its failure; Retry asks again (forced) and clears it', async () => {
    answers.push({ ok: false, error: failure });
    await render(true);
    expect(seen).toMatchObject({ settled: true, failed: failure, retrying: false });
    expect(calls).toEqual([{ r: 'courses', force: false }]);

    await act(async () => seen.retry());
    expect(calls.at(-1)).toEqual({ r: 'courses', force: true });
    expect(seen).toMatchObject({ settled: true, failed: null, retrying: false });
  });

  it('a failed refresh is asked again when the network comes back, not before', async () => {
    answers.push({ ok: false, error: { kind: 'offline', message: 'offline' } });
    await render(false);
    expect(seen.failed?.kind).toBe('offline');
    await render(false);
    expect(calls).toHaveLength(1);
    await render(true);
    expect(calls).toEqual([{ r: 'courses', force: false }, { r: 'courses', force: true }]);
    expect(seen.failed).toBeNull();
  });
});
