import { isTeacher } from '../../../db/roles.ts';
import { useState } from 'react';
import { Alert, Heading, Stack } from '@chakra-ui/react';
import { PageContainer } from '../../components/page-container.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useRouteData } from '../../app/route-data.tsx';
import { useUser } from '../../app/session-context.tsx';
import { MESSAGES } from '../../../db/messages.ts';
import { ClassDialog } from '../classes/index.ts';
import { StudentDashboard } from './student-dashboard.tsx';
import { TeacherDashboard } from './teacher-dashboard.tsx';
import { useHome } from './data.ts';

/**
 * Dashboard: the student's or the teacher's, from the home document in the mirror. A dashboard
 * seen before shows at once; opening it asks the engine for a fresh copy in the background (the
 * engine also polls it every home_reload_timeout while a tab is visible).
 */
export function DashboardPage() {
  const user = useUser();
  const { home, loaded } = useHome();
  const [openId, setOpenId] = useState<number | null>(null);
  // Nothing mirrored and the refresh failed (offline included): say so instead of spinning.
  const failed = useRouteData().failed !== null;

  if (!user) return null;
  return (
    <PageContainer>
      <Stack gap="6">
        <Heading as="h1" size="2xl">Dashboard</Heading>
        {failed && !home && (
          <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{MESSAGES.loadFailed}</Alert.Title></Alert.Root>
        )}
        {!home ? (
          loaded || failed ? null : <PageSpinner />
        ) : isTeacher(user) ? (
          <TeacherDashboard home={home} user={user} onOpen={setOpenId} />
        ) : (
          <StudentDashboard home={home} user={user} onOpen={setOpenId} />
        )}
      </Stack>
      <ClassDialog classId={openId} onClose={() => setOpenId(null)} />
    </PageContainer>
  );
}
export default DashboardPage;
