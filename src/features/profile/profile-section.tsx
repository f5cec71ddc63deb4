import { Card, Heading } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** A card that is a region named by its own heading, so screen readers can jump between the parts. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" bg="surface" size={{ base: 'sm', md: 'md' }}>
      <Card.Header>
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
