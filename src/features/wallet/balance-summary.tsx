import { Badge, Card, HStack, SimpleGrid, Stat } from '@chakra-ui/react';
import { formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** Balance, loan balance and the payments waiting for review. Each Stat.Root is a <dl>: what follows the value is another <dd>. */
export function BalanceSummary({ credits, loan, pending }: { credits: number; loan: number; pending: number }) {
  const { t } = useI18n();
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <Card.Root variant="subtle" colorPalette="green">
        <Card.Body>
          <Stat.Root>
            <Stat.Label>{t('wallet.balance')}</Stat.Label>
            <Stat.ValueText data-testid="wallet-balance" color={credits < 0 ? 'fg.error' : undefined}>
              {formatMoney(credits)}
            </Stat.ValueText>
            {pending > 0 && (
              <HStack as="dd">
                <Badge colorPalette="orange" variant="subtle" data-testid="pending-count">
                  {t('wallet.pendingCount', { count: pending })}
                </Badge>
              </HStack>
            )}
          </Stat.Root>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="subtle">
        <Card.Body>
          <Stat.Root>
            <Stat.Label>{t('wallet.loanBalance')}</Stat.Label>
            <Stat.ValueText data-testid="wallet-loan">{formatMoney(loan)}</Stat.ValueText>
            <Stat.HelpText as="dd">{t('wallet.loanHint')}</Stat.HelpText>
          </Stat.Root>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
