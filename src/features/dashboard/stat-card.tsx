import type { ReactNode } from 'react';
import { Card, Stat } from '@chakra-ui/react';

/**
 * One number on the dashboard, with an optional line of detail under it. Stat.Root is a <dl>:
 * the detail is a second <dd> of the label (Chakra's HelpText is a bare span, invalid there).
 */
export function StatCard({ label, value, help, children }: { label: string; value: ReactNode; help?: ReactNode; children?: ReactNode }) {
  return (
    <Card.Root bg="surface" h="full">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
          {help && <Stat.HelpText as="dd">{help}</Stat.HelpText>}
        </Stat.Root>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
