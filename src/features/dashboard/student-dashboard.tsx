import { memo } from 'react';
import { Alert, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Home, User } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { CourseGrid } from './course-grid.tsx';
import { RescheduleRequests } from './reschedule-requests.tsx';
import { usePendingRequests } from '../classes/index.ts';
import { countMyCourses } from '../my-courses/index.ts';
import { SlideCarousel } from './slide-carousel.tsx';
import { StatCard } from './stat-card.tsx';
import { UpcomingClass } from './upcoming-class.tsx';

/** Student dashboard (section 2.5). */
export const StudentDashboard = memo(function StudentDashboard({ home, user, onOpen }: { home: Home; user: User; onOpen: (id: number) => void }) {
  // The requests table of the mirror, not the home document: a decision removes its row at once.
  const { t } = useI18n();
  const requests = usePendingRequests();
  // The user record is refreshed with every home poll and every charge: its credits are the freshest balance.
  const balance = user.credits;
  return (
    <Stack gap="6">
      <SlideCarousel slides={home.slide_images} role="student" />
      {home.enrollments_count === 0 && (
        <Card.Root bg="brand.subtle" borderColor="brand.muted">
          <Card.Body gap="2">
            <Heading as="h2" size="lg">{t('dashboard.welcome', { name: user.name })}</Heading>
            <Text>{t('dashboard.welcomeText')}</Text>
            <Button asChild colorPalette="brand" alignSelf="flex-start" mt="2">
              <RouterLink to="/courses">{t('dashboard.browseCourses')}</RouterLink>
            </Button>
          </Card.Body>
        </Card.Root>
      )}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <UpcomingClass klass={home.next_class} role="student" timeZone={user.timezone} onOpen={onOpen} />
        <StatCard label={t('dashboard.walletBalance')} value={<span data-testid="wallet-balance">{formatMoney(balance)}</span>}
          help={user.loan_credits > 0 ? t('dashboard.borrowed', { amount: formatMoney(user.loan_credits) }) : undefined}>
          {home.low_credits_alert && (
            <Alert.Root status="warning" variant="surface" size="sm" mt="3">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('msg.balanceNotEnoughTitle')}</Alert.Title>
                <Alert.Description>{t('msg.balanceNotEnough')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Button asChild size="sm" variant="outline" mt="3"><RouterLink to="/wallet">{t('dashboard.recharge')}</RouterLink></Button>
        </StatCard>
        <StatCard label={t('dashboard.myCourses')} value={countMyCourses(home.enrollments)}>
          <Button asChild size="sm" variant="outline" mt="3"><RouterLink to="/my-courses">{t('dashboard.viewMyCourses')}</RouterLink></Button>
        </StatCard>
      </SimpleGrid>
      {requests.length > 0 && <RescheduleRequests requests={requests} role="student" />}
      <CourseGrid id="courses-featured-courses" title={t('dashboard.featuredCourses')} courses={home.featured_courses} linked />
    </Stack>
  );
});
