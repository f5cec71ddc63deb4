import type { ReactNode } from 'react';
import { Card, Stat } from '@chakra-ui/react';

/** One number on the dashboard, with an optional line of detail under it. */
export function StatCard({ label, value, help, children }: { label: string; value: ReactNode; help?: ReactNode; children?: ReactNode }) {
  return (
    <Card.Root bg="surface" h="full">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
          {help && <Stat.HelpText>{help}</Stat.HelpText>}
        </Stat.Root>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
