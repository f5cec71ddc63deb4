// @vitest-environment jsdom
/**
 * A money change (a transfer, a recharge) or a new message changes the signed-in user's row. The
 * frame's menus read who the user is and their unread count, not the whole user: a change of the
 * credits alone must not render them again (it rendered 1,116 components of the shell on the
 * wallet; the cross-tab money row of `npm run bench` read 78–116 ms p50 then). The credits badge
 * does follow it.
 */
import { Profiler, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../db/entities.ts';
import { ShellProvider, type ShellValue } from '../../../src/app/session-context.tsx';
import { BottomNav } from '../../../src/components/layout/bottom-nav.tsx';
import { SideMenu } from '../../../src/components/layout/side-menu.tsx';
import { TopBar } from '../../../src/components/layout/top-bar.tsx';
import { host, mountPerTest, render } from '../render-root.tsx';
import { settings, user } from './shell-fixtures.ts';

(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as never;

mountPerTest();

const value = (u: User): ShellValue => ({ ready: true, session: { status: 'signed-in', token: 't', user: u }, settings, status: null, notifications: [] });

const renders: Record<string, number> = {};
const counted = (id: string, node: ReactNode) => (
  <Profiler id={id} onRender={() => void (renders[id] = (renders[id] ?? 0) + 1)}>
    {node}
  </Profiler>
);
// One element, as the shell's layout is: only a context change renders its parts again.
const tree = (
  <MemoryRouter initialEntries={['/wallet']}>
    {counted('top bar', <TopBar />)}
    {counted('side menu', <SideMenu />)}
    {counted('bottom nav', <BottomNav />)}
  </MemoryRouter>
);
const badge = () => host.querySelector('[data-testid="credits-badge"]')?.textContent;

describe('a change of the user', () => {
  it('renders the credits badge again, not the menus, when only the credits changed; the menus when the unread count did', () => {
    render(<ShellProvider value={value(user())}>{tree}</ShellProvider>);
    expect(badge()).toContain('10');
    const before = { ...renders };
    render(<ShellProvider value={value(user({ credits: 9, loan_credits: 0 }))}>{tree}</ShellProvider>);
    expect(badge()).toContain('9');
    // The bar's badge is its own component: the bar itself, the menus and the bottom navigation stay as they were.
    expect(renders['side menu']).toBe(before['side menu']);
    expect(renders['bottom nav']).toBe(before['bottom nav']);
    expect(renders['top bar']).toBe(before['top bar']! + 1);
    render(<ShellProvider value={value(user({ credits: 9, unread_inbox_count: 3 }))}>{tree}</ShellProvider>);
    expect(renders['side menu']).toBe(before['side menu']! + 1);
    expect(renders['bottom nav']).toBe(before['bottom nav']! + 1);
    expect(host.querySelector('aside')?.textContent).toContain('3');
  });
});
