// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const preloaded: string[] = [];
const tables: string[] = [];
vi.mock('../../src/app/pages.ts', () => ({
  PAGES: new Proxy({}, { get: (_t, name: string) => ({ preload: () => preloaded.push(name) }) }),
}));
vi.mock('../../src/lib/engine/tables.ts', () => ({
  collectionOf: (t: string) => ({ preload: () => tables.push(t) }),
}));

const { IDLE_START_MS, preloadWhenIdle, screensOf } = await import('../../src/app/preload.ts');

type Who = { role: 'student' | 'teacher'; id: number } | null;

describe('every screen of the role prepared at idle (issue 27 item 2)', () => {
  let who: Who = null;
  let listeners: (() => void)[] = [];
  const onState = (cb: () => void) => (listeners.push(cb), () => void (listeners = listeners.filter((l) => l !== cb)));
  beforeEach(() => {
    vi.useFakeTimers();
    preloaded.length = 0;
    tables.length = 0;
    listeners = [];
    who = null;
  });
  afterEach(() => vi.useRealTimers());

  it('a role gets its own screens only, without parameters', () => {
    const student = screensOf('student').map((d) => d.name);
    const teacher = screensOf('teacher').map((d) => d.name);
    expect(student).toContain('wallet');
    expect(student).not.toContain('salary-report');
    expect(teacher).toContain('salary-report');
    expect(teacher).not.toContain('wallet');
    expect([...student, ...teacher]).not.toContain('course');
    expect([...student, ...teacher]).not.toContain('login');
  });

  it('starts after the load, one screen per idle slice, and not for a guest until the sign-in', async () => {
    const stop = preloadWhenIdle(() => who, onState);
    await vi.advanceTimersByTimeAsync(5 * IDLE_START_MS);
    expect(preloaded).toEqual([]);
    who = { role: 'student', id: 7 };
    listeners.forEach((l) => l());
    await vi.advanceTimersByTimeAsync(IDLE_START_MS - 10);
    expect(preloaded).toEqual([]);
    // The fallback without requestIdleCallback takes a slice every 50 ms: one screen each.
    await vi.advanceTimersByTimeAsync(60);
    expect(preloaded).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50 * 40);
    const all = screensOf('student').map((d) => d.name);
    expect(preloaded).toEqual(all);
    await vi.waitFor(() => expect(tables).toContain('conversations'));
    // Done for this user: another state change does not start again.
    listeners.forEach((l) => l());
    await vi.advanceTimersByTimeAsync(IDLE_START_MS + 50 * 40);
    expect(preloaded).toEqual(all);
    // Another user (a teacher now): their screens.
    who = { role: 'teacher', id: 9 };
    listeners.forEach((l) => l());
    await vi.advanceTimersByTimeAsync(IDLE_START_MS + 50 * 40);
    expect(preloaded.slice(all.length)).toEqual(screensOf('teacher').map((d) => d.name));
    stop();
  });

  it('stops when the user signs out meanwhile', async () => {
    who = { role: 'teacher', id: 9 };
    const stop = preloadWhenIdle(() => who, onState);
    await vi.advanceTimersByTimeAsync(IDLE_START_MS + 60);
    expect(preloaded).toHaveLength(1);
    who = null;
    await vi.advanceTimersByTimeAsync(50 * 40);
    expect(preloaded).toHaveLength(1);
    stop();
  });
});
