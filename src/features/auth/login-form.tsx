import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { User } from '../../../db/entities.ts';
import { useShellCore } from '../../app/session-context.tsx';
import { getEngine } from '../../lib/engine/connect.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { AuthCard } from './auth-card.tsx';
import { firstError } from './errors.ts';
import { PasswordInput } from './password-input.tsx';
import { completeSignIn, hasSession } from './sign-in.ts';

export const SIGN_IN_FAILED = 'These credentials do not match our records.';

/**
 * Sign in (students) and Teachers Sign In (`type: 'teacher'`). On success the engine holds the
 * session and the guard moves the user from this guest-only page to home. After a session ended by
 * a 401 with changes unsent, it says how many wait (the engine keeps them for that user's next sign-in).
 */
export function LoginForm({ teacher = false }: { teacher?: boolean }) {
  const engine = getEngine();
  const { session } = useShellCore();
  const unsent = session.status === 'guest' ? (session.unsent ?? 0) : 0;
  const { search, state } = useLocation();
  // After a password reset the form has the e-mail it was reset for.
  const [email, setEmail] = useState(() => {
    const given = (state as { email?: unknown } | null)?.email;
    return typeof given === 'string' ? given : '';
  });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The right password on the other role's page: the server's sentence and a link to the right page. */
  const [wrongPage, setWrongPage] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const { t, tMessage } = useI18n();

  // A message goes when it no longer applies: the server's answer was about what was typed before.
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setError(null);
    setWrongPage(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setWrongPage(null);
    setMissing(!email.trim() || !password);
    if (!email.trim() || !password) return;
    setBusy(true);
    const res = await engine.call<{ token?: string; user?: User }>({
      method: 'POST',
      path: '/login',
      body: { email: email.trim(), password, ...(teacher ? { type: 'teacher' } : {}) },
    });
    if (res.ok && hasSession(res.data)) {
      await completeSignIn(res.data.token, res.data.user);
      return; // the guard redirects; keep the button busy until it does
    }
    setBusy(false);
    const otherPage = !res.ok && res.error.status === 422 ? res.error.fields?.type?.[0] : undefined;
    if (otherPage) setWrongPage(otherPage);
    else setError(res.ok ? SIGN_IN_FAILED : firstError(res.error, SIGN_IN_FAILED));
  };
  const otherPath = teacher ? '/login' : '/login/teachers';

  return (
    <AuthCard title={teacher ? t('route.login-teachers') : t('route.login')} subtitle={teacher ? t('auth.teacherSubtitle') : t('auth.welcomeBack')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {unsent > 0 && (
            <Alert.Root status="info" role="status" data-testid="kept-changes">
              <Alert.Indicator />
              <Alert.Title>{t('msg.keptChanges', { n: unsent })}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root required invalid={missing && !email.trim()}>
            <Field.Label>{t('auth.email')}</Field.Label>
            <Input type="email" autoComplete="username" inputMode="email" value={email} onChange={(e) => edit(setEmail)(e.target.value)} dir="auto" />
            <Field.ErrorText>{t('msg.inputRequired')}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={missing && !password}>
            <Field.Label>{t('auth.password')}</Field.Label>
            <PasswordInput autoComplete="current-password" value={password} onChange={(e) => edit(setPassword)(e.target.value)} />
            <Field.ErrorText>{t('msg.inputRequired')}</Field.ErrorText>
          </Field.Root>
          {error && (
            <Text color="fg.error" fontSize="sm" role="alert" dir="auto">
              {error === SIGN_IN_FAILED ? t('auth.signInFailed') : tMessage(error)}
            </Text>
          )}
          {wrongPage && (
            <Alert.Root status="warning" role="alert" data-testid="wrong-sign-in-page">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{wrongPage}</Alert.Title>
                <Alert.Description>
                  <Link asChild color="brand.fg" fontWeight="semibold">
                    <RouterLink to={`${otherPath}${search}`}>{teacher ? t('auth.goStudent') : t('auth.goTeachers')}</RouterLink>
                  </Link>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Button type="submit" loading={busy} size="lg">
            {t('auth.signIn')}
          </Button>
          <Stack gap="1" fontSize="sm" align="center">
            <Link asChild color="brand.fg">
              <RouterLink to={`/reset-password${search}`}>{t('auth.forgot')}</RouterLink>
            </Link>
            {teacher ? (
              <Link asChild color="brand.fg">
                <RouterLink to={`/login${search}`}>{t('auth.studentSignIn')}</RouterLink>
              </Link>
            ) : (
              <Text>
                {t('auth.newHere')}{' '}
                <Link asChild color="brand.fg" fontWeight="medium">
                  <RouterLink to={`/register${search}`}>{t('auth.createAnAccount')}</RouterLink>
                </Link>
              </Text>
            )}
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
