import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CLASS_PARAM } from '../../lib/links.ts';

export { CLASS_PARAM, classLink } from '../../lib/links.ts';

/**
 * A class has an address: the screen that lists it with `?class=<id>` (`/calendar?class=12`, the
 * canonical one, the dashboard's `/home?class=12`, or a teacher's `/classes/coming?class=12`), which
 * opens its dialog over that screen. Every screen with a class dialog takes it from here.
 * Reload, sign-in (the guard keeps the query) and back/forward keep it: opening a class from the
 * screen is a history entry, so Back closes the dialog; closing it takes the query away.
 */

/** What `?class=` names: a class id, or something that is not one (the dialog says so). */
export type ClassRef = number | 'invalid';

/** Reads `?class=`: null when absent, 'invalid' when it is not a positive integer id. */
export function parseClassParam(raw: string | null): ClassRef | null {
  if (raw === null) return null;
  return /^[1-9]\d{0,15}$/.test(raw.trim()) && Number.isSafeInteger(Number(raw)) ? Number(raw) : 'invalid';
}

interface OpenedHere {
  /** Set on the history entry a screen pushed when the user opened a class on it. */
  classOpenedHere?: boolean;
}

/** The class whose dialog the address opens on this screen, and how to open and close one. */
export function useClassInAddress(): { openId: ClassRef | null; open: (id: number) => void; close: () => void } {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openId = parseClassParam(params.get(CLASS_PARAM));
  const openedHere = (location.state as OpenedHere | null)?.classOpenedHere === true;

  const open = useCallback((id: number) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(CLASS_PARAM, String(id));
      return next;
    }, { state: { classOpenedHere: true } satisfies OpenedHere, preventScrollReset: true });
  }, [setParams]);

  const close = useCallback(() => {
    // Opened on this screen: the entry before is the screen without it, so closing is going back to
    // it (a later Forward opens the class again). Arrived with the address (a link, a notification,
    // a reload): the query is taken off in place.
    if (openedHere) return void navigate(-1);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete(CLASS_PARAM);
      return next;
    }, { replace: true, preventScrollReset: true });
  }, [openedHere, navigate, setParams]);

  return { openId, open, close };
}
