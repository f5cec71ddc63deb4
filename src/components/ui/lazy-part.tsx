import { useEffect, useState, type ComponentType } from 'react';
import { lazyCode, useLazyCode } from '../../lib/lazy-code.ts';
import { whenSettled } from '../../lib/settled.ts';

/** How the user reached for a part before its code was there: the real one opens, or takes the focus. */
export interface Woken {
  open: boolean;
  focus: boolean;
}
export type Wake = (how: 'hover' | 'focus' | 'press') => void;

/**
 * A part of the shell whose code the first screen does not need: a menu or a drawer, closed until
 * the user reaches for it. Until its code is there, `StandIn` shows (the same trigger button,
 * without the popup's code: menus, dialogs and positioning); a pointer over it or the focus fetches
 * the code, a click shows the real one, opened. Once the first screen has settled the real one is
 * fetched and swapped in anyway, so it is usually there before any click.
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P & { woken: Woken }> }>,
  StandIn: ComponentType<P & { wake: Wake }>,
) {
  const code = lazyCode(load);
  const CLOSED: Woken = { open: false, focus: false };

  return function LazyPart(props: P) {
    const [woken, setWoken] = useState<Woken | null>(code.now() ? CLOSED : null);
    // Pressed before its code was there (offline, say), the stand-in stays until it comes.
    const Real = useLazyCode(code, woken !== null)?.default;
    useEffect(() => {
      if (woken) return;
      // Swapped in while nobody is pressing: a press that starts on the stand-in and ends on the
      // real trigger would be nobody's click.
      return whenSettled(() => void code.fetch().then(() => afterPress(() => setWoken((w) => w ?? CLOSED)), () => {}));
    }, [woken]);
    const wake: Wake = (how) => {
      void code.fetch().catch(() => {});
      if (how === 'press') setWoken({ open: true, focus: true });
    };
    const standIn = <StandIn {...props} wake={wake} />;
    if (!woken || !Real) return standIn;
    return <Real {...props} woken={woken} />;
  };
}

let pressing = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => void (pressing = true), { capture: true, passive: true });
  const up = () => void (pressing = false);
  document.addEventListener('pointerup', up, { capture: true, passive: true });
  document.addEventListener('pointercancel', up, { capture: true, passive: true });
}
function afterPress(run: () => void) {
  if (!pressing) return run();
  document.addEventListener('click', () => setTimeout(run, 0), { once: true, capture: true });
}

/**
 * The stand-in trigger's handlers. A pointer over it, a press starting or the focus only fetch the
 * code; the click (or Enter and Space, which click) wakes the real one, opened: the click has
 * already happened on the stand-in, so the real trigger does not see it again.
 */
export const wakeHandlers = (wake: Wake) => ({
  onPointerEnter: () => wake('hover'),
  onPointerDown: () => wake('hover'),
  onFocus: () => wake('focus'),
  onClick: () => wake('press'),
});
