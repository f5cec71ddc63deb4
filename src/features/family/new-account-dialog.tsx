import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { DialogRoot } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import { mutationId, useEngine, useUser } from '../../app/session-context.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { RegistrationFields } from '../auth/registration-fields.tsx';
import { emptyRegistration, registrationPayload, validateRegistration, type RegistrationErrors, type RegistrationForm } from '../auth/registration.ts';

/**
 * A child account from the registration form (the shell's rules and fields). The spec ignores
 * creation errors silently: nothing is shown, and the form keeps what was typed so the parent can
 * fix it and try again. The child lives in the parent's timezone.
 */
export function NewAccountDialog({ onClose }: { onClose: () => void }) {
  const engine = useEngine();
  const user = useUser();
  const [form, setForm] = useState<RegistrationForm>({ ...emptyRegistration, country: (user as { phone_country?: string } | null)?.phone_country ?? '' });
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof RegistrationForm>(k: K, v: RegistrationForm[K]) => {
    const next = { ...form, [k]: v };
    setForm(next);
    if (submitted) setErrors(validateRegistration(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setErrors(validateRegistration(form));
    const payload = registrationPayload(form, null, user?.timezone ?? 'Africa/Cairo');
    if (!payload) return;
    setBusy(true);
    const r = await engine.mutate({ id: mutationId(), name: 'createChild', form: { ...payload } });
    setBusy(false);
    if (!r.ok) return; // silently ignored (spec section 8); the form keeps its data
    notify('success', MESSAGES.accountCreated);
    onClose();
  };

  return (
    <DialogRoot open onOpenChange={(d) => !d.open && !busy && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>New Account</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <RegistrationFields form={form} errors={errors} set={set} idPrefix="child" autofill={false} />
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" type="button" disabled={busy} onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Create Account
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" disabled={busy} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
