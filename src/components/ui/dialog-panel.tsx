import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { keepOpenOnToast } from './toaster.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import type { AppDialogProps } from './dialog-root.tsx';

type RootProps = ComponentProps<typeof Dialog.Root>;

// The implementation of dialog-root.tsx's AppDialog, loaded on a dialog's first opening (or once
// the first screen has settled): Chakra's dialog, its machine, focus trap and scroll lock.

/**
 * The app's dialog root: Chakra's, except that
 * - a click on a toast (closing it, say) is not a click outside the dialog, so it does not close
 *   the dialog the toast is talking about;
 * - focus returns to what opened it (the element focused when it was opened), even for a dialog
 *   that is opened by being mounted, where Chakra has no trigger to return to;
 * - a closed dialog leaves nothing behind: once its exit is over it is unmounted (the next opening
 *   starts afresh, with its own opener), and when its screen is hidden during the exit (the user
 *   closed it and navigated at once; kept screens disconnect a hidden screen's effects, so Chakra
 *   never hears that its animation was cancelled) it is unmounted there and then, instead of
 *   leaving an invisible backdrop over the screen when it is shown again.
 * Every dialog of the app uses this one (through `AppDialog` below) instead of `Dialog.Root`.
 */
function DialogRoot({ open = false, onExitComplete, ...props }: RootProps) {
  const [present, setPresent] = useState(open);
  if (open && !present) setPresent(true);
  const openRef = useRef(open);
  useLayoutEffect(() => {
    openRef.current = open;
  }, [open]);
  // Registered while closed: its cleanup runs when the dialog opens again (openRef is already
  // true then), or when the screen is hidden or the dialog unmounted (still closed).
  useEffect(() => {
    if (open) return;
    return () => {
      if (!openRef.current) setPresent(false);
    };
  }, [open]);
  if (!present) return null;
  const exited = () => {
    if (!openRef.current) setPresent(false);
    onExitComplete?.();
  };
  return <OpenDialogRoot open={open} onExitComplete={exited} {...props} />;
}

/** Mounted from the dialog's opening to the end of its exit: the opener is the element focused when it opened. */
function OpenDialogRoot(props: RootProps) {
  const [opener] = useState(() => (typeof document !== 'undefined' ? (document.activeElement as HTMLElement | null) : null));
  const finalFocusEl = () => (opener && opener !== document.body && opener.isConnected ? opener : null);
  return <Dialog.Root onInteractOutside={keepOpenOnToast} finalFocusEl={finalFocusEl} {...props} />;
}

/**
 * One dialog tree for the whole app: backdrop, a centred panel, a title, a body, a footer and a
 * close button. With `onSubmit` it is a form dialog: the panel is the `<form>` (Enter submits, the
 * browser's own validation is off: each form shows its own messages), the footer has Cancel and the
 * submit button, and nothing closes it while `busy`. Without `onSubmit` it shows `footer` as given.
 */
export default function AppDialogPanel({
  title, children, footer, onClose, busy = false, onSubmit, submitLabel, submitPalette, label, closeLabel, closeButton = true, formProps,
  bodyProps, contentProps, open = true, placement = 'center', size = 'sm', ...root
}: AppDialogProps) {
  const { t } = useI18n();
  const sections = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body {...bodyProps}>{children}</Dialog.Body>
      {(footer || onSubmit) && (
        <Dialog.Footer>
          {footer ?? (
            <>
              <Button variant="outline" type="button" disabled={busy} onClick={onClose}>
                {t('shell.cancel')}
              </Button>
              <Button type="submit" loading={busy} colorPalette={submitPalette}>
                {submitLabel}
              </Button>
            </>
          )}
        </Dialog.Footer>
      )}
    </>
  );
  const close = closeButton && (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" disabled={busy} aria-label={closeLabel ?? t('shell.close')} />
    </Dialog.CloseTrigger>
  );
  return (
    <DialogRoot open={open} onOpenChange={(d) => !d.open && !busy && onClose()} placement={placement} size={size} {...root}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {onSubmit && !formProps ? (
            <Dialog.Content asChild aria-label={label} {...contentProps}>
              <form onSubmit={onSubmit} noValidate>
                {sections}
                {close}
              </form>
            </Dialog.Content>
          ) : (
            <Dialog.Content aria-label={label} {...contentProps}>
              {onSubmit ? (
                <form onSubmit={onSubmit} noValidate {...formProps}>
                  {sections}
                </form>
              ) : (
                sections
              )}
              {close}
            </Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
