import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { User } from '../../../db/entities.ts';
import { useShellCore, useUser } from '../../app/session-context.tsx';
import { getEngine } from '../../lib/engine/connect.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { MESSAGES } from '../../../db/messages.ts';
import { AuthCard } from './auth-card.tsx';
import { firstError } from './errors.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** Email Confirmation: the code the server emailed, and a way to have it sent again. */
export default function ConfirmPage() {
  const { session } = useShellCore();
  const engine = getEngine();
  const user = useUser();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const { t, tMessage } = useI18n();
  if (user?.email_verified_at) return <Navigate to="/home" replace />;

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(MESSAGES.inputRequired);
    setBusy('verify');
    setError(null);
    const res = await engine.call<{ user?: User }>({ method: 'POST', path: '/verify', body: { code: code.trim() } });
    if (res.ok && res.data.user && session.status === 'signed-in') {
      await engine.signIn(session.token, res.data.user);
      setBusy(null);
      notify('success', t('auth.emailConfirmed'));
      navigate('/home', { replace: true });
      return;
    }
    setBusy(null);
    setError(res.ok ? MESSAGES.actionFailed : firstError(res.error));
  };
  const resend = async () => {
    setBusy('resend');
    const res = await engine.call({ method: 'POST', path: '/verify/send' });
    setBusy(null);
    // A new code was sent: what was said about the old one no longer applies.
    if (res.ok) setError(null);
    notify(res.ok ? 'success' : 'error', res.ok ? MESSAGES.requestSent : firstError(res.error));
  };

  return (
    <AuthCard title={t('route.confirm')} subtitle={<CodeSentTo email={user?.email ?? ''} />}>
      <form onSubmit={verify} noValidate>
        <Stack gap="4">
          <Field.Root required invalid={!!error}>
            <Field.Label>{t('auth.confirmationCode')}</Field.Label>
            <Input
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              letterSpacing="0.3em"
              fontSize="lg"
            />
            <Field.ErrorText>{error && tMessage(error)}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" size="lg" loading={busy === 'verify'}>
            {t('auth.confirm')}
          </Button>
          <HStack justify="center" fontSize="sm">
            <Text color="fg.muted">{t('auth.didNotGet')}</Text>
            <Button variant="plain" size="sm" color="brand.fg" px="0" onClick={resend} loading={busy === 'resend'}>
              {t('auth.resend')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** "We sent a confirmation code to {email}." with the address in its own direction (user-written text). */
function CodeSentTo({ email }: { email: string }) {
  const { t } = useI18n();
  const [before = '', after = ''] = t('auth.codeSentTo', { email: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span dir="auto">{email}</span>
      {after}
    </>
  );
}
