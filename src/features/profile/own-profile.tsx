import { Badge, Button, DataList, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { User } from '../../../db/entities.ts';
import { isTeacher } from '../../../db/roles.ts';
import { AppIcon } from '../../components/ui/icons.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { t, useI18n } from '../../lib/i18n/index.ts';
import { isLowBalance } from '../wallet/index.ts';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileField, ProfileSection } from './profile-section.tsx';

function NotGiven() {
  const { t } = useI18n();
  return <Text as="span" color="fg.muted">{t('profile.notProvided')}</Text>;
}
const notGiven = <NotGiven />;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The genders the product knows, in the language; another value as the server wrote it. */
function genderLabel(g: string): string {
  if (g.toLowerCase() === 'male') return t('profile.male');
  if (g.toLowerCase() === 'female') return t('profile.female');
  return capitalised(g);
}
/** A day of birth (`YYYY-MM-DD`) is not an instant: it is read and shown in UTC so no timezone moves it a day. */
function birthDate(raw: string): string {
  return Number.isNaN(new Date(raw).getTime()) ? raw : formatDate(raw, 'UTC');
}

function roleLabel(u: User): string {
  if (isTeacher(u)) return t('profile.teacher');
  return u.is_parent ? t('profile.parentAccount') : t('profile.student');
}

/** My own profile: what GET /user says of me, from the mirror's copy (kept fresh by home polling and replies). */
export function OwnProfile({ user: u }: { user: User }) {
  const student = !isTeacher(u);
  const { t } = useI18n();
  return (
    <Stack gap={{ base: '5', md: '6' }}>
      <ProfileHeader
        name={u.name}
        avatar={u.avatar}
        labels={[roleLabel(u)]}
        actions={
          <Button asChild variant="outline" size="sm" flexShrink={0}>
            <RouterLink to="/settings">
              <AppIcon name="settings" boxSize="4" /> {t('menu.settings')}
            </RouterLink>
          </Button>
        }
      />
      <ProfileSection title={t('profile.accountDetails')}>
        <DataList.Root orientation="horizontal" gap="3">
          <ProfileField label={t('profile.email')}>
            <HStack gap="2" wrap="wrap">
              <Text as="span" dir="auto">{u.email}</Text>
              {u.email_verified_at ? (
                <Badge colorPalette="green" variant="subtle">{t('profile.verified')}</Badge>
              ) : (
                <>
                  <Badge colorPalette="orange" variant="subtle">{t('profile.unconfirmed')}</Badge>
                  <Link asChild colorPalette="brand" color="colorPalette.fg" textStyle="sm">
                    <RouterLink to="/confirm">{t('profile.confirmEmail')}</RouterLink>
                  </Link>
                </>
              )}
            </HStack>
          </ProfileField>
          <ProfileField label={t('profile.phone')}>{u.full_phone ? <Text as="span" dir="ltr">{u.full_phone}</Text> : notGiven}</ProfileField>
          <ProfileField label={t('profile.gender')}>{u.gender ? genderLabel(u.gender) : notGiven}</ProfileField>
          <ProfileField label={t('profile.dateOfBirth')}>{u.date_of_birth ? birthDate(u.date_of_birth) : notGiven}</ProfileField>
          <ProfileField label={t('profile.timezone')}>{u.timezone ? u.timezone.replaceAll('_', ' ') : notGiven}</ProfileField>
        </DataList.Root>
      </ProfileSection>
      {student && (
        <ProfileSection title={t('profile.wallet')}>
          <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="4">
            <DataList.Root orientation="horizontal" gap="2">
              <ProfileField label={t('profile.balance')}>
                <Text as="span" fontWeight="semibold" color={isLowBalance(u.credits) ? 'fg.error' : undefined} data-testid="profile-balance">
                  {formatMoney(u.credits)}
                </Text>
              </ProfileField>
              {u.loan_credits > 0 && <ProfileField label={t('profile.loanBalance')}>{formatMoney(u.loan_credits)}</ProfileField>}
              <ProfileField label={t('profile.myCourses')}>{u.my_courses}</ProfileField>
            </DataList.Root>
            <Stack direction="row" gap="2" wrap="wrap">
              <Button asChild size="sm">
                <RouterLink to="/wallet">
                  <AppIcon name="wallet" boxSize="4" /> {t('profile.openWallet')}
                </RouterLink>
              </Button>
              <Button asChild size="sm" variant="outline">
                <RouterLink to="/my-courses">{t('menu.myCourses')}</RouterLink>
              </Button>
            </Stack>
          </Stack>
        </ProfileSection>
      )}
    </Stack>
  );
}
