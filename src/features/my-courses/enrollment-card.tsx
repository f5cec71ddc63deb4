import { AspectRatio, Badge, Box, Card, HStack, Image, Link, LinkOverlay, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Enrollment } from '../../../db/entities.ts';
import { statusStyle } from '../../lib/status.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * One of the user's enrolments: the course, its status chip, the teacher once assigned; opens the
 * course page. Memoised: the screen rendering again (shown again, a search typed) leaves the cards
 * whose enrolment did not change as they are; the language is its own subscription.
 */
export const EnrollmentCard = memo(function EnrollmentCard({ enrollment: e, titleAs = 'h2' }: { enrollment: Enrollment; titleAs?: 'h2' | 'h3' }) {
  const { t } = useI18n();
  const status = statusStyle(e.status);
  return (
    <Card.Root position="relative" overflow="hidden" size="sm" h="full" _hover={{ shadow: 'md' }} transition="box-shadow 0.15s">
      <AspectRatio ratio={16 / 9} bg="bg.muted">
        {e.course.image_url ? <Image src={e.course.image_url} alt="" objectFit="cover" loading="lazy" /> : <Box />}
      </AspectRatio>
      <Card.Body gap="1.5">
        {e.course.category_name && (
          <Text textStyle="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wide">
            <bdi>{e.course.category_name}</bdi>
          </Text>
        )}
        <Card.Title as={titleAs} textStyle="md" lineClamp={2}>
          <LinkOverlay asChild>
            <RouterLink to={`/courses/${e.course.id}`} dir="auto">{e.course.name}</RouterLink>
          </LinkOverlay>
        </Card.Title>
        <Text textStyle="sm" color="fg.muted">
          {e.teacher ? (
            // The sentence in the language, the name as its own link where the placeholder is.
            <TeacherLine text={t('myCourses.teacher', { name: NAME })} teacher={e.teacher} />
          ) : (
            t('myCourses.noTeacher')
          )}
        </Text>
      </Card.Body>
      <Card.Footer justifyContent="space-between" pt="0">
        <Text textStyle="sm" color="fg.muted">{t('myCourses.weekly', { weekly: e.weekly_classes, minutes: e.class_duration })}</Text>
        <HStack><Badge colorPalette={status.color}>{status.label}</Badge></HStack>
      </Card.Footer>
    </Card.Root>
  );
});

/** A placeholder no translation contains: the sentence is split on it around the teacher's link. */
const NAME = '\u0000name\u0000';

function TeacherLine({ text, teacher }: { text: string; teacher: NonNullable<Enrollment['teacher']> }) {
  const [before = '', after = ''] = text.split(NAME);
  return (
    <>
      {before}
      {/* Above the card's overlay link, so it opens the teacher rather than the course. */}
      <Link asChild position="relative" zIndex="1" color="fg" dir="auto">
        <RouterLink to={`/profile/${teacher.id}`}>{teacher.name}</RouterLink>
      </Link>
      {after}
    </>
  );
}
