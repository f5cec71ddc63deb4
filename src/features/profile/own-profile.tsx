import { Badge, Button, DataList, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { User } from '../../../db/entities.ts';
import { isTeacher } from '../../../db/roles.ts';
import { AppIcon } from '../../components/ui/icons.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { isLowBalance } from '../wallet/index.ts';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileField, ProfileSection } from './profile-section.tsx';

const notGiven = <Text as="span" color="fg.muted">Not provided</Text>;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A day of birth (`YYYY-MM-DD`) is not an instant: it is read and shown in UTC so no timezone moves it a day. */
function birthDate(raw: string): string {
  return Number.isNaN(new Date(raw).getTime()) ? raw : formatDate(raw, 'UTC');
}

function roleLabel(u: User): string {
  if (isTeacher(u)) return 'Teacher';
  return u.is_parent ? 'Parent account' : 'Student';
}

/** My own profile: what GET /user says of me, from the mirror's copy (kept fresh by home polling and replies). */
export function OwnProfile({ user: u }: { user: User }) {
  const student = !isTeacher(u);
  return (
    <Stack gap={{ base: '5', md: '6' }}>
      <ProfileHeader
        name={u.name}
        avatar={u.avatar}
        labels={[roleLabel(u)]}
        actions={
          <Button asChild variant="outline" size="sm" flexShrink={0}>
            <RouterLink to="/settings">
              <AppIcon name="settings" boxSize="4" /> Settings
            </RouterLink>
          </Button>
        }
      />
      <ProfileSection title="Account details">
        <DataList.Root orientation="horizontal" gap="3">
          <ProfileField label="Email">
            <HStack gap="2" wrap="wrap">
              <Text as="span" dir="auto">{u.email}</Text>
              {u.email_verified_at ? (
                <Badge colorPalette="green" variant="subtle">Verified</Badge>
              ) : (
                <>
                  <Badge colorPalette="orange" variant="subtle">Unconfirmed</Badge>
                  <Link asChild colorPalette="brand" color="colorPalette.fg" textStyle="sm">
                    <RouterLink to="/confirm">Confirm email</RouterLink>
                  </Link>
                </>
              )}
            </HStack>
          </ProfileField>
          <ProfileField label="Phone">{u.full_phone ? <Text as="span" dir="ltr">{u.full_phone}</Text> : notGiven}</ProfileField>
          <ProfileField label="Gender">{u.gender ? capitalised(u.gender) : notGiven}</ProfileField>
          <ProfileField label="Date of birth">{u.date_of_birth ? birthDate(u.date_of_birth) : notGiven}</ProfileField>
          <ProfileField label="Timezone">{u.timezone ? u.timezone.replaceAll('_', ' ') : notGiven}</ProfileField>
        </DataList.Root>
      </ProfileSection>
      {student && (
        <ProfileSection title="Wallet">
          <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="4">
            <DataList.Root orientation="horizontal" gap="2">
              <ProfileField label="Balance">
                <Text as="span" fontWeight="semibold" color={isLowBalance(u.credits) ? 'fg.error' : undefined} data-testid="profile-balance">
                  {formatMoney(u.credits)}
                </Text>
              </ProfileField>
              {u.loan_credits > 0 && <ProfileField label="Loan balance">{formatMoney(u.loan_credits)}</ProfileField>}
              <ProfileField label="My courses">{u.my_courses}</ProfileField>
            </DataList.Root>
            <Stack direction="row" gap="2" wrap="wrap">
              <Button asChild size="sm">
                <RouterLink to="/wallet">
                  <AppIcon name="wallet" boxSize="4" /> Open Wallet
                </RouterLink>
              </Button>
              <Button asChild size="sm" variant="outline">
                <RouterLink to="/my-courses">My Courses</RouterLink>
              </Button>
            </Stack>
          </Stack>
        </ProfileSection>
      )}
    </Stack>
  );
}
