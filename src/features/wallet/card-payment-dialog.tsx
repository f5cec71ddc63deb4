import { Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import { getEngine } from '../../lib/engine/connect.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { formatMoney } from '../../lib/format.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { cardErrors, formatCardNumber, formatExpiry, type CardErrors } from './card.ts';
import { mutate, useMutation } from '../../lib/engine/mutation.ts';

/**
 * Card payment through the provider: an order is created and captured, then spent by
 * POST /wallet/recharge. One attempt id keys all three calls (`<id>:order`, `<id>:capture`, and the
 * recharge mutation itself), so a retry after a lost reply replays the same order instead of
 * charging again. The card fields stay in this form.
 */
export function CardPaymentDialog({ amount, onClose }: { amount: number; onClose: () => void }) {
  const engine = getEngine();
  const { guard, busy } = useMutation('recharge', { attempt: true });
  const [fields, setFields] = useState({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    const problems = cardErrors(fields);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const outcome = await guard(async (attempt) => {
      const id = attempt.idFor({ card: amount });
      const order = await engine.call<{ id?: unknown }>({ method: 'POST', path: '/payments/orders', body: { amount }, idempotencyKey: `${id}:order` });
      if (!order.ok || typeof order.data?.id !== 'string') {
        attempt.settle(order.ok ? null : order.error);
        return MESSAGES.paymentProcessingFailed;
      }
      const orderId = order.data.id;
      const capture = await engine.call({ method: 'POST', path: `/payments/orders/${encodeURIComponent(orderId)}/capture`, idempotencyKey: `${id}:capture` });
      if (!capture.ok) {
        attempt.settle(capture.error);
        return MESSAGES.paymentProcessingFailed;
      }
      const r = await mutate('recharge', { order_id: orderId }, id);
      attempt.settle(r.ok ? null : r.error);
      return r.ok ? null : r.error.message;
    });
    if (outcome === undefined) return; // a second click while the first runs
    if (outcome) {
      notify('error', outcome);
      return;
    }
    notify('success', MESSAGES.recharged);
    onClose();
  };

  const set = (k: keyof typeof fields, v: string) => setFields((f) => ({ ...f, [k]: v }));

  return (
    <AppDialog title={`Pay ${formatMoney(amount)} by card`} onSubmit={pay} submitLabel={`Pay ${formatMoney(amount)}`} busy={busy} onClose={onClose} size="sm">
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Your card details go to the payment provider only; we never store them.
        </Text>
        <Field.Root invalid={!!errors.number} required>
          <Field.Label>Card number</Field.Label>
          <Input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={fields.number} onChange={(e) => set('number', formatCardNumber(e.target.value))} />
          <Field.ErrorText>{errors.number}</Field.ErrorText>
        </Field.Root>
        <HStack align="start" gap="4">
          <Field.Root invalid={!!errors.expiry} required>
            <Field.Label>Expiry</Field.Label>
            <Input inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" value={fields.expiry} onChange={(e) => set('expiry', formatExpiry(e.target.value))} />
            <Field.ErrorText>{errors.expiry}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.cvc} required>
            <Field.Label>CVC</Field.Label>
            <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} value={fields.cvc} onChange={(e) => set('cvc', e.target.value.replace(/\D/g, ''))} />
            <Field.ErrorText>{errors.cvc}</Field.ErrorText>
          </Field.Root>
        </HStack>
      </Stack>
    </AppDialog>
  );
}
