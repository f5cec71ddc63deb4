import { Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import type { Child } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { MoneyInputGroup, parseAmount, transferError } from '../wallet/index.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { YourBalance } from './your-balance.tsx';
import { useMutation } from '../../lib/engine/mutation.ts';

/**
 * Moves credits from the parent to a child. The engine writes the reply's parent balance and
 * children into the mirror, so the table, the wallet and the top bar change together.
 */
export function TransferDialog({ items, initial, balance, onClose }: { items: Child[]; initial: Child | null; balance: number; onClose: () => void }) {
  const { t, tMessage } = useI18n();
  const { run, busy } = useMutation('transfer', { attempt: true });
  const [childId, setChildId] = useState<number | null>(initial?.id ?? items[0]?.id ?? null);
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = childId === null ? MESSAGES.inputRequired : transferError(raw);
    setError(problem);
    const amount = parseAmount(raw);
    if (problem || amount === null || childId === null) return;
    const r = await run({ child_id: childId, amount });
    if (r?.ok) onClose();
  };

  return (
    <AppDialog title={t('family.transferTitle')} onSubmit={submit} submitLabel={t('family.transfer')} busy={busy} onClose={onClose} size="sm">
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          <YourBalance amount={formatMoney(balance)} testId="transfer-parent-balance" />
        </Text>
        <Field.Root required>
          <Field.Label>{t('family.child')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={childId ?? ''} onChange={(e) => setChildId(Number(e.currentTarget.value) || null)}>
              {items.map((c) => (
                <option key={c.id} value={c.id}>
                  {t('family.childOption', { name: c.name, amount: formatMoney(c.credits) })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={!!error} required>
          <Field.Label>{t('family.amount')}</Field.Label>
          <MoneyInputGroup>
            <Input inputMode="decimal" autoComplete="off" value={raw} onChange={(e) => setRaw(e.target.value)} autoFocus />
          </MoneyInputGroup>
          <Field.ErrorText>{error && tMessage(error)}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}
