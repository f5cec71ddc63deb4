import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForFile, launchBrowser, signIn } from './harness.ts';

/**
 * Screens seen before are kept mounted while hidden and shown again, not rebuilt
 * (src/app/kept-screens.tsx). A kept screen is never stale: what changed in the mirror while it
 * was hidden is on it in the first frame it is shown, whether the user comes back through the
 * menu (a new location) or the browser's back button (the same one). While hidden, it does no
 * rendering work for changes elsewhere in the mirror.
 */

const STUDENT = 'student@example.com';
const SHARED = 1;
const TIMEOUT = 15_000;

const app = appForFile();

const menu = (page: Page, label: string) => page.locator('aside').getByRole('link', { name: label, exact: true });

/** Sends a message from this tab through the engine; resolves once the server's reply is in the mirror. */
async function sendWhileHidden(page: Page, text: string) {
  await page.evaluate(
    async ({ id, text }) => {
      await window.__engine!.run({ id: crypto.randomUUID(), name: 'sendMessage', conversationId: id, text });
    },
    { id: SHARED, text },
  );
}

/**
 * Starts watching every animation frame (the last step before the browser paints) for the inbox
 * to be visible, then runs `go`; answers, for the first three frames it is visible, whether `text`
 * was on it.
 */
function framesAfter(page: Page, text: string, go: 'back' | 'menu'): Promise<string[]> {
  return page.evaluate(
    ({ text, go }) =>
      new Promise<string[]>((resolve) => {
        const frames: string[] = [];
        const visible = () => [...document.querySelectorAll<HTMLElement>('[data-testid=conversation-item]')].some((e) => e.offsetParent !== null);
        const t0 = performance.now();
        const tick = () => {
          if (visible()) frames.push(document.querySelector('main')!.innerText.includes(text) ? 'fresh' : 'stale');
          if (frames.length >= 3) return resolve(frames);
          if (performance.now() - t0 > 10_000) return resolve([...frames, 'not shown']);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        if (go === 'back') history.back();
        else [...document.querySelectorAll<HTMLAnchorElement>('aside a')].find((a) => a.textContent?.trim().startsWith('Inbox'))!.click();
      }),
    { text, go },
  );
}

describe('kept screens', () => {
  it('shows a screen seen before as it was kept, with what changed while it was hidden in its first frame', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      await signIn(page, app.url, STUDENT);
      await page.goto(`${app.url}/inbox?c=${SHARED}`);
      await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: TIMEOUT });
      await page.getByTestId('conversation-item').first().waitFor({ timeout: TIMEOUT });

      // Mark an element of the inbox: the same element must be there when it is shown again.
      await page.evaluate(() => {
        (window as unknown as { kept: Element }).kept = document.querySelector('[data-testid=conversation-item]')!;
      });

      for (const go of ['back', 'menu'] as const) {
        await menu(page, 'Dashboard').click();
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: TIMEOUT });

        // While hidden, the inbox does no rendering work when the mirror changes elsewhere (the
        // user row and the notifications change here): its DOM stays as it was.
        await page.evaluate(() => {
          const hidden = document.querySelector('[data-testid=conversation-item]')!.closest('main > *')!;
          const w = window as unknown as { mutations: number; mo: MutationObserver };
          w.mutations = 0;
          w.mo = new MutationObserver((records) => void (w.mutations += records.length));
          w.mo.observe(hidden, { subtree: true, childList: true, characterData: true, attributes: true });
        });
        await page.evaluate(async () => {
          await window.__engine!.run({ id: crypto.randomUUID(), name: 'readNotifications' });
        });
        await page.waitForTimeout(300);
        const mutations = await page.evaluate(() => {
          const w = window as unknown as { mutations: number; mo: MutationObserver };
          w.mo.disconnect();
          return w.mutations;
        });
        expect(mutations, 'DOM changes in the hidden inbox').toBe(0);

        // Its own rows change while it is hidden: shown again, its first frame has them.
        const text = `changed while hidden (${go}) ${Math.random().toString(36).slice(2, 8)}`;
        await sendWhileHidden(page, text);
        expect(await framesAfter(page, text, go)).toEqual(['fresh', 'fresh', 'fresh']);
        expect(await page.evaluate(() => (window as unknown as { kept: Element }).kept.isConnected), 'the kept element').toBe(true);
        await expect.poll(() => page.title()).toMatch(/^(\(\d+\+?\) )?Inbox ·/);
      }
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
