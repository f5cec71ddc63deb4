import { Badge, DataList, Stack, Text } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { useNow } from '../../lib/use-now.ts';
import { ClassChips } from './class-chips.tsx';
import { classWhen } from './display.ts';
import { countdownText, showCountdown, type Role } from './rules.ts';

/** "Starts in 2h 05m 09s", ticking every second, shown only under 12 hours before the start. */
export function StartsIn({ startIso }: { startIso: string }) {
  const now = useNow(1000);
  if (!showCountdown(startIso, now)) return null;
  return (
    <Badge colorPalette="orange" variant="surface" size="md" role="timer" aria-live="off" alignSelf="flex-start">
      Starts in {countdownText(startIso, now)}
    </Badge>
  );
}

/** The facts of a class: who, when (in the viewer's timezone), chips, and for teachers the student's age and timezone. */
export function ClassInfo({ klass, role, timeZone }: { klass: Class; role: Role; timeZone: string }) {
  const when = classWhen(klass, timeZone);
  const other = role === 'teacher' ? klass.enrollment.student : klass.enrollment.teacher;
  return (
    <Stack gap="3">
      <StartsIn startIso={klass.start_datetime} />
      <ClassChips klass={klass} />
      <DataList.Root orientation="horizontal" size="sm">
        <Item label="Class">#{klass.id}{klass.name && klass.name !== klass.enrollment.course.name ? ` · ${klass.name}` : ''}</Item>
        <Item label="Course">{klass.enrollment.course.name}</Item>
        {other && <Item label={role === 'teacher' ? 'Student' : 'Teacher'}>{other.name}</Item>}
        <Item label="Date">{when.date}</Item>
        <Item label="Time">{when.start} – {when.end}</Item>
        <Item label="Duration">{klass.duration} minutes</Item>
        {role === 'teacher' && klass.student_age != null && <Item label="Student age">{klass.student_age}</Item>}
        {role === 'teacher' && klass.student_timezone && <Item label="Student timezone">{klass.student_timezone}</Item>}
        {klass.canceled && klass.cancelation_reason && <Item label="Cancelation reason">{klass.cancelation_reason}</Item>}
        {klass.has_class_report && klass.class_report_rating != null && (
          <Item label="Report rating">{klass.class_report_rating} / 5</Item>
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
  return (
    <Text fontSize="sm" color="fg.muted">
      {klass.available_class_changes} of {klass.monthly_class_changes} class changes left this month
    </Text>
  );
}
