import { Badge, DataList, Stack, Text } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { useNow } from '../../lib/use-now.ts';
import { ClassChips } from './class-chips.tsx';
import { classWhen } from './display.ts';
import { countdownText, showCountdown, type Role } from './rules.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** "Starts in 2h 05m 09s", ticking every second, shown only under 12 hours before the start. */
export function StartsIn({ startIso }: { startIso: string }) {
  const { t } = useI18n();
  const now = useNow(1000);
  if (!showCountdown(startIso, now)) return null;
  return (
    <Badge colorPalette="orange" variant="surface" size="md" role="timer" aria-live="off" alignSelf="flex-start">
      {t('classes.startsIn', { time: countdownText(startIso, now) })}
    </Badge>
  );
}

/** The facts of a class: who, when (in the viewer's timezone), chips, and for teachers the student's age and timezone. */
export function ClassInfo({ klass, role, timeZone }: { klass: Class; role: Role; timeZone: string }) {
  const { t } = useI18n();
  const when = classWhen(klass, timeZone);
  const other = role === 'teacher' ? klass.enrollment.student : klass.enrollment.teacher;
  return (
    <Stack gap="3">
      <StartsIn startIso={klass.start_datetime} />
      <ClassChips klass={klass} />
      <DataList.Root orientation="horizontal" size="sm">
        <Item label={t('classes.labelClass')}>#{klass.id}{klass.name && klass.name !== klass.enrollment.course.name ? <> · <bdi>{klass.name}</bdi></> : ''}</Item>
        <Item label={t('classes.labelCourse')}><bdi>{klass.enrollment.course.name}</bdi></Item>
        {other && <Item label={role === 'teacher' ? t('classes.labelStudent') : t('classes.labelTeacher')}><bdi>{other.name}</bdi></Item>}
        <Item label={t('classes.labelDate')}>{when.date}</Item>
        <Item label={t('classes.labelTime')}>{when.start} – {when.end}</Item>
        <Item label={t('classes.labelDuration')}>{t('classes.minutes', { n: klass.duration })}</Item>
        {role === 'teacher' && klass.student_age != null && <Item label={t('classes.labelStudentAge')}>{klass.student_age}</Item>}
        {role === 'teacher' && klass.student_timezone && <Item label={t('classes.labelStudentTimezone')}><bdi dir="ltr">{klass.student_timezone}</bdi></Item>}
        {klass.canceled && klass.cancelation_reason && <Item label={t('classes.labelCancelReason')}><bdi>{klass.cancelation_reason}</bdi></Item>}
        {klass.has_class_report && klass.class_report_rating != null && (
          <Item label={t('classes.labelReportRating')}>{t('classes.rating', { rating: klass.class_report_rating })}</Item>
        )}
      </DataList.Root>
    </Stack>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="9rem">{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        <Text as="span">{children}</Text>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** "2 of 4 class changes left this month", shown before a cancel or reschedule. */
export function ChangesLeft({ klass }: { klass: Pick<Class, 'available_class_changes' | 'monthly_class_changes'> }) {
  const { t } = useI18n();
  return (
    <Text fontSize="sm" color="fg.muted">
      {t('classes.changesLeft', { available: klass.available_class_changes, monthly: klass.monthly_class_changes })}
    </Text>
  );
}
