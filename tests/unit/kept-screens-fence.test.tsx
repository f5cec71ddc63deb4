// @vitest-environment jsdom
/**
 * Kept screens and the router's contexts (src/app/kept-screens.tsx, `RouterFence`): a navigation
 * changes the router's state, location and route, and React looked for their readers through every
 * hidden screen on each navigation, rendering each one it found (at idle priority, but on every
 * navigation). A hidden screen now renders nothing when the user moves between other screens, and
 * the reader is up to date again in the render that shows its screen.
 */
import { act } from 'react';
import { createMemoryRouter, NavLink, RouterProvider, useNavigation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { KeptOutlet } from '../../src/app/kept-screens.tsx';
import { ShellProvider, type ShellValue } from '../../src/app/session-context.tsx';
import { host, mountPerTest, render } from './render-root.tsx';

mountPerTest();

const shell: ShellValue = { ready: true, session: { status: 'guest' }, settings: null, status: null, notifications: [] };

/** Renders of each screen's deep reader of the router's state, by screen. */
const renders: Record<string, number> = {};

function Deep({ name }: { name: string }) {
  const navigation = useNavigation();
  renders[name] = (renders[name] ?? 0) + 1;
  return (
    <p data-screen={name}>
      {name} {navigation.state} <NavLink to={`/${name}`}>here</NavLink>
    </p>
  );
}

const screen = (name: string) => ({ path: name, element: <section><div><Deep name={name} /></div></section> });

describe('kept screens and the router', () => {
  it('a hidden screen renders nothing on navigations between other screens, and is current when shown again', async () => {
    const router = createMemoryRouter(
      [{ path: '/', element: <KeptOutlet userKey="u" keep />, children: ['a', 'b', 'c'].map(screen) }],
      { initialEntries: ['/a'] },
    );
    render(
      <ShellProvider value={shell}>
        <RouterProvider router={router} />
      </ShellProvider>,
    );
    const go = (to: string) => act(() => router.navigate(to));
    await go('/b');
    await go('/c');
    expect(host.querySelectorAll('[data-screen]')).toHaveLength(3);
    const hiddenA = renders.a!;
    // a is hidden: moving between b and c changes the router's contexts four times.
    await go('/b');
    await go('/c');
    await go('/b');
    await go('/c');
    expect(renders.a).toBe(hiddenA);
    // Shown again, a renders once more with the router's current state, and its link is the active one.
    await go('/a');
    expect(renders.a).toBeGreaterThan(hiddenA);
    const a = host.querySelector('[data-screen=a]')!;
    expect(a.textContent).toContain('a idle');
    expect(a.querySelector('a')!.getAttribute('aria-current')).toBe('page');
  });
});
