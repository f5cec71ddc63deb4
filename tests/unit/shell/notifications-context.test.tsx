// @vitest-environment jsdom
/**
 * The engine's status changes twice with every write (pending, then sent). The bell's menu reads
 * only the notifications: it must not render again when only the status changed.
 */
import { describe, expect, it } from 'vitest';
import type { EngineStatus } from '../../../db/engine-api.ts';
import type { Notification } from '../../../db/entities.ts';
import { ShellProvider, useNotifications, type ShellValue } from '../../../src/app/session-context.tsx';
import { host, mountPerTest, render } from '../render-root.tsx';

mountPerTest();

let renders = 0;
function Bell() {
  renders += 1;
  return <span>{useNotifications().length} notifications</span>;
}

const note = (id: number) => ({ id, read: false, created_at: `2026-11-0${id}T10:00:00Z` }) as unknown as Notification;
const value = (status: Partial<EngineStatus>, notifications: Notification[]): ShellValue => ({
  ready: true,
  session: { status: 'guest' },
  settings: null,
  status: { online: true, pendingMutations: 0, ...status } as EngineStatus,
  notifications,
});

describe('the notifications context', () => {
  it('re-renders its readers when the notifications change, not when only the status does', () => {
    const list = [note(1), note(2)];
    // One element, as the shell's layout is: only a context change renders it again.
    const bell = <Bell />;
    render(<ShellProvider value={value({}, list)}>{bell}</ShellProvider>);
    expect(host.textContent).toBe('2 notifications');
    const first = renders;
    render(<ShellProvider value={value({ pendingMutations: 1 }, list)}>{bell}</ShellProvider>);
    render(<ShellProvider value={value({ pendingMutations: 0, online: false }, list)}>{bell}</ShellProvider>);
    expect(renders).toBe(first);
    render(<ShellProvider value={value({}, [note(3), ...list])}>{bell}</ShellProvider>);
    expect(host.textContent).toBe('3 notifications');
    expect(renders).toBe(first + 1);
  });
});
