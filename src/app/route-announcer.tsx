import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a screen may take to show its heading (its code and data loading) before we give up. */
const WAIT_MS = 10_000;

/**
 * Tells keyboard and screen reader users where a navigation took them: once the new screen shows
 * its <h1>, focus moves there (so the next Tab starts at the top of the screen, and a screen reader
 * reads the heading), unless the user has put focus somewhere else meanwhile (a dialog the screen
 * opened, a field they clicked), in which case the heading is announced in a polite live region.
 *
 * Only navigations the user made: the first page of a visit, and the redirects that settle it
 * (a guest sent to sign in), leave focus where the browser puts it. A change of the query alone
 * (a conversation opened in the inbox, a dialog opened through the address) is no navigation here.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const region = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const before = shown.current;
    shown.current = pathname;
    if (before === null || before === pathname || !interacted) return;
    const origin = document.activeElement;
    const since = performance.now();
    let timer = 0;
    const settle = () => {
      const heading = screenHeading();
      if (!heading) {
        if (performance.now() - since < WAIT_MS) timer = window.setTimeout(settle, 50);
        return;
      }
      const active = document.activeElement;
      const untouched = !active || active === document.body || active === origin || !active.checkVisibility();
      if (untouched) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.setAttribute('data-route-focus', '');
        heading.focus({ preventScroll: true });
      } else if (region.current) {
        region.current.textContent = heading.textContent?.trim() ?? '';
      }
    };
    if (region.current) region.current.textContent = '';
    settle();
    return () => window.clearTimeout(timer);
  }, [pathname]);

  return <Box ref={region} srOnly role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer" />;
}

/** The <h1> of the screen on view (kept screens that are hidden are not displayed). */
function screenHeading(): HTMLElement | null {
  for (const h of document.querySelectorAll<HTMLElement>('main h1')) if (h.checkVisibility()) return h;
  return null;
}

/** Whether the user has pressed a key or pointed at something since the page loaded. */
let interacted = false;
if (typeof window !== 'undefined') {
  const mark = () => {
    interacted = true;
    window.removeEventListener('pointerdown', mark, true);
    window.removeEventListener('keydown', mark, true);
  };
  window.addEventListener('pointerdown', mark, true);
  window.addEventListener('keydown', mark, true);
}
