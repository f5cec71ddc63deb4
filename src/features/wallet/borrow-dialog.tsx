import { Field, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { borrowError, parseAmount } from './rules.ts';
import { useMutation } from '../../lib/engine/mutation.ts';

/** Borrow from 1 up to what is left under the cap; the loan is paid back from the next recharge. */
export function BorrowDialog({ remainder, onClose }: { remainder: number; onClose: () => void }) {
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
    <AppDialog title="Borrow Balance" onSubmit={submit} submitLabel="Borrow" busy={busy} onClose={onClose} size="sm">
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
    </AppDialog>
  );
}
