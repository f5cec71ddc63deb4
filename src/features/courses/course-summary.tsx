import { AspectRatio, Badge, Box, Card, DataList, HStack, Heading, Image, Link, Stack, Text } from '@chakra-ui/react';
import type { Course } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { statusStyle } from '../../lib/status.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { classPrice, hourlyPriceOf, weeklyPrice, type EnrollmentFormState } from './enrollment-rules.ts';
import { CourseIcon } from './icons.tsx';

/**
 * The course and its prices. The prices follow the form as the user edits it: class price =
 * hourly price × duration / 60 (the enrolment's own hourly price wins), weekly = class × per week.
 */
export function CourseSummary({ course, form }: { course: Course; form: EnrollmentFormState }) {
  const { t } = useI18n();
  const hourly = hourlyPriceOf(course, course.enrollment);
  const perClass = classPrice(hourly, form.class_duration);
  const perWeek = weeklyPrice(perClass, form.weekly_classes);
  const status = course.enrollment ? statusStyle(course.enrollment.status) : null;
  return (
    <Card.Root overflow="hidden">
      <AspectRatio ratio={16 / 9} bg="bg.muted">
        {course.image_url ? <Image src={course.image_url} alt="" objectFit="cover" /> : <Box />}
      </AspectRatio>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="1">
            <Text textStyle="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wide" dir="auto">
              {course.category_name}
            </Text>
            <Heading as="h1" size="xl" dir="auto">{course.name}</Heading>
          </Stack>
          {status && <Badge colorPalette={status.color} size="lg" flexShrink={0}>{status.label}</Badge>}
        </HStack>
        {course.description && <Text color="fg.muted" whiteSpace="pre-line" dir="auto">{course.description}</Text>}
        {course.details_url && (
          <Link href={course.details_url} target="_blank" rel="noopener noreferrer" colorPalette="brand" color="colorPalette.fg" textStyle="sm">
            {t('courses.courseDetails')} <CourseIcon name="external" />
          </Link>
        )}
        <DataList.Root orientation="horizontal" size="md" mt="2" aria-label={t('courses.prices')}>
          <DataList.Item>
            <DataList.ItemLabel>{t('courses.hourlyPrice')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatMoney(hourly)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('courses.classPrice')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="class-price" color={perClass == null ? 'fg.muted' : undefined}>
              {perClass == null ? t('courses.chooseDuration') : t('courses.pricePerClass', { price: formatMoney(perClass), minutes: form.class_duration ?? 0 })}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('courses.weeklyPrice')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="weekly-price" fontWeight={perWeek == null ? 'normal' : 'semibold'} color={perWeek == null ? 'fg.muted' : undefined}>
              {perWeek == null ? t('courses.chooseDurationAndWeekly') : formatMoney(perWeek)}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
