import { Button, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { mutationId, useEngine, useUser } from '../../app/session-context.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { browserTimezone, timezoneList } from './timezones.ts';

/** The account's timezone: class times are shown and entered in it. */
export function TimezoneSetting() {
  const user = useUser();
  const engine = useEngine();
  const current = user?.timezone ?? browserTimezone();
  const zones = useMemo(() => timezoneList(current), [current]);
  const [value, setValue] = useState(current);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const res = await engine.mutate({ id: mutationId(), name: 'updateTimezone', timezone: value });
    setBusy(false);
    notify(res.ok ? 'success' : 'error', res.ok ? MESSAGES.changesSaved : res.error.message || MESSAGES.saveFailed);
  };
  return (
    <Field.Root>
      <Field.Label>Timezone</Field.Label>
      <HStack w="full" maxW="lg">
        <NativeSelect.Root flex="1">
          <NativeSelect.Field value={value} onChange={(e) => setValue(e.currentTarget.value)} aria-label="Timezone">
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button onClick={save} loading={busy} disabled={value === current}>
          Save
        </Button>
      </HStack>
      <Field.HelperText>Your browser is set to {browserTimezone().replaceAll('_', ' ')}.</Field.HelperText>
    </Field.Root>
  );
}
