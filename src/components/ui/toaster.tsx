import { createToaster } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { DURATIONS } from '../../../db/messages.ts';
import { lazyCode, useLazyCode } from '../../lib/lazy-code.ts';
import { whenSettled } from '../../lib/settled.ts';

/** The gap between the navbar (85 px from md up, 65-70 px on phones) and the first toast. */
const BELOW_NAVBAR = 'calc(85px + 0.5rem)';

/**
 * One toaster for the app; screens call `notify` with a message from the catalogue. Toasts sit at
 * the top, under the navbar, over the page's heading: at the bottom right they covered the primary
 * actions (Save Changes, Send, My Family's add button) and took their clicks.
 */
export const toaster = createToaster({
  placement: 'top',
  offsets: { top: BELOW_NAVBAR, bottom: '1rem', left: '1rem', right: '1rem' },
  pauseOnPageIdle: true,
  max: 4,
});

type Kind = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows a message. Durations follow the specs (section 9): snack messages 4 s by default, the
 * default message (errors) 5 s; callers pass others (snackbar 2 s, referral copied 2 s...).
 */
export function notify(kind: Kind, text: string, duration?: number) {
  return toaster.create({
    // The same message again while it is shown is not stacked a second time.
    id: `${kind}:${text}`,
    type: kind,
    title: text,
    duration: duration ?? (kind === 'error' ? DURATIONS.default : DURATIONS.snack),
    closable: true,
  });
}

/**
 * For a dialog's `onInteractOutside`: a click on a toast (closing it, say) is not a click outside
 * the dialog, so it must not close the dialog the toast is talking about.
 */
export function keepOpenOnToast(e: { detail?: { target?: EventTarget | null; originalEvent?: Event | null }; preventDefault(): void }) {
  // The outside event is fired on the dialog itself; what was touched is in its detail.
  const target = e.detail?.target ?? e.detail?.originalEvent?.target ?? null;
  if (target instanceof Element && target.closest('[data-scope="toast"]')) e.preventDefault();
}

const toastListCode = lazyCode(() => import('./toast-list.tsx'));

/**
 * Where the toasts show. Their code (the toast machine, its parts and styles) is not in the first
 * screen: it is fetched when the first toast is asked for, or once the first screen has settled.
 * A toast created before it is there waits in the toaster's store and shows as soon as it is
 * (offline, once the connection is back).
 */
export function Toaster() {
  const [wanted, setWanted] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const unsubscribe = toaster.subscribe(want);
    const cancel = whenSettled(want);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [wanted]);
  const ToastList = useLazyCode(toastListCode, wanted)?.default;
  return ToastList ? <ToastList /> : null;
}
