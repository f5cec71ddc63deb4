import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { borrowError, parseAmount } from './rules.ts';
import { useMutation } from '../../lib/engine/mutation.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { MoneyInputGroup } from './money-input-group.tsx';

/** Borrow from 1 up to what is left under the cap; the loan is paid back from the next recharge. */
export function BorrowDialog({ remainder, onClose }: { remainder: number; onClose: () => void }) {
  const { t, tMessage } = useI18n();
  const { run, busy } = useMutation('borrow', { attempt: true });
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = borrowError(raw, remainder);
    setError(problem);
    const amount = parseAmount(raw);
    if (problem || amount === null) return;
    const r = await run({ amount });
    if (r?.ok) onClose();
  };

  return (
    <AppDialog title={t('wallet.borrowTitle')} onSubmit={submit} submitLabel={t('wallet.borrow')} busy={busy} onClose={onClose} size="sm">
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          <BorrowUpTo amount={formatMoney(remainder)} />
        </Text>
        <Field.Root invalid={!!error} required>
          <Field.Label>{t('wallet.amount')}</Field.Label>
          <MoneyInputGroup>
            <Input
              inputMode="decimal"
              autoComplete="off"
              value={raw}
              onChange={(e) => setRaw(e.target.value)}
              onBlur={() => raw && setError(borrowError(raw, remainder))}
              autoFocus
            />
          </MoneyInputGroup>
          <Field.ErrorText>{error && tMessage(error)}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}

/** The offer with the amount in bold, wherever the language puts it in the sentence. */
function BorrowUpTo({ amount }: { amount: string }) {
  const { t } = useI18n();
  const [before = '', after = ''] = t('wallet.borrowUpTo', { amount: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <strong>{amount}</strong>
      {after}
    </>
  );
}
