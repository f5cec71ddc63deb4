import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { borrowAllowed, borrowRemainder, type BorrowState } from './rules.ts';

/** The borrow offer: what is left under the cap, or why borrowing is not offered. */
// Memoised: the wallet renders again with every change of the user; its page hands it a memoised state.
export const BorrowCard = memo(function BorrowCard({ state, onBorrow }: { state: BorrowState; onBorrow: () => void }) {
  const { t } = useI18n();
  const allowed = borrowAllowed(state);
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <HStack gap="4" wrap="wrap" justify="space-between">
          <Stack gap="0.5">
            <Text fontWeight="semibold">{t('wallet.borrowTitle')}</Text>
            <Text fontSize="sm" color="fg.muted">
              {allowed ? t('wallet.borrowOffer', { amount: formatMoney(borrowRemainder(state)) }) : t('wallet.borrowUnavailable')}
            </Text>
          </Stack>
          {allowed && (
            <Button variant="outline" colorPalette="purple" onClick={onBorrow}>
              {t('wallet.borrow')}
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
});
