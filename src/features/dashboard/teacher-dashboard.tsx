import { memo, useState } from 'react';
import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Home, User } from '../../../db/entities.ts';
import { getEngine } from '../../lib/engine/connect.ts';
import { AddMakeupDialog } from './add-makeup-dialog.tsx';
import { CourseGrid } from './course-grid.tsx';
import { RescheduleRequests } from './reschedule-requests.tsx';
import { usePendingRequests } from '../classes/index.ts';
import { SlideCarousel } from './slide-carousel.tsx';
import { TeacherStats } from './teacher-stats.tsx';
import { UpcomingClass } from './upcoming-class.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** Teacher dashboard (section 2.6). */
export const TeacherDashboard = memo(function TeacherDashboard({ home, user, onOpen }: { home: Home; user: User; onOpen: (id: number) => void }) {
  // The requests table of the mirror, not the home document: a decision removes its row at once.
  const { t } = useI18n();
  const requests = usePendingRequests();
  const engine = getEngine();
  const [makeupOpen, setMakeupOpen] = useState(false);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    await engine.refresh('home');
    setReloading(false);
  };
  return (
    <Stack gap="6">
      <SlideCarousel slides={home.slide_images} role="teacher" />
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand"><RouterLink to="/calendar">{t('dashboard.calendar')}</RouterLink></Button>
        <Button variant="outline" onClick={() => setMakeupOpen(true)}>{t('dashboard.addClass')}</Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <UpcomingClass klass={home.next_class} role="teacher" timeZone={user.timezone} onOpen={onOpen} onReload={reload} reloading={reloading} />
        <Stack gridColumn={{ lg: 'span 2' }}>
          <TeacherStats home={home} />
        </Stack>
      </SimpleGrid>
      <RescheduleRequests requests={requests} role="teacher" />
      <CourseGrid id="courses-teaching-courses" title={t('dashboard.teachingCourses')} courses={home.teaching_courses} linked={false} />
      <AddMakeupDialog open={makeupOpen} onClose={() => setMakeupOpen(false)} enrollments={home.enrollments} timeZone={user.timezone} />
    </Stack>
  );
});
