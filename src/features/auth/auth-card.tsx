import { Box, Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The centred card that sign-in, sign-up, reset and confirmation screens sit in. */
export function AuthCard({ title, subtitle, children, maxW = 'md' }: { title: string; subtitle?: ReactNode; children: ReactNode; maxW?: string }) {
  return (
    <Box px="4" py={{ base: '6', md: '12' }}>
      <Card.Root maxW={maxW} mx="auto" variant="elevated" bg="surface">
        <Card.Header>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {subtitle && <Text color="fg.muted">{subtitle}</Text>}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Box>
  );
}
