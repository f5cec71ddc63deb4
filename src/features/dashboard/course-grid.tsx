import { Box, Card, Heading, Image, LinkOverlay, LinkBox, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { HomeCourse } from '../../../db/entities.ts';

/** Featured courses (students, linking to the course page) or teaching courses (teachers, no link). */
export function CourseGrid({ id, title, courses, linked }: { id: string; title: string; courses: HomeCourse[]; linked: boolean }) {
  if (courses.length === 0) return null;
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading id={id} as="h2" size="md" mb="3">{title}</Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        {courses.map((c) => (
          <LinkBox as="article" key={c.id}>
            <Card.Root bg="surface" overflow="hidden" h="full">
              {c.image_url && <Image src={c.image_url} alt="" aspectRatio={16 / 9} objectFit="cover" bg="bg.muted" />}
              <Card.Body gap="1">
                <Text fontSize="xs" color="fg.muted" textTransform="uppercase"><bdi>{c.category_name}</bdi></Text>
                {linked ? (
                  <LinkOverlay asChild><RouterLink to={`/courses/${c.id}`}><Text fontWeight="semibold"><bdi>{c.name}</bdi></Text></RouterLink></LinkOverlay>
                ) : (
                  <Text fontWeight="semibold"><bdi>{c.name}</bdi></Text>
                )}
                {c.description && <Text fontSize="sm" color="fg.muted" lineClamp={2} dir="auto">{c.description}</Text>}
              </Card.Body>
            </Card.Root>
          </LinkBox>
        ))}
      </SimpleGrid>
    </Box>
  );
}
