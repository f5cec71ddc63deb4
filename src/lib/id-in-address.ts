import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * An item whose dialog a screen's address opens: `?<param>=<id>` (a class on the calendar, a class
 * report being edited). Reload, sign-in (the guard keeps the query) and back/forward keep it:
 * opening the item on the screen is a history entry, so Back closes the dialog; closing it takes
 * the query away.
 */

/** What the query names: an id, or something that is not one (the screen says so or ignores it). */
export type IdRef = number | 'invalid';

/** Reads an id query: null when absent, 'invalid' when it is not a positive integer id. */
export function parseIdParam(raw: string | null): IdRef | null {
  if (raw === null) return null;
  return /^[1-9]\d{0,15}$/.test(raw.trim()) && Number.isSafeInteger(Number(raw)) ? Number(raw) : 'invalid';
}

interface OpenedHere {
  /** Set on the history entry a screen pushed when the user opened the item (its query) on it. */
  openedHere?: string;
}

/** The item whose dialog the address opens on this screen under `?<param>=`, and how to open and close one. */
export function useIdInAddress(param: string): { openId: IdRef | null; open: (id: number) => void; close: () => void } {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openId = parseIdParam(params.get(param));
  const openedHere = (location.state as OpenedHere | null)?.openedHere === param;

  const open = useCallback((id: number) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(param, String(id));
      return next;
    }, { state: { openedHere: param } satisfies OpenedHere, preventScrollReset: true });
  }, [param, setParams]);

  const close = useCallback(() => {
    // Opened on this screen: the entry before is the screen without it, so closing is going back to
    // it (a later Forward opens it again). Arrived with the address (a link, a notification, a
    // reload): the query is taken off in place.
    if (openedHere) return void navigate(-1);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete(param);
      return next;
    }, { replace: true, preventScrollReset: true });
  }, [param, openedHere, navigate, setParams]);

  return { openId, open, close };
}
