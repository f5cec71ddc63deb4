import { AspectRatio, Badge, Box, Card, HStack, Image, LinkOverlay, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Course } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { statusStyle } from '../../lib/status.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** A catalogue card: image, category, name, a line of description, the hourly price and the enrolment status. */
export function CourseCard({ course }: { course: Course }) {
  const { t } = useI18n();
  const status = course.enrollment ? statusStyle(course.enrollment.status) : null;
  return (
    <Card.Root position="relative" overflow="hidden" size="sm" h="full" _hover={{ shadow: 'md' }} transition="box-shadow 0.15s">
      <AspectRatio ratio={16 / 9} bg="bg.muted">
        {course.image_url ? <Image src={course.image_url} alt="" objectFit="cover" loading="lazy" /> : <Box />}
      </AspectRatio>
      <Card.Body gap="1.5">
        <Text textStyle="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wide" dir="auto">
          {course.category_name}
        </Text>
        <Card.Title as="h2" textStyle="md" lineClamp={2} dir="auto">
          <LinkOverlay asChild>
            <RouterLink to={`/courses/${course.id}`}>{course.name}</RouterLink>
          </LinkOverlay>
        </Card.Title>
        {course.description && (
          <Card.Description lineClamp={2} dir="auto">{course.description}</Card.Description>
        )}
      </Card.Body>
      <Card.Footer justifyContent="space-between" pt="0">
        <HStack gap="1" align="baseline">
          <Text fontWeight="semibold">{formatMoney(course.hourly_price)}</Text>
          <Text textStyle="xs" color="fg.muted">{t('courses.perHour')}</Text>
        </HStack>
        {status && <Badge colorPalette={status.color}>{status.label}</Badge>}
      </Card.Footer>
    </Card.Root>
  );
}
