import { useSyncExternalStore } from 'react';

/**
 * Set while a logout runs its delays: the shell shows a "Signing out" screen instead of the
 * guard's own redirect to login, so the teacher ends on the teachers' sign-in page.
 */
let loggingOut = false;
const listeners = new Set<() => void>();

export function setLoggingOut(v: boolean) {
  loggingOut = v;
  listeners.forEach((l) => l());
}
export const isLoggingOut = () => loggingOut;
export function useLoggingOut() {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => loggingOut,
  );
}
