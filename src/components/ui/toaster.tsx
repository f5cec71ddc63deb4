import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { DURATIONS } from '../../../db/messages.ts';
import { useI18n } from '../../lib/i18n/index.ts';

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

/** Toasts show catalogue messages in the language on view (a switch renames the open ones too). */
export function Toaster() {
  const { t, tMessage } = useI18n();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title dir="auto">{typeof toast.title === 'string' ? tMessage(toast.title) : toast.title}</Toast.Title>}
              {toast.description && <Toast.Description dir="auto">{typeof toast.description === 'string' ? tMessage(toast.description) : toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={t('shell.close')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
