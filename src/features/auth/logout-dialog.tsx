import { Button, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState } from 'react';
import { useLogout } from './use-logout.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * Asks before signing out; asks again when changes made offline have not been sent yet.
 * `finalFocusEl`: where the focus goes when it is cancelled (the menu's button: the item that
 * opened it is gone with its menu).
 */
export function LogoutDialog({ open, onClose, finalFocusEl }: { open: boolean; onClose: () => void; finalFocusEl?: () => HTMLElement | null }) {
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const [unsent, setUnsent] = useState(false);
  const { t } = useI18n();
  const confirm = async () => {
    setBusy(true);
    const done = await logout(unsent);
    if (!done) {
      setUnsent(true);
      setBusy(false);
    }
  };
  const close = () => {
    setUnsent(false);
    onClose();
  };
  return (
    <AppDialog
      open={open}
      onClose={close}
      finalFocusEl={finalFocusEl}
      busy={busy}
      role="alertdialog"
      title={t('menu.logout')}
      closeButton={false}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={close}>
            {t('shell.cancel')}
          </Button>
          <Button colorPalette="red" loading={busy} onClick={confirm}>
            {t('menu.logout')}
          </Button>
        </>
      }
    >
      <Text>
        {unsent
          ? t('auth.logoutUnsent')
          : t('auth.logoutConfirm')}
      </Text>
    </AppDialog>
  );
}
