import { Button, CloseButton, Dialog, Field, Input, InputGroup, Portal, Stack, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { formatMoney } from '../../lib/format.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { moneyErrorMessage } from './errors.ts';
import { borrowError, parseAmount } from './rules.ts';
import { useMoneyAction } from './use-money-action.ts';

/** Borrow from 1 up to what is left under the cap; the loan is paid back from the next recharge. */
export function BorrowDialog({ remainder, onClose }: { remainder: number; onClose: () => void }) {
  const { run, busy } = useMoneyAction('borrow');
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = borrowError(raw, remainder);
    setError(problem);
    const amount = parseAmount(raw);
    if (problem || amount === null) return;
    const r = await run({ name: 'borrow', amount });
    if (!r) return;
    if (!r.ok) {
      notify('error', moneyErrorMessage(r.error, MESSAGES.requestFailed));
      return;
    }
    notify('success', MESSAGES.borrowDone);
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
                <Dialog.Title>Borrow Balance</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    You can borrow up to <strong>{formatMoney(remainder)}</strong>. It is paid back from your next recharge.
                  </Text>
                  <Field.Root invalid={!!error} required>
                    <Field.Label>Amount</Field.Label>
                    <InputGroup startElement="$">
                      <Input
                        inputMode="decimal"
                        autoComplete="off"
                        value={raw}
                        onChange={(e) => setRaw(e.target.value)}
                        onBlur={() => raw && setError(borrowError(raw, remainder))}
                        autoFocus
                      />
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
                  Borrow
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
