import { Field, Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { notificationsOn, setNotifications } from '../../lib/attention.ts';
import { useI18n } from '../../lib/i18n/index.ts';

const unsupported = typeof Notification === 'undefined';

/**
 * Opt-in browser notifications for new messages while no tab of the app is visible. The browser's
 * permission is asked only when the user turns this on; the choice stays on this device.
 */
export function NotificationSetting() {
  const [on, setOn] = useState(notificationsOn);
  const { t } = useI18n();
  // Read once (a lazy initial state): Notification.permission asks the browser, milliseconds a render.
  const [denied, setDenied] = useState(() => !unsupported && Notification.permission === 'denied');
  const change = async (want: boolean) => {
    const now = await setNotifications(want);
    setOn(now);
    setDenied(!unsupported && Notification.permission === 'denied');
  };
  return (
    <Field.Root>
      <Switch.Root checked={on} disabled={unsupported} onCheckedChange={(d) => void change(d.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('settings.notify')}</Switch.Label>
      </Switch.Root>
      <Field.HelperText>
        {unsupported
          ? t('settings.notifyUnsupported')
          : denied
            ? t('settings.notifyBlocked')
            : t('settings.notifyHint')}
      </Field.HelperText>
    </Field.Root>
  );
}
