import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { getEngine } from '../../lib/engine/connect.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { MESSAGES } from '../../../db/messages.ts';
import { AuthCard } from './auth-card.tsx';
import { firstError } from './errors.ts';
import { PasswordInput } from './password-input.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

type Step = 'email' | 'code' | 'password';

/**
 * Reset password in three steps: the email (a code is sent), the email with the code (the server
 * answers the URL of the last step), then the new password posted to that URL.
 */
export default function ResetPasswordPage() {
  const engine = getEngine();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [url, setUrl] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t, tMessage } = useI18n();
  /** Typing changes what the last message was about: it goes (it shows again on the next submit if it still applies). */
  const typed = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (step === 'email') {
      if (!email.trim()) return setError(MESSAGES.inputRequired);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError(MESSAGES.emailNotValid);
      setBusy(true);
      const res = await engine.call({ method: 'POST', path: '/password/reset', body: { email: email.trim() } });
      setBusy(false);
      if (!res.ok) return setError(firstError(res.error));
      setStep('code');
    } else if (step === 'code') {
      if (!code.trim()) return setError(MESSAGES.inputRequired);
      setBusy(true);
      const res = await engine.call<{ url?: string }>({ method: 'POST', path: '/password/reset/validate', body: { email: email.trim(), code: code.trim() } });
      setBusy(false);
      if (!res.ok) return setError(firstError(res.error));
      if (!res.data.url) return setError(MESSAGES.actionFailed);
      setUrl(res.data.url);
      setStep('password');
    } else {
      if (!password || !confirm) return setError(MESSAGES.fillRequired);
      if (password.length < 6) return setError(MESSAGES.passwordMinLength);
      if (password !== confirm) return setError(MESSAGES.passwordsDoNotMatch);
      setBusy(true);
      const res = await engine.call({ method: 'POST', path: url, body: { password } });
      setBusy(false);
      if (!res.ok) return setError(firstError(res.error));
      notify('success', MESSAGES.passwordChanged);
      // The sign-in form starts with the e-mail the password was reset for.
      navigate('/login', { replace: true, state: { email: email.trim() } });
    }
  };

  const subtitle =
    step === 'email' ? t('auth.resetEmailStep') : step === 'code' ? t('auth.resetCodeStep') : t('auth.resetPasswordStep');
  return (
    <AuthCard title={t('route.reset-password')} subtitle={subtitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Field.Root required disabled={step !== 'email'}>
            <Field.Label>{t('auth.email')}</Field.Label>
            <Input type="email" autoComplete="username" value={email} onChange={typed(setEmail)} dir="auto" />
          </Field.Root>
          {step === 'code' && (
            <Field.Root required>
              <Field.Label>{t('auth.code')}</Field.Label>
              <Input value={code} onChange={typed(setCode)} inputMode="numeric" autoComplete="one-time-code" />
            </Field.Root>
          )}
          {step === 'password' && (
            <>
              <Field.Root required>
                <Field.Label>{t('auth.newPassword')}</Field.Label>
                <PasswordInput autoComplete="new-password" value={password} onChange={typed(setPassword)} />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t('auth.confirmPassword')}</Field.Label>
                <PasswordInput autoComplete="new-password" value={confirm} onChange={typed(setConfirm)} />
              </Field.Root>
            </>
          )}
          {error && (
            <Text color="fg.error" fontSize="sm" role="alert" dir="auto">
              {tMessage(error)}
            </Text>
          )}
          <Button type="submit" size="lg" loading={busy}>
            {step === 'email' ? t('auth.sendCode') : step === 'code' ? t('auth.verifyCode') : t('auth.resetPassword')}
          </Button>
          <Link asChild color="brand.fg" fontSize="sm" alignSelf="center">
            <RouterLink to="/login">{t('auth.backToSignIn')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
