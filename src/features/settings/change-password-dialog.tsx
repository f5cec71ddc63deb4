import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import { useMutation } from '../../lib/engine/mutation.ts';
import { passwordChangeError } from './password-rules.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** Change Password: new password and its confirmation; other sessions are signed out by the server. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { run, busy } = useMutation('changePassword');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t, tMessage } = useI18n();
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
    // A refusal shows in the form, where the user is looking (the engine words it: a 422's first message).
    const r = await run({ password }, { error: (e) => { setError(e.message); return null; } });
    if (r?.ok) close();
  };
  const close = () => {
    reset();
    onClose();
  };
  return (
    <AppDialog open={open} title={t('settings.changePassword')} onSubmit={submit} submitLabel={t('settings.save')} busy={busy} onClose={close} size="sm">
      <Stack gap="4">
        <Field.Root required>
          <Field.Label>{t('settings.newPassword')}</Field.Label>
          <Input type="password" autoComplete="new-password" value={password} onChange={(e) => { setPassword(e.target.value); setError(null); }} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('settings.confirmPassword')}</Field.Label>
          <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => { setConfirm(e.target.value); setError(null); }} />
        </Field.Root>
        {error && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {tMessage(error)}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
