import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../components/ui/dialog-root.tsx';
import { useState } from 'react';
import { useLogout } from './use-logout.ts';

/** Asks before signing out; asks again when changes made offline have not been sent yet. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const [unsent, setUnsent] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await logout(unsent);
    if (!done) {
      setUnsent(true);
      setBusy(false);
    }
  };
  return (
    <DialogRoot
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !busy) {
          setUnsent(false);
          onClose();
        }
      }}
      role="alertdialog"
      size="sm"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Logout</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {unsent
                  ? 'Some of your changes have not been sent yet and will be lost. Logout anyway?'
                  : 'Are you sure you want to logout?'}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={busy} onClick={confirm}>
                Logout
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
