import { Menu, Portal } from '@chakra-ui/react';
import { memo, useEffect, useRef, useState } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { LogoutDialog } from '../../features/auth/logout-dialog.tsx';
import { AppIcon } from '../ui/icons.tsx';
import type { Woken } from '../ui/lazy-part.tsx';
import { AccountButton } from './user-menu.tsx';
import { useAppNavigate } from '../../app/navigation.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { TOP_BAR_MENU_POSITIONING } from './menu-items.ts';

/** The avatar menu of the top bar: Help, Settings, Logout (after confirmation). Loaded by user-menu.tsx. */
export default function UserMenuPopup({ woken }: { woken: Woken }) {
  const user = useUser();
  const trigger = useRef<HTMLButtonElement>(null);
  // The stand-in had the focus: the real trigger takes it (an open menu moves it inside itself).
  useEffect(() => {
    if (woken.focus && !woken.open) trigger.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const navigate = useAppNavigate();
  const [confirming, setConfirming] = useState(false);
  if (!user) return null;
  return (
    <>
      <Menu.Root
        defaultOpen={woken.open}
        positioning={TOP_BAR_MENU_POSITIONING}
        onSelect={({ value }) => {
          if (value === 'logout') setConfirming(true);
          else navigate(value === 'help' ? '/help' : '/settings');
        }}
      >
        <Menu.Trigger asChild>
          <AccountButton ref={trigger} user={user} />
        </Menu.Trigger>
        <UserMenuItems />
      </Menu.Root>
      <LogoutDialog open={confirming} onClose={() => setConfirming(false)} finalFocusEl={() => trigger.current} />
    </>
  );
}

/** The menu's items: memoised, as the popup renders again with every change of the user (their credits too). */
const UserMenuItems = memo(function UserMenuItems() {
  const { t } = useI18n();
  return (
    <Portal>
      <Menu.Positioner>
        <Menu.Content minW="48">
          <Menu.Item value="help">
            <AppIcon name="help" boxSize="4" /> {t('menu.help')}
          </Menu.Item>
          <Menu.Item value="settings">
            <AppIcon name="settings" boxSize="4" /> {t('menu.settings')}
          </Menu.Item>
          <Menu.Separator />
          <Menu.Item value="logout" color="fg.error">
            <AppIcon name="logout" boxSize="4" /> {t('menu.logout')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Portal>
  );
});
