import { useLayoutEffect } from 'react';

/**
 * The hand-over from the sign-in page's static copy (written into index.html by the build:
 * scripts/prerender.ts) to the app.
 *
 * While the copy is on screen, the app renders into its own container out of the page, so there is
 * one form on the page, not two. When the app has rendered its first screen (the route's page, or
 * the error screen), the container replaces the copy in one step before the frame is painted (same
 * markup, so nothing moves), with what the user did meanwhile: the values typed, the focus and the
 * caret, and a press on Sign In, which is then made on the app's form.
 */
declare global {
  interface Window {
    /** The app's container, taken out of the page while the static copy is shown. */
    __appRoot?: HTMLElement;
  }
}

/** Where the app renders: its container in the page, or the one the copy stands in for. */
export function appContainer(): HTMLElement {
  return document.getElementById('root') ?? window.__appRoot ?? document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
}

/** Whether the static copy stands in for the app (its container is out of the page). */
export const copyOnScreen = (): boolean => !!window.__appRoot;

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** Puts the app's container in place of the static copy, if the copy is on screen. */
export function endPrerender(): void {
  const copy = document.getElementById('prerender');
  const root = window.__appRoot;
  document.getElementById('prerender-css')?.remove();
  document.querySelectorAll('template[id^="prerender-"]').forEach((t) => t.remove());
  if (!copy || !root) return;
  delete window.__appRoot;

  const active = document.activeElement instanceof HTMLElement && copy.contains(document.activeElement) ? document.activeElement : null;
  const focusIndex = active ? [...copy.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
  const typed = [...copy.querySelectorAll<HTMLInputElement>('input[autocomplete]')]
    .map((input) => ({ input, twin: root.querySelector<HTMLInputElement>(`input[autocomplete="${input.getAttribute('autocomplete')}"]`) }))
    .filter(({ input, twin }) => input.value && twin && !twin.value);
  const submitted = copy.hasAttribute('data-submitted');
  const caret = active instanceof HTMLInputElement ? caretOf(active) : null;

  copy.replaceWith(root);
  // What the user did, once React's commit is over (an input event inside it would be undone by
  // React's restore of its controlled inputs) and before the frame is painted.
  queueMicrotask(() => {
    // The app's inputs are React's: the value goes through the native setter and an input event, as typing would.
    for (const { input, twin } of typed) {
      valueSetter?.call(twin, input.value);
      twin!.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (active) {
      // A field is found by what it is for (its autocomplete), anything else by its place among the focusable.
      const kind = active.getAttribute('autocomplete');
      const target = (kind && root.querySelector<HTMLElement>(`input[autocomplete="${kind}"]`)) || root.querySelectorAll<HTMLElement>(FOCUSABLE)[focusIndex];
      target?.focus({ preventScroll: true });
      if (target instanceof HTMLInputElement && caret) target.setSelectionRange(caret[0], caret[1]);
    }
    // A press on Sign In, made on the app's form once React has taken the values in.
    const form = typed[0]?.twin?.form ?? root.querySelector('form');
    if (submitted && form) setTimeout(() => form.requestSubmit());
  });
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
