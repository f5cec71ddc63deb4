import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { useMutation } from '../../lib/engine/mutation.ts';
import { RegistrationFields } from '../auth/index.ts';
import { emptyRegistration, registrationPayload, validateRegistration, type RegistrationErrors, type RegistrationForm } from '../auth/index.ts';

/**
 * A child account from the registration form (the shell's rules and fields). The spec ignores
 * creation errors silently: nothing is shown, and the form keeps what was typed so the parent can
 * fix it and try again. The child lives in the parent's timezone.
 */
export function NewAccountDialog({ onClose }: { onClose: () => void }) {
  const { run, busy } = useMutation('createChild');
  const user = useUser();
  const [form, setForm] = useState<RegistrationForm>({ ...emptyRegistration, country: (user as { phone_country?: string } | null)?.phone_country ?? '' });
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const set = <K extends keyof RegistrationForm>(k: K, v: RegistrationForm[K]) => {
    const next = { ...form, [k]: v };
    setForm(next);
    if (submitted) setErrors(validateRegistration(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setErrors(validateRegistration(form));
    const payload = registrationPayload(form, null, user?.timezone ?? 'Africa/Cairo');
    if (!payload) return;
    // A refusal is ignored silently (spec section 8); the form keeps its data.
    const r = await run({ form: { ...payload } }, { error: () => null });
    if (r?.ok) onClose();
  };

  return (
    <AppDialog title="New Account" onSubmit={submit} submitLabel="Create Account" busy={busy} onClose={onClose} size="lg" scrollBehavior="inside">
      <RegistrationFields form={form} errors={errors} set={set} idPrefix="child" autofill={false} />
    </AppDialog>
  );
}
