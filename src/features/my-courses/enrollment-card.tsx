import { AspectRatio, Badge, Box, Card, HStack, Image, Link, LinkOverlay, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Enrollment } from '../../../db/entities.ts';
import { statusStyle } from '../../lib/status.ts';

/** One of the user's enrolments: the course, its status chip, the teacher once assigned; opens the course page. */
export function EnrollmentCard({ enrollment: e, titleAs = 'h2' }: { enrollment: Enrollment; titleAs?: 'h2' | 'h3' }) {
  const status = statusStyle(e.status);
  return (
    <Card.Root position="relative" overflow="hidden" size="sm" h="full" _hover={{ shadow: 'md' }} transition="box-shadow 0.15s">
      <AspectRatio ratio={16 / 9} bg="bg.muted">
        {e.course.image_url ? <Image src={e.course.image_url} alt="" objectFit="cover" loading="lazy" /> : <Box />}
      </AspectRatio>
      <Card.Body gap="1.5">
        {e.course.category_name && (
          <Text textStyle="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wide">
            {e.course.category_name}
          </Text>
        )}
        <Card.Title as={titleAs} textStyle="md" lineClamp={2}>
          <LinkOverlay asChild>
            <RouterLink to={`/courses/${e.course.id}`}>{e.course.name}</RouterLink>
          </LinkOverlay>
        </Card.Title>
        <Text textStyle="sm" color="fg.muted">
          {e.teacher ? (
            <>
              Teacher:{' '}
              {/* Above the card's overlay link, so it opens the teacher rather than the course. */}
              <Link asChild position="relative" zIndex="1" color="fg" dir="auto">
                <RouterLink to={`/profile/${e.teacher.id}`}>{e.teacher.name}</RouterLink>
              </Link>
            </>
          ) : (
            'Teacher not assigned yet'
          )}
        </Text>
      </Card.Body>
      <Card.Footer justifyContent="space-between" pt="0">
        <Text textStyle="sm" color="fg.muted">{e.weekly_classes} × {e.class_duration} min / week</Text>
        <HStack><Badge colorPalette={status.color}>{status.label}</Badge></HStack>
      </Card.Footer>
    </Card.Root>
  );
}
