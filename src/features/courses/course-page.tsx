import { Button, Grid, GridItem, Skeleton, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useRouteData } from '../../app/route-data.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { AppIcon } from '../../components/ui/icons.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useUser } from '../../app/session-context.tsx';
import { MESSAGES } from '../../../db/messages.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { CancelSubscriptionCard } from './cancel-subscription-card.tsx';
import { CourseSummary } from './course-summary.tsx';
import { useCourse } from './data.ts';
import { EnrollmentNotices } from './enrollment-notices.tsx';
import { EnrollmentPanel } from './enrollment-panel.tsx';
import { emptyForm, type EnrollmentFormState } from './enrollment-rules.ts';
import { enrollmentStage } from './enrollment-stage.ts';
import { useEnrollmentActions } from './use-enrollment-actions.ts';

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Course detail and enrolment. Shows the mirrored course at once and refreshes it; a course the
 * server does not know (or not for this user) sends the user back to the catalogue, one never seen
 * that cannot be read now shows the error and a Retry.
 */
export function CoursePage() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const user = useUser();
  const timezone = user?.timezone || deviceZone();
  const { course, durations } = useCourse(id);
  const [form, setForm] = useState<EnrollmentFormState>(emptyForm);
  const actions = useEnrollmentActions(id);
  const { t } = useI18n();

  // The route refreshes the course (route-meta.ts). One the server does not have (or not for this
  // user) goes back to the catalogue; one that could not be read this time says so, with a Retry.
  const { failed, retry, retrying } = useRouteData();
  const invalid = !Number.isInteger(id) || id <= 0;
  const gone = invalid || (failed !== null && (failed.status === 404 || failed.status === 403));
  useEffect(() => {
    if (!gone) return;
    notify('error', MESSAGES.fetchFailed);
    navigate('/courses', { replace: true });
  }, [gone, navigate]);

  const stage = course ? enrollmentStage(course) : 'new';
  const finish = async (reason: string) => {
    const r = await actions.finish(reason);
    if (r.ok) navigate('/courses');
    return r.ok;
  };

  return (
    <PageContainer>
      <Button asChild variant="ghost" size="sm" mb="3" ms="-2">
        <RouterLink to="/courses"><AppIcon name="back" boxSize="4" /> {t('route.courses')}</RouterLink>
      </Button>
      {!course && failed && !gone ? (
        <LoadError onRetry={retry} retrying={retrying} />
      ) : !course ? (
        <Grid aria-busy="true" templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap="6">
          <Skeleton height="96" borderRadius="l3" />
          <Skeleton height="96" borderRadius="l3" />
        </Grid>
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap="6" alignItems="start">
          <GridItem position={{ lg: 'sticky' }} top={{ lg: '4' }}>
            <CourseSummary course={course} form={form} />
          </GridItem>
          <GridItem>
            <Stack gap="5">
              <EnrollmentNotices course={course} stage={stage} />
              <EnrollmentPanel
                course={course}
                stage={stage}
                durations={durations}
                timezone={timezone}
                form={form}
                onFormChange={setForm}
                actions={actions}
              />
              {(stage === 'approved' || stage === 'finish-requested') && (
                <CancelSubscriptionCard finishRequested={stage === 'finish-requested'} onFinish={finish} />
              )}
            </Stack>
          </GridItem>
        </Grid>
      )}
    </PageContainer>
  );
}

export default CoursePage;
