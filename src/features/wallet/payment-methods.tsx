import { Avatar, Badge, Button, Card, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PaymentMethod } from '../../../db/entities.ts';
import { isKnown, PAYMENT_METHOD_TYPES } from '../../../db/known-values.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * The payment methods with their reward labels and steps; all disabled until the amount is valid.
 * A disabled card is set back (a muted, dashed frame) without dimming its text: the steps stay
 * readable (AA contrast), only the button is inactive.
 */
export function PaymentMethods({ methods, disabled, onPick }: { methods: PaymentMethod[]; disabled: boolean; onPick: (m: PaymentMethod) => void }) {
  const { t } = useI18n();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {methods.map((m) => (
        <Card.Root key={m.id} size="sm" variant="outline" bg={disabled ? 'bg.subtle' : undefined} borderStyle={disabled ? 'dashed' : undefined} data-disabled={disabled || undefined}>
          <Card.Body gap="3">
            <HStack gap="3">
              <Avatar.Root shape="rounded" size="md" bg="bg.muted">
                <Avatar.Fallback name={m.name} />
                {m.logo && <Avatar.Image src={m.logo} alt="" />}
              </Avatar.Root>
              <Stack gap="0" flex="1">
                <Text fontWeight="semibold">{m.name}</Text>
                {m.reward && (
                  <Badge colorPalette="purple" variant="solid" alignSelf="start" size="sm" dir="auto">
                    {m.reward}
                  </Badge>
                )}
              </Stack>
            </HStack>
            {m.steps.length > 0 && (
              <List.Root as="ol" gap="1" ps="5" fontSize="sm" color="fg.muted">
                {m.steps.map((s, i) => (
                  <List.Item key={i}>
                    <span dir="auto">{s}</span>
                  </List.Item>
                ))}
              </List.Root>
            )}
            {m.type === 'card' && m.text && (
              <Text fontSize="sm" color="fg.muted" dir="auto">
                {m.text}
              </Text>
            )}
          </Card.Body>
          <Card.Footer>
            {/* A method of a type this client has no flow for is shown, not offered. */}
            <Button w="full" disabled={disabled || !isKnown(PAYMENT_METHOD_TYPES, m.type)} onClick={() => onPick(m)}>
              {t('wallet.payWith', { method: m.name })}
            </Button>
          </Card.Footer>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
