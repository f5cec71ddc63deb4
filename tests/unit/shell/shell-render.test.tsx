// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mutation, SessionState } from '../../../db/engine-api.ts';
import { installEngine, type EngineClient } from '../../../src/lib/engine/connect.ts';
import type { Notification, User } from '../../../db/entities.ts';
import { ShellProvider, type ShellValue } from '../../../src/app/session-context.tsx';
import { BottomNav } from '../../../src/components/layout/bottom-nav.tsx';
import { UnconfirmedBanner } from '../../../src/components/layout/unconfirmed-banner.tsx';
import { NotificationsMenu } from '../../../src/features/notifications/notifications-menu.tsx';
import { host, mountPerTest, render as renderNode } from '../render-root.tsx';
import { settings, user } from './shell-fixtures.ts';

// jsdom lacks the layout observers the menu's positioning uses.
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as never;

// After hooks run last-registered first: the root is unmounted before the real timers come back.
afterEach(() => vi.useRealTimers());
mountPerTest();

function fakeEngine() {
  const mutations: Mutation[] = [];
  const engine = {
    call: async () => ({ ok: true, data: null }),
    refresh: async () => ({ ok: true, data: null }),
    mutate: async (m: Mutation) => {
      mutations.push(m);
      return { ok: true, data: { reply: null, seq: 0, epoch: '' } };
    },
  } as unknown as EngineClient;
  return { engine, mutations };
}

function render(node: ReactNode, u: User, engine: EngineClient, notifications: Notification[] = [], s = settings) {
  installEngine(engine);
  const session: SessionState = { status: 'signed-in', token: 't', user: u };
  const value: ShellValue = { ready: true, session, settings: s, status: null, notifications };
  renderNode(
    <ShellProvider value={value}>
      <MemoryRouter initialEntries={['/home']}>{node}</MemoryRouter>
    </ShellProvider>,
  );
}

const note = (i: number): Notification => ({
  id: `n${i}`, read: false, created_at: new Date(Date.now() - i * 3600_000).toISOString(),
  data: { type: 'admin_message', title: `Title ${i}`, content: 'مرحبا', course_id: null, course_class_id: null },
});

describe('notifications menu', () => {
  it('shows +99 above 99 unread and marks all read about 2 s after opening', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { engine, mutations } = fakeEngine();
    render(<NotificationsMenu />, user({ notifications_count: 150 }), engine, Array.from({ length: 12 }, (_, i) => note(i)));
    const bell = host.querySelector('button[aria-label^="Notifications"]') as HTMLButtonElement;
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 150 unread');
    expect(host.querySelector('[data-testid="notifications-badge"]')?.textContent).toBe('+99');
    // The bell is a stand-in until the menu's code is there: the click loads it and opens the menu.
    await act(async () => bell.click());
    const items = () => [...document.querySelectorAll('[role="menuitem"]')];
    await vi.waitFor(() => expect(items().length).toBeGreaterThan(0));
    expect(items().filter((i) => i.textContent?.includes('Title'))).toHaveLength(10);
    expect(items().some((i) => i.textContent === 'Show all')).toBe(true);
    expect(mutations).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(mutations.map((m) => m.name)).toEqual(['readNotifications']);
    // The badge follows the mirror's user (the worker marks all read there at once, tests/sync):
    // nothing in the tab pretends before it.
    render(<NotificationsMenu />, user({ notifications_count: 0 }), engine, Array.from({ length: 12 }, (_, i) => note(i)));
    expect(host.querySelector('[data-testid="notifications-badge"]')).toBeNull();
    // User-provided text keeps its own direction.
    expect(document.querySelector('[role="menuitem"] [dir="auto"]')).not.toBeNull();
  });
});

describe('bars', () => {
  it('hides Wallet from the bottom navigation unless enable_app_wallet is on', () => {
    const { engine } = fakeEngine();
    render(<BottomNav />, user(), engine, [], { ...settings, enable_app_wallet: false });
    expect(host.textContent).not.toContain('Wallet');
    render(<BottomNav />, user(), engine, [], settings);
    expect(host.textContent).toContain('Wallet');
  });
  it('shows Account not confirmed with a Confirm link for an unconfirmed user', () => {
    const { engine } = fakeEngine();
    render(<UnconfirmedBanner />, user({ email_verified_at: null }), engine);
    expect(host.textContent).toContain('Account not confirmed');
    expect(host.querySelector('a[href="/confirm"]')?.textContent).toBe('Confirm');
    render(<UnconfirmedBanner />, user(), engine);
    expect(host.textContent).not.toContain('Account not confirmed');
  });
});
