import { Button, EmptyState, Heading, Icon, Input, InputGroup, SimpleGrid, Skeleton, Stack, VStack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../components/page-container.tsx';
import { AppIcon } from '../../components/ui/icons.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { useRouteData } from '../../app/route-data.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { useMyEnrollments } from './data.ts';
import { EnrollmentCard } from './enrollment-card.tsx';
import { filterEnrollments, isCurrentEnrollment } from './my-courses-filter.ts';

function SearchIcon() {
  return (
    <Icon aria-hidden="true" boxSize="4" asChild>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35" />
      </svg>
    </Icon>
  );
}

/** The user's enrolments as searchable cards, from the mirror; a link to the catalogue when there are none. */
export function MyCoursesPage() {
  const { t } = useI18n();
  const { enrollments, phase } = useMyEnrollments();
  const { retry, retrying } = useRouteData();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterEnrollments(enrollments, query), [enrollments, query]);
  // Current courses (the number the dashboard shows), then the finished and canceled ones apart.
  const current = shown.filter(isCurrentEnrollment);
  const past = shown.filter((e) => !isCurrentEnrollment(e));

  return (
    <PageContainer>
      <Stack gap="5">
        <Heading as="h1" size="2xl">{t('myCourses.title')}</Heading>
        {phase === 'loading' ? (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" aria-busy="true">
            {[0, 1, 2].map((i) => <Skeleton key={i} height="64" borderRadius="l3" />)}
          </SimpleGrid>
        ) : phase === 'error' ? (
          <LoadError onRetry={retry} retrying={retrying} />
        ) : phase === 'empty' ? (
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Indicator><AppIcon name="book" /></EmptyState.Indicator>
              <VStack textAlign="center">
                <EmptyState.Title as="h2">{t('myCourses.emptyTitle')}</EmptyState.Title>
                <EmptyState.Description>{t('myCourses.emptyText')}</EmptyState.Description>
              </VStack>
              <Button asChild colorPalette="brand">
                <RouterLink to="/courses">{t('myCourses.browse')}</RouterLink>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <>
            <InputGroup startElement={<SearchIcon />} maxW={{ md: 'md' }}>
              <Input type="search" placeholder={t('myCourses.search')} aria-label={t('myCourses.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
            </InputGroup>
            {shown.length === 0 ? (
              <EmptyState.Root>
                <EmptyState.Content>
                  <EmptyState.Title as="h2">{t('msg.noResults')}</EmptyState.Title>
                </EmptyState.Content>
              </EmptyState.Root>
            ) : (
              <>
                {current.length > 0 && (
                  <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5" aria-label={t('myCourses.current')}>
                    {current.map((e) => <li key={e.id}><EnrollmentCard enrollment={e} /></li>)}
                  </SimpleGrid>
                )}
                {past.length > 0 && (
                  <Stack as="section" gap="3" aria-labelledby="past-courses">
                    <Heading as="h2" id="past-courses" size="md" color="fg.muted">{t('myCourses.past')}</Heading>
                    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
                      {past.map((e) => <li key={e.id}><EnrollmentCard enrollment={e} titleAs="h3" /></li>)}
                    </SimpleGrid>
                  </Stack>
                )}
              </>
            )}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}

export default MyCoursesPage;
