import type { Dialog } from '@chakra-ui/react';
import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { lazyCode, useLazyCode } from '../../lib/lazy-code.ts';
import { whenSettled } from '../../lib/settled.ts';

export interface AppDialogProps extends Omit<ComponentProps<typeof Dialog.Root>, 'children' | 'title' | 'onSubmit'> {
  title: ReactNode;
  children: ReactNode;
  /** The footer's buttons (a form dialog has Cancel and its submit button by default). */
  footer?: ReactNode;
  onClose(): void;
  /** While true the dialog cannot be closed (a request runs) and its controls say so. */
  busy?: boolean;
  /** Makes the dialog a form: Enter submits, and the footer gets Cancel and `submitLabel`. */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel?: ReactNode;
  /** Colour of the submit button (default: the theme's). */
  submitPalette?: string;
  /** The dialog's accessible name when the title is not text. */
  label?: string;
  /** The close button's accessible name (default "Close"). */
  closeLabel?: string;
  /** False: no close button in the corner (the footer's buttons close it). */
  closeButton?: boolean;
  /**
   * With `onSubmit`: the form is its own element inside the panel, with these props (its own
   * accessible name, say), instead of the panel itself; the close button stays outside it.
   */
  formProps?: Omit<ComponentProps<'form'>, 'onSubmit' | 'children'>;
  bodyProps?: ComponentProps<typeof Dialog.Body>;
  contentProps?: ComponentProps<typeof Dialog.Content>;
}

const panelCode = lazyCode(() => import('./dialog-panel.tsx'));
// Fetched once the first screen has settled, so that a dialog usually opens without waiting for it.
if (typeof document !== 'undefined') whenSettled(() => void panelCode.fetch().catch(() => {}));

/**
 * One dialog tree for the whole app: backdrop, a centred panel, a title, a body, a footer and a
 * close button. With `onSubmit` it is a form dialog: the panel is the `<form>` (Enter submits, the
 * browser's own validation is off: each form shows its own messages), the footer has Cancel and the
 * submit button, and nothing closes it while `busy`. Without `onSubmit` it shows `footer` as given.
 *
 * Its code (Chakra's dialog, focus trap, scroll lock: dialog-panel.tsx) is not in the first screen:
 * a dialog that has never been open renders nothing, and the first opening fetches it when it is not
 * there yet. Once opened it stays mounted, so closing plays the exit as before.
 */
export function AppDialog(props: AppDialogProps) {
  const open = props.open ?? true;
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const Panel = useLazyCode(panelCode, used)?.default;
  return Panel ? <Panel {...props} /> : null;
}
