import { Badge, Button, DataList, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { statusStyle } from '../../lib/status.ts';
import { isLowBalance } from '../wallet/index.ts';
import { RELATION_LABEL, type KnownPerson, type SharedCourse } from './people.ts';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileField, ProfileSection } from './profile-section.tsx';

function CourseRow({ item }: { item: SharedCourse }) {
  const status = item.status ? statusStyle(item.status) : null;
  return (
    <List.Item display="flex" alignItems="center" justifyContent="space-between" gap="3" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      {/* The course page shows the viewer's own enrolment: offered only when it is mine. */}
      {item.mine ? (
        <Link asChild fontWeight="medium" minW="0" dir="auto">
          <RouterLink to={`/courses/${item.course.id}`}>{item.course.name}</RouterLink>
        </Link>
      ) : (
        <Text fontWeight="medium" minW="0" dir="auto">{item.course.name}</Text>
      )}
      {status && <Badge colorPalette={status.color} flexShrink={0}>{status.label}</Badge>}
    </List.Item>
  );
}

/** Another person as the mirror knows them: who they are to me, a child's balance, the courses we share. */
export function PersonProfile({ person }: { person: KnownPerson }) {
  const { child } = person;
  const { t } = useI18n();
  return (
    <Stack gap={{ base: '5', md: '6' }}>
      <ProfileHeader name={person.name} avatar={person.avatar} labels={person.relations.map((r) => t(RELATION_LABEL[r]))} />
      {child && (
        <ProfileSection title={t('profile.childAccount')}>
          <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="4">
            <DataList.Root orientation="horizontal" gap="2">
              <ProfileField label={t('profile.email')} dir="auto">{child.email}</ProfileField>
              <ProfileField label={t('profile.balance')} fontWeight="semibold" color={isLowBalance(child.credits) ? 'fg.error' : undefined} data-testid="child-profile-balance">
                {formatMoney(child.credits)}
              </ProfileField>
              {child.loan_credits > 0 && <ProfileField label={t('profile.loanBalance')}>{formatMoney(child.loan_credits)}</ProfileField>}
            </DataList.Root>
            <Button asChild size="sm" variant="outline" flexShrink={0}>
              <RouterLink to="/childs">{t('profile.manageInFamily')}</RouterLink>
            </Button>
          </Stack>
        </ProfileSection>
      )}
      {person.courses.length > 0 && (
        <ProfileSection title={t('profile.sharedCourses')}>
          <List.Root variant="plain" aria-label={t('profile.coursesSharedWith', { name: person.name })}>
            {person.courses.map((c) => (
              <CourseRow key={c.key} item={c} />
            ))}
          </List.Root>
        </ProfileSection>
      )}
    </Stack>
  );
}
