import { Dialog } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { keepOpenOnToast } from './toaster.tsx';

/**
 * The app's dialog root: Chakra's, except that a click on a toast (closing it, say) is not a click
 * outside the dialog, so it does not close the dialog the toast is talking about. Every dialog of
 * the app uses this one instead of `Dialog.Root`.
 */
export function DialogRoot(props: ComponentProps<typeof Dialog.Root>) {
  return <Dialog.Root onInteractOutside={keepOpenOnToast} {...props} />;
}
