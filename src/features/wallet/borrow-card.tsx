import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '../../lib/format.ts';
import { borrowAllowed, borrowRemainder, type BorrowState } from './rules.ts';

/** The borrow offer: what is left under the cap, or why borrowing is not offered. */
export function BorrowCard({ state, onBorrow }: { state: BorrowState; onBorrow: () => void }) {
  const allowed = borrowAllowed(state);
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <HStack gap="4" wrap="wrap" justify="space-between">
          <Stack gap="0.5">
            <Text fontWeight="semibold">Borrow Balance</Text>
            <Text fontSize="sm" color="fg.muted">
              {allowed
                ? `You can borrow up to ${formatMoney(borrowRemainder(state))} and pay it back from your next recharge.`
                : 'Borrowing is not available for you right now.'}
            </Text>
          </Stack>
          {allowed && (
            <Button variant="outline" colorPalette="purple" onClick={onBorrow}>
              Borrow
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
