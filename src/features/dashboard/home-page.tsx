import { isTeacher } from '../../../db/roles.ts';
import { Heading, Stack } from '@chakra-ui/react';
import { useI18n } from '../../lib/i18n/index.ts';
import { PageContainer } from '../../components/page-container.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { useRouteData } from '../../app/route-data.tsx';
import { useUser } from '../../app/session-context.tsx';
import { ClassDialog, useClassInAddress } from '../classes/index.ts';
import { StudentDashboard } from './student-dashboard.tsx';
import { TeacherDashboard } from './teacher-dashboard.tsx';
import { useHome } from './data.ts';

/**
 * Dashboard: the student's or the teacher's, from the home document in the mirror. A dashboard
 * seen before shows at once; opening it asks the engine for a fresh copy in the background (the
 * engine also polls it every home_reload_timeout while a tab is visible).
 */
export function DashboardPage() {
  const { t } = useI18n();
  const user = useUser();
  const { home, loaded } = useHome();
  // The open class is in the address (`/home?class=12`), as on the calendar: Back closes it, a
  // reload or a pasted link opens it again.
  const { openId, open, close } = useClassInAddress();
  // Nothing mirrored and the refresh failed (offline included): say so, with a Retry, instead of spinning.
  const { failed, retry, retrying } = useRouteData();

  if (!user) return null;
  return (
    <PageContainer>
      <Stack gap="6">
        <Heading as="h1" size="2xl">{t('dashboard.title')}</Heading>
        {!home ? (
          // The home document has no empty state: until it is there, loading or the error.
          loaded && failed ? <LoadError onRetry={retry} retrying={retrying} /> : <PageSpinner />
        ) : isTeacher(user) ? (
          <TeacherDashboard home={home} user={user} onOpen={open} />
        ) : (
          <StudentDashboard home={home} user={user} onOpen={open} />
        )}
      </Stack>
      <ClassDialog classId={openId} onClose={close} />
    </PageContainer>
  );
}
export default DashboardPage;
