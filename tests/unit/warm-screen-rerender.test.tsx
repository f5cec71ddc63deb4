// @vitest-environment jsdom
/**
 * A kept screen shown again renders again (its live queries reconnect): what it shows must not be
 * rebuilt from scratch each time (bench: "navigation | <Screen> warm").
 */
import { memo, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassReport } from '../../db/entities.ts';
import { host, mountPerTest, render } from './render-root.tsx';

const formatted = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../src/lib/format.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/format.ts')>();
  return {
    ...real,
    formatDate: (...args: Parameters<typeof real.formatDate>) => {
      formatted.calls += 1;
      return real.formatDate(...args);
    },
  };
});

mountPerTest();
afterEach(() => vi.unstubAllGlobals());

const report = (id: number): ClassReport =>
  ({
    id,
    rating: 4.5,
    created_at_timestamp: 1_700_000_000 + id,
    course: { id: 1, name: `Course ${id}` },
    teacher: { id: 2, name: 'Teacher Name' },
    student: { id: 3, name: 'Student Name' },
    class: { id: 100 + id, start_datetime: '2026-11-20T10:00:00Z' },
  }) as unknown as ClassReport;

describe('a screen shown again', () => {
  it('class reports: the rows whose report did not change are not rendered again', async () => {
    const { ReportRow } = await import('../../src/features/class-reports/report-row.tsx');
    const rows = [report(1), report(2), report(3)];
    const open = () => {};
    const list = (n: number) => (
      <ul data-render={n}>
        {rows.map((r) => <ReportRow key={r.id} report={r} role="student" timezone="UTC" onOpen={open} />)}
      </ul>
    );
    render(list(1));
    expect(host.textContent).toContain('Course 3');
    const first = formatted.calls;
    expect(first).toBeGreaterThanOrEqual(3);
    // The parent renders again with the same rows (as on a screen shown again): no row does.
    render(list(2));
    render(list(3));
    expect(formatted.calls).toBe(first);
    // A changed report renders its row again, and only that one.
    rows[1] = { ...rows[1]!, rating: 2 };
    render(list(4));
    expect(formatted.calls - first).toBe(first / 3);
    expect(host.textContent).toContain('2/5');
  });

  it('settings: the notification permission is read once, not on every render', async () => {
    let reads = 0;
    class FakeNotification {
      static get permission() {
        reads += 1;
        return 'default';
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    vi.resetModules();
    const { NotificationSetting } = await import('../../src/features/settings/notification-setting.tsx');
    render(<NotificationSetting key="a" />);
    const once = reads;
    render(<NotificationSetting key="a" />);
    render(<NotificationSetting key="a" />);
    expect(reads).toBe(once);
  });
});

describe("a kept screen's copy of the shell", () => {
  it('a change of the engine status (every sync) re-renders its readers only, not the readers of the user', async () => {
    const { ScreenShellProvider, useShell, useUser } = await import('../../src/app/session-context.tsx');
    type Shell = Parameters<typeof ScreenShellProvider>[0]['value'];
    const renders = { user: 0, status: 0 };
    // Memoised, as a screen's components are below a parent that does not render again.
    const UserName = memoComponent(() => {
      renders.user += 1;
      return <span>{useUser()?.name}</span>;
    });
    const SyncTime = memoComponent(() => {
      renders.status += 1;
      return <span>{useShell().status?.lastSyncAt}</span>;
    });
    const user = { id: 1, name: 'Amina' } as never;
    const base: Shell = { ready: true, session: { status: 'signed-in', user } as never, settings: null, status: { online: true, realtime: 'connected', storage: 'indexeddb', pendingMutations: 0, lastSyncAt: 1 }, notifications: [] };
    const screen = (v: Shell) => (
      <ScreenShellProvider value={v}>
        <UserName />
        <SyncTime />
      </ScreenShellProvider>
    );
    render(screen(base));
    expect(renders).toEqual({ user: 1, status: 1 });
    render(screen({ ...base, status: { ...base.status!, lastSyncAt: 2 } }));
    expect(renders).toEqual({ user: 1, status: 2 });
    expect(host.textContent).toBe('Amina2');
    // The user changing re-renders its readers.
    render(screen({ ...base, session: { status: 'signed-in', user: { id: 1, name: 'Amina B' } } as never, status: { ...base.status!, lastSyncAt: 2 } }));
    expect(renders.user).toBe(2);
    expect(host.textContent).toBe('Amina B2');
  });
});

function memoComponent(fn: () => ReactElement) {
  return memo(fn);
}
