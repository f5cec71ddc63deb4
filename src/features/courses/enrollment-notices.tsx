import { Alert, Stack, Text } from '@chakra-ui/react';
import type { Course } from '../../../db/entities.ts';
import type { EnrollmentStage } from './enrollment-stage.ts';
import { FREE_TRIAL_CLASSES } from './enrollment-rules.ts';
import { CourseIcon } from './icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** The notice of each stage: the free trial offer, the thank-you while pending, the admin's comment. */
export function EnrollmentNotices({ course, stage }: { course: Course; stage: EnrollmentStage }) {
  const e = course.enrollment;
  const { t } = useI18n();
  return (
    <Stack gap="3">
      {stage === 'new' && (
        <Alert.Root status="success" variant="subtle">
          <Alert.Indicator><CourseIcon name="gift" boxSize="5" /></Alert.Indicator>
          <Alert.Content>
            <Alert.Title>{t('courses.freeClasses', { n: FREE_TRIAL_CLASSES })}</Alert.Title>
            <Alert.Description>{t('courses.freeClassesHint')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {stage === 'pending' && (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('courses.thankYou')}</Alert.Title>
            <Alert.Description>{t('courses.thankYouHint')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {stage === 'action-needed' && (
        <Alert.Root status="warning" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('courses.actionNeeded')}</Alert.Title>
            {e?.admin_comment && (
              <Alert.Description>
                <Text whiteSpace="pre-wrap" dir="auto" data-testid="admin-comment">{e.admin_comment}</Text>
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
