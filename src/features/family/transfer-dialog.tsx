import { Button, CloseButton, Dialog, Field, Input, InputGroup, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import type { Child } from '../../../db/entities.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { formatMoney } from '../../lib/format.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { moneyErrorMessage } from '../wallet/errors.ts';
import { parseAmount, transferError } from '../wallet/rules.ts';
import { useMoneyAction } from '../wallet/use-money-action.ts';

/**
 * Moves credits from the parent to a child. The engine writes the reply's parent balance and
 * children into the mirror, so the table, the wallet and the top bar change together.
 */
export function TransferDialog({ items, initial, balance, onClose }: { items: Child[]; initial: Child | null; balance: number; onClose: () => void }) {
  const { run, busy } = useMoneyAction('transfer');
  const [childId, setChildId] = useState<number | null>(initial?.id ?? items[0]?.id ?? null);
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = childId === null ? MESSAGES.inputRequired : transferError(raw);
    setError(problem);
    const amount = parseAmount(raw);
    if (problem || amount === null || childId === null) return;
    const r = await run({ name: 'transfer', child_id: childId, amount });
    if (!r) return;
    if (!r.ok) {
      notify('error', moneyErrorMessage(r.error, MESSAGES.requestFailed));
      return;
    }
    notify('success', MESSAGES.creditsTransferred);
    onClose();
  };

  return (
    <DialogRoot open onOpenChange={(d) => !d.open && !busy && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Transfer Credits</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
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
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" type="button" disabled={busy} onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Transfer
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" disabled={busy} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
