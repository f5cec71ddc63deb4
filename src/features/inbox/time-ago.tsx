import { useSyncExternalStore } from 'react';
import { formatRelative } from '../../lib/format.ts';

/**
 * "5 minutes ago" that stays current. All labels share one timer (started by the first, stopped
 * with the last), and only the label's own text node re-renders: the list around it does not.
 */
const TICK_MS = 20_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(fn: () => void) {
  listeners.add(fn);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(fn);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const snapshot = () => now;

/** `seconds` is a Unix timestamp (the API's `*_timestamp` fields). */
export function TimeAgo({ seconds }: { seconds: number }) {
  const t = useSyncExternalStore(subscribe, snapshot, snapshot);
  const ms = seconds * 1000;
  // A clock slightly behind the server's would say "1 minute left" for a message just sent.
  return <time dateTime={new Date(ms).toISOString()}>{formatRelative(Math.min(ms, t), t)}</time>;
}
