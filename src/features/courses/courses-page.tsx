import { Button, EmptyState, Heading, HStack, Input, InputGroup, SimpleGrid, Skeleton, Stack, VStack, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { PageContainer } from '../../components/page-container.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { useRouteData } from '../../app/route-data.tsx';
import { CourseIcon } from './icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { ALL_CATEGORIES, categoriesOf, filterCourses } from './catalogue-filter.ts';
import { CourseCard } from './course-card.tsx';
import { useCourses } from './data.ts';

/**
 * The catalogue (students). Opens from the mirror at once and refreshes in the background;
 * search and the category filter run over the mirrored list on every keystroke.
 */
export function CoursesPage() {
  const { courses, phase } = useCourses();
  const { t } = useI18n();
  const { retry, retrying } = useRouteData();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<number | typeof ALL_CATEGORIES>(ALL_CATEGORIES);

  const categories = useMemo(() => categoriesOf(courses), [courses]);
  const shown = useMemo(() => filterCourses(courses, query, category), [courses, query, category]);
  const chip = (value: number | typeof ALL_CATEGORIES, label: string) => (
    <Button
      key={value}
      size="sm"
      borderRadius="full"
      variant={category === value ? 'solid' : 'outline'}
      colorPalette={category === value ? 'brand' : 'gray'}
      aria-pressed={category === value}
      onClick={() => setCategory(value)}
    >
      {label}
    </Button>
  );

  return (
    <PageContainer>
      <Stack gap="5">
        <Heading as="h1" size="2xl">{t('route.courses')}</Heading>
        <InputGroup startElement={<CourseIcon name="search" />} maxW={{ md: 'md' }}>
          <Input
            type="search"
            placeholder={t('courses.searchCourses')}
            aria-label={t('courses.searchCourses')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </InputGroup>
        <Wrap gap="2" role="group" aria-label={t('courses.category')}>
          {chip(ALL_CATEGORIES, t('courses.all'))}
          {categories.map((c) => chip(c.id, c.name))}
        </Wrap>
        {phase === 'loading' ? (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" aria-busy="true">
            {[0, 1, 2].map((i) => <Skeleton key={i} height="72" borderRadius="l3" />)}
          </SimpleGrid>
        ) : phase === 'error' ? (
          <LoadError onRetry={retry} retrying={retrying} />
        ) : shown.length === 0 ? (
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Indicator><CourseIcon name="search" /></EmptyState.Indicator>
              <VStack textAlign="center">
                <EmptyState.Title as="h2">{t('msg.noResults')}</EmptyState.Title>
              </VStack>
              {(query || category !== ALL_CATEGORIES) && (
                <HStack>
                  <Button variant="outline" size="sm" onClick={() => { setQuery(''); setCategory(ALL_CATEGORIES); }}>
                    {t('courses.clearFilters')}
                  </Button>
                </HStack>
              )}
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
            {shown.map((c) => <li key={c.id}><CourseCard course={c} /></li>)}
          </SimpleGrid>
        )}
      </Stack>
    </PageContainer>
  );
}

export default CoursesPage;
