// @vitest-environment jsdom
/**
 * A screen's code that did not come is not kept as a failure (React's `lazy` kept it for the
 * page's lifetime): offline, the screen says so and opens once the browser is back online.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../../src/app/lazy-page.ts';
import { getSystem } from '../../../src/app/theme.ts';
import { host, mountPerTest, root } from '../render-root.tsx';

mountPerTest();
// The development build logs the failed load (the tests' own, expected).
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const setOnline = (on: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(on);
const show = (Page: React.ComponentType) =>
  act(async () =>
    root.render(
      <ChakraProvider value={getSystem()}>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </ChakraProvider>,
    ),
  );

describe('a screen whose code could not come', () => {
  it('offline: says the screen opens once the connection is back, with no reload to offer; back online, it opens', async () => {
    setOnline(false);
    let tries = 0;
    const Page = lazyPage(async () => {
      tries += 1;
      if (!navigator.onLine) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <h1>Inbox</h1> };
    });
    await show(Page);
    expect(host.textContent).toContain('You are offline. This screen opens once the connection is back.');
    expect(host.querySelector('button')).toBeNull();
    expect(tries).toBe(1);
    setOnline(true);
    await act(async () => void dispatchEvent(new Event('online')));
    expect(host.textContent).toBe('Inbox');
    expect(tries).toBe(2);
  });

  it('a failed preload is not kept: the render loads again', async () => {
    setOnline(false);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue({ default: () => <h1>Wallet</h1> });
    const Page = lazyPage(load);
    expect(await Page.preload()).toBe(false);
    setOnline(true);
    await show(Page);
    expect(host.textContent).toBe('Wallet');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('left while offline, a later visit loads again', async () => {
    setOnline(false);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue({ default: () => <h1>Settings</h1> });
    const Page = lazyPage(load);
    await show(Page);
    expect(host.textContent).toContain('You are offline.');
    await act(async () => root.render(<p>elsewhere</p>));
    // Still offline by the flag, but a service worker could hold the build: the visit tries.
    await show(Page);
    expect(host.textContent).toBe('Settings');
  });
});
