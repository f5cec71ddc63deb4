import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { User } from '../../../db/entities.ts';
import { setAfterAuth } from '../../app/after-auth.ts';
import { getEngine } from '../../lib/engine/connect.ts';
import { useCountry } from '../../app/use-country.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { DURATIONS, MESSAGES } from '../../../db/messages.ts';
import { browserTimezone } from '../settings/index.ts';
import { AuthCard } from './auth-card.tsx';
import { fieldErrors, firstError } from './errors.ts';
import { RegistrationFields } from './registration-fields.tsx';
import {
  EXCLUDED_COUNTRIES, emptyRegistration, registrationPayload, validateRegistration, type RegistrationErrors, type RegistrationForm,
} from './registration.ts';
import { completeSignIn, hasSession } from './sign-in.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** Server field names (422) to the form's. */
const SERVER_FIELDS: Record<string, keyof RegistrationForm> = {
  name: 'firstName', email: 'email', password: 'password', password_confirmation: 'confirm', phone: 'phone',
  full_phone: 'phone', phone_country: 'country', date_of_birth: 'dateOfBirth', gender: 'gender',
};

/** The form with the detected country filled in, when its Country is empty and that country is offered. */
const withDetected = (f: RegistrationForm, detected: string | null): RegistrationForm =>
  detected && !EXCLUDED_COUNTRIES.has(detected) && !f.country ? { ...f, country: detected } : f;

export default function RegisterPage() {
  const engine = getEngine();
  const { search } = useLocation();
  const referral = new URLSearchParams(search).get('referral');
  const detected = useCountry();
  const [form, setForm] = useState<RegistrationForm>(() => withDetected(emptyRegistration, detected));
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const { t } = useI18n();

  // The detected country fills an empty Country when it becomes known (or changes); a country the
  // user picked or cleared is left alone otherwise. Adjusted while rendering, not in an effect.
  const [seenDetected, setSeenDetected] = useState(detected);
  if (detected !== seenDetected) {
    setSeenDetected(detected);
    setForm((f) => withDetected(f, detected));
  }

  const set = <K extends keyof RegistrationForm>(k: K, v: RegistrationForm[K]) => {
    const next = { ...form, [k]: v };
    setForm(next);
    if (submitted) setErrors(validateRegistration(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const errs = validateRegistration(form);
    setErrors(errs);
    const payload = registrationPayload(form, referral, browserTimezone());
    if (!payload) {
      const onlyPhone = Object.keys(errs).length === 1 && errs.phone === MESSAGES.phoneNotValid;
      notify('error', onlyPhone ? MESSAGES.phoneNotValid : MESSAGES.formNotValid, DURATIONS.registration);
      return;
    }
    setBusy(true);
    const res = await engine.call<{ token?: string; user?: User; verification?: string | null }>({ method: 'POST', path: '/register', body: payload });
    if (res.ok && hasSession(res.data)) {
      setAfterAuth((res.data as { verification?: string | null }).verification === 'SENT' ? '/confirm' : null);
      await completeSignIn(res.data.token, res.data.user);
      return;
    }
    setBusy(false);
    if (!res.ok && res.error.fields) {
      const mapped: RegistrationErrors = {};
      for (const [k, msg] of Object.entries(fieldErrors(res.error))) mapped[SERVER_FIELDS[k] ?? 'email'] ??= msg;
      setErrors(mapped);
    }
    notify('error', res.ok ? MESSAGES.actionFailed : firstError(res.error), DURATIONS.registration);
  };

  return (
    <AuthCard title={t('route.register')} subtitle={t('auth.signUpSubtitle')} maxW="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <RegistrationFields form={form} errors={errors} set={set} idPrefix="register" autofill />
          <Button type="submit" size="lg" loading={busy}>
            {t('auth.createAccount')}
          </Button>
          <Text fontSize="sm" textAlign="center">
            {t('auth.haveAccount')}{' '}
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to={`/login${search}`}>{t('auth.signInLink')}</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
