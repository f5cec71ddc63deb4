import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import { mutationId, useEngine } from '../../app/session-context.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { passwordChangeError } from './password-rules.ts';

/** Change Password: new password and its confirmation; other sessions are signed out by the server. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const engine = useEngine();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setPassword('');
    setConfirm('');
    setError(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = passwordChangeError(password, confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const res = await engine.mutate({ id: mutationId(), name: 'changePassword', password });
    setBusy(false);
    if (!res.ok) {
      setError(res.error.fields ? (Object.values(res.error.fields)[0]?.[0] ?? res.error.message) : res.error.message || MESSAGES.actionFailed);
      return;
    }
    notify('success', MESSAGES.passwordChanged);
    reset();
    onClose();
  };
  return (
    <DialogRoot
      open={open}
      onOpenChange={(e) => {
        if (!e.open) {
          reset();
          onClose();
        }
      }}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Change Password</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root required>
                    <Field.Label>New Password</Field.Label>
                    <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>Confirm Password</Field.Label>
                    <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
                  </Field.Root>
                  {error && (
                    <Text color="fg.error" fontSize="sm" role="alert">
                      {error}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" type="button">
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={busy}>
                  Save
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
