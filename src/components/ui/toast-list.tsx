import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { useI18n } from '../../lib/i18n/index.ts';
import { toaster } from './toaster.tsx';

/**
 * The toasts on the page (toaster.tsx loads this file once a toast is asked for, or after the first
 * screen settled). They show catalogue messages in the language on view (a switch renames the open
 * ones too).
 */
export default function ToastList() {
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
