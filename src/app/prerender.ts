import { useLayoutEffect } from 'react';

/**
 * The hand-over from the sign-in page's static copy (written into index.html by the build:
 * scripts/prerender.ts) to the app.
 *
 * While the copy is on screen, the app renders into its own container out of the page, so there is
 * one form on the page, not two. When the app has rendered its first screen (the route's page, or
 * the error screen), the container replaces the copy in one step before the frame is painted (same
 * markup, so nothing moves), with what the user did meanwhile: the values typed or chosen, the focus and
 * the caret, the last press on a button and a press on Sign In, each then made on the app's own, and
 * a press under way at the hand-over (down on the copy, up on the app), finished on the app's button.
 */
declare global {
  interface Window {
    /** The app's container, taken out of the page while the static copy is shown. */
    __appRoot?: HTMLElement;
  }
  interface HTMLElement {
    /** On the copy: the last button pressed in it (not Sign In), set by index.html's inline script. */
    __pressed?: HTMLButtonElement;
    /** On the copy: the button a press went down on and has not come up yet (null once it has). */
    __down?: HTMLButtonElement | null;
  }
}

/** Where the app renders: its container in the page, or the one the copy stands in for. */
export function appContainer(): HTMLElement {
  return document.getElementById('root') ?? window.__appRoot ?? document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
}

/** Whether the static copy stands in for the app (its container is out of the page). */
export const copyOnScreen = (): boolean => !!window.__appRoot;

const inputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
const selectValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;

/** Puts the app's container in place of the static copy, if the copy is on screen. */
export function endPrerender(): void {
  const copy = document.getElementById('prerender');
  const root = window.__appRoot;
  document.getElementById('prerender-css')?.remove();
  document.querySelectorAll('template[id^="prerender-"]').forEach((t) => t.remove());
  if (!copy || !root) return;
  delete window.__appRoot;

  const active = document.activeElement instanceof HTMLElement && copy.contains(document.activeElement) ? document.activeElement : null;
  const typed = [...copy.querySelectorAll<HTMLInputElement>('input[autocomplete]')]
    .map((input) => ({ input, twin: root.querySelector<HTMLInputElement>(`input[autocomplete="${input.getAttribute('autocomplete')}"]`) }))
    .filter(({ input, twin }) => input.value && twin && !twin.value);
  // A list (the language) set to another option than the one it was written with. A list written
  // without its option (a build before scripts/prerender.ts wrote `selected`) says nothing of what
  // the user did: its first option showed, and taking it as a choice switched an Arabic page to English.
  const chosen = [...copy.querySelectorAll('select')]
    .filter((select) => select.selectedOptions[0] && Array.from(select.options).some((o) => o.defaultSelected) && !select.selectedOptions[0].defaultSelected)
    .map((select) => ({ value: select.value, twin: twinOf(select, copy, root) }));
  const pressed = copy.__pressed ? twinOf(copy.__pressed, copy, root) : null;
  const down = copy.__down ? twinOf(copy.__down, copy, root) : null;
  const submitted = copy.hasAttribute('data-submitted');
  const caret = active instanceof HTMLInputElement ? caretOf(active) : null;

  copy.replaceWith(root);
  // What the user did, once React's commit is over (an input event inside it would be undone by
  // React's restore of its controlled inputs) and before the frame is painted.
  queueMicrotask(() => {
    // The app's inputs are React's: the value goes through the native setter and an event, as the user's would.
    for (const { input, twin } of typed) {
      inputValue?.call(twin, input.value);
      twin!.dispatchEvent(new Event('input', { bubbles: true }));
    }
    for (const { value, twin } of chosen) {
      if (!(twin instanceof HTMLSelectElement)) continue;
      selectValue?.call(twin, value);
      twin.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (active) {
      // A field is found by what it is for (its autocomplete), anything else by its place in the screen.
      const kind = active.getAttribute('autocomplete');
      const target = (kind && root.querySelector<HTMLElement>(`input[autocomplete="${kind}"]`)) || twinOf(active, copy, root);
      target?.focus({ preventScroll: true });
      if (target instanceof HTMLInputElement && caret) target.setSelectionRange(caret[0], caret[1]);
    }
    if (pressed instanceof HTMLButtonElement) pressed.click();
    // A press on Sign In, made on the app's form once React has taken the values in.
    const form = typed[0]?.twin?.form ?? root.querySelector('form');
    if (submitted && form) setTimeout(() => form.requestSubmit());
  });
  if (down) endPress(down);
}

/**
 * A press that went down on the copy's button and comes up after the hand-over, over the app's
 * twin of that button: the browser sends its click nowhere (down and up were on two elements, one
 * gone), so the press would be lost; the twin is clicked instead. A press released elsewhere, or
 * cancelled, is not a click, as on any button.
 */
function endPress(twin: HTMLElement): void {
  const stop = () => {
    removeEventListener('pointerup', up, true);
    removeEventListener('pointercancel', stop, true);
  };
  const up = (e: PointerEvent) => {
    stop();
    const over = document.elementFromPoint(e.clientX, e.clientY);
    if (!over || !twin.contains(over)) return;
    // Should this browser click the twin itself after all, that click is the press.
    let clicked = false;
    const seen = () => (clicked = true);
    twin.addEventListener('click', seen, { once: true });
    setTimeout(() => {
      twin.removeEventListener('click', seen);
      if (!clicked) twin.click();
    });
  };
  addEventListener('pointerup', up, true);
  addEventListener('pointercancel', stop, true);
}

/**
 * The element at the same place in the app's tree as `el` in the copy (the markup is the same),
 * when it is the same kind of element; else null.
 */
function twinOf(el: Element, copy: Element, root: Element): HTMLElement | null {
  const path: number[] = [];
  for (let n: Element = el; n !== copy && n.parentElement; n = n.parentElement) path.unshift([...n.parentElement.children].indexOf(n));
  let twin: Element | undefined = root;
  for (const i of path) twin = twin?.children[i];
  return twin instanceof HTMLElement && twin.tagName === el.tagName && twin.getAttribute('aria-label') === el.getAttribute('aria-label') ? twin : null;
}

/** An input's selection, or null for a type without one (email, number). */
function caretOf(input: HTMLInputElement): [number, number] | null {
  try {
    return input.selectionStart === null ? null : [input.selectionStart, input.selectionEnd ?? input.selectionStart];
  } catch {
    return null;
  }
}

/** Rendered beside a screen: ends the static copy in the commit that shows the screen. */
export function PrerenderEnd() {
  useLayoutEffect(endPrerender, []);
  return null;
}
