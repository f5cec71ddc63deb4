import { Card, DataList, Heading } from '@chakra-ui/react';
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

/** One labelled value of a section's data list. */
export function ProfileField({ label, children, ...value }: { label: string; children: ReactNode } & DataList.ItemValueProps) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW={{ base: '24', sm: '36' }}>{label}</DataList.ItemLabel>
      <DataList.ItemValue minW="0" wordBreak="break-word" {...value}>
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
