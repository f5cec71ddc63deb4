import { Button, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { useMutation } from '../../lib/engine/mutation.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { browserTimezone, timezoneList } from './timezones.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** The account's timezone: class times are shown and entered in it. */
export function TimezoneSetting() {
  const user = useUser();
  const { run, busy } = useMutation('updateTimezone');
  const current = user?.timezone ?? browserTimezone();
  const zones = useMemo(() => timezoneList(current), [current]);
  const [value, setValue] = useState(current);
  const { t } = useI18n();
  // Signing in updates it silently; here the user asked, so it says so.
  const save = () => void run({ timezone: value }, { success: MESSAGES.changesSaved });
  return (
    <Field.Root>
      <Field.Label>{t('settings.timezone')}</Field.Label>
      <HStack w="full" maxW="lg">
        <NativeSelect.Root flex="1">
          <NativeSelect.Field value={value} onChange={(e) => setValue(e.currentTarget.value)} aria-label={t('settings.timezone')}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button onClick={save} loading={busy} disabled={value === current}>
          {t('settings.save')}
        </Button>
      </HStack>
      <Field.HelperText>{t('settings.browserZone', { zone: browserTimezone().replaceAll('_', ' ') })}</Field.HelperText>
    </Field.Root>
  );
}
