/**
 * Reload onto a new build never waits for ever: the waiting worker is asked again while it has not
 * begun to take over (Chromium parks an activation that an event to the old worker overlapped).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askToTakeOver, TAKE_OVER_ASK_EVERY, TAKE_OVER_GIVE_UP } from '../../../src/lib/sw-update.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const worker = (state: ServiceWorkerState = 'installed') => ({ state, postMessage: vi.fn() });

describe('asking the waiting worker to take over', () => {
  it('asks at once, and again while it is still only installed; once it is activating, waits for the controller change', () => {
    const w = worker();
    const reload = vi.fn();
    const stop = askToTakeOver(w as unknown as ServiceWorker, reload);
    expect(w.postMessage).toHaveBeenCalledTimes(1);
    expect(w.postMessage).toHaveBeenLastCalledWith({ type: 'SKIP_WAITING' });
    vi.advanceTimersByTime(TAKE_OVER_ASK_EVERY * 2);
    expect(w.postMessage).toHaveBeenCalledTimes(3);
    w.state = 'activating';
    vi.advanceTimersByTime(TAKE_OVER_ASK_EVERY * 3);
    expect(w.postMessage).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
    stop();
  });

  it('reloads when the worker never takes over within the time, or is replaced by a newer one', () => {
    const parked = worker();
    const reload = vi.fn();
    askToTakeOver(parked as unknown as ServiceWorker, reload);
    vi.advanceTimersByTime(TAKE_OVER_GIVE_UP - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TAKE_OVER_ASK_EVERY);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TAKE_OVER_GIVE_UP);
    expect(reload).toHaveBeenCalledTimes(1);

    const replaced = worker();
    const again = vi.fn();
    askToTakeOver(replaced as unknown as ServiceWorker, again);
    replaced.state = 'redundant';
    vi.advanceTimersByTime(TAKE_OVER_ASK_EVERY);
    expect(again).toHaveBeenCalledTimes(1);
  });
});
