// @vitest-environment jsdom
/**
 * The install banner (spec section 9: it appears 1 s after the app can be installed). Signed in it
 * enters the page's flow and moves the screen down, so it waits for a pause in the user's presses
 * and keys: a tap under way must not land on whatever moved under the finger.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_PROMPT_DELAY, INSTALL_PROMPT_QUIET, InstallPrompt } from '../../../src/components/layout/install-prompt.tsx';
import { host, mountPerTest, render } from '../render-root.tsx';

mountPerTest();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

/** What Chrome fires when the app can be installed. */
const offer = () => {
  const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
  act(() => void window.dispatchEvent(e));
};
const after = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const shown = () => host.querySelector('[role="region"]') !== null;

describe('the install banner', () => {
  it('shows 1 s after the browser offers the app', () => {
    render(<InstallPrompt />);
    offer();
    after(INSTALL_PROMPT_DELAY - 1);
    expect(shown()).toBe(false);
    after(1);
    expect(shown()).toBe(true);
    expect(host.textContent).toContain('Install the app');
  });

  it('does not appear within 1 s of a press or a key, and appears after such a pause', () => {
    expect(INSTALL_PROMPT_QUIET).toBe(1000);
    render(<InstallPrompt />);
    offer();
    after(700);
    window.dispatchEvent(new Event('pointerdown'));
    after(300); // 1 s after the offer, 300 ms after the press
    expect(shown()).toBe(false);
    after(600);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    after(999);
    expect(shown()).toBe(false);
    after(1);
    expect(shown()).toBe(true);
  });

  it('is not offered again in a session where the user said not now', () => {
    render(<InstallPrompt />);
    offer();
    after(INSTALL_PROMPT_DELAY);
    act(() => (host.querySelector('button:nth-of-type(2)') as HTMLButtonElement).click());
    expect(shown()).toBe(false);
    offer();
    after(INSTALL_PROMPT_DELAY + INSTALL_PROMPT_QUIET);
    expect(shown()).toBe(false);
  });
});
