import { Heading, Text } from '@chakra-ui/react';
import { PageContainer } from './page-container.tsx';

/** A screen another part of the work will build; shows its title meanwhile. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <PageContainer>
      <Heading as="h1" size="2xl" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted">Coming soon</Text>
    </PageContainer>
  );
}
