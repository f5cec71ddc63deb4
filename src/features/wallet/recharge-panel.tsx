import { Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { same } from '../../../db/same.ts';
import type { PaymentMethod, Wallet } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { CardPaymentDialog } from './card-payment-dialog.tsx';
import { ManualRechargeDialog } from './manual-recharge-dialog.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { MoneyInputGroup } from './money-input-group.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { canPay, parseAmount, rechargeError, recommendedRecharge } from './rules.ts';

/**
 * The amount (checked against the minimum on blur), the recommendation and the payment methods.
 * Rendered again only when what it shows of the wallet changes, not with the balance.
 */
export const RechargePanel = memo(RechargePanelNow, (a, b) =>
  a.wallet.min_recharge_amount === b.wallet.min_recharge_amount && a.wallet.weekly_cost === b.wallet.weekly_cost && same(a.wallet.payment_methods, b.wallet.payment_methods));

function RechargePanelNow({ wallet }: { wallet: Wallet }) {
  const { t } = useI18n();
  const min = wallet.min_recharge_amount;
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const rec = recommendedRecharge(wallet.weekly_cost, min);
  const amount = parseAmount(raw);
  const payable = canPay(raw, min);

  const change = (v: string) => {
    setRaw(v);
    if (error && rechargeError(v, min) === null) setError(null);
  };

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg">
          {t('wallet.recharge')}
        </Heading>
      </Card.Header>
      <Card.Body gap="5">
        <Stack gap="2" maxW="sm">
          <Field.Root invalid={!!error} required>
            <Field.Label>{t('wallet.amount')}</Field.Label>
            <MoneyInputGroup>
              <Input
                inputMode="decimal"
                autoComplete="off"
                value={raw}
                placeholder={String(min)}
                onChange={(e) => change(e.target.value)}
                onBlur={() => setError(rechargeError(raw, min))}
              />
            </MoneyInputGroup>
            {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{t('wallet.minimum', { amount: formatMoney(min) })}</Field.HelperText>}
          </Field.Root>
        </Stack>
        {rec && (
          <HStack gap="3" wrap="wrap" bg="bg.muted" p="3" borderRadius="md">
            <Text fontSize="sm" flex="1" minW="60%">
              {t('wallet.recommend', { from: formatMoney(rec.from), to: formatMoney(rec.to) })}
            </Text>
            <Button size="sm" variant="outline" onClick={() => change(String(rec.suggested))}>
              {t('wallet.use', { amount: formatMoney(rec.suggested) })}
            </Button>
          </HStack>
        )}
        <PaymentMethods methods={wallet.payment_methods} disabled={!payable} onPick={setMethod} />
      </Card.Body>
      {method && amount !== null && method.type === 'manual' && (
        <ManualRechargeDialog method={method} amount={amount} onClose={() => setMethod(null)} />
      )}
      {method && amount !== null && method.type === 'card' && <CardPaymentDialog amount={amount} onClose={() => setMethod(null)} />}
    </Card.Root>
  );
}
