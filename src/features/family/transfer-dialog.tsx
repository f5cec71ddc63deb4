import { Field, Input, InputGroup, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import type { Child } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { parseAmount, transferError } from '../wallet/index.ts';
import { useMutation } from '../../lib/engine/mutation.ts';

/**
 * Moves credits from the parent to a child. The engine writes the reply's parent balance and
 * children into the mirror, so the table, the wallet and the top bar change together.
 */
export function TransferDialog({ items, initial, balance, onClose }: { items: Child[]; initial: Child | null; balance: number; onClose: () => void }) {
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
    <AppDialog title="Transfer Credits" onSubmit={submit} submitLabel="Transfer" busy={busy} onClose={onClose} size="sm">
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Your balance: <strong data-testid="transfer-parent-balance">{formatMoney(balance)}</strong>
        </Text>
        <Field.Root required>
          <Field.Label>Child</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={childId ?? ''} onChange={(e) => setChildId(Number(e.currentTarget.value) || null)}>
              {items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({formatMoney(c.credits)})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={!!error} required>
          <Field.Label>Amount</Field.Label>
          <InputGroup startElement="$">
            <Input inputMode="decimal" autoComplete="off" value={raw} onChange={(e) => setRaw(e.target.value)} autoFocus />
          </InputGroup>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}
