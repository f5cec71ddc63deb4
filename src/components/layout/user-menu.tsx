import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { LogoutDialog } from '../../features/auth/logout-dialog.tsx';
import { AppIcon } from '../ui/icons.tsx';
import { useAppNavigate } from '../../app/navigation.ts';

/** The avatar menu of the top bar: Help, Settings, Logout (after confirmation). */
export function UserMenu() {
  const user = useUser();
  const navigate = useAppNavigate();
  const [confirming, setConfirming] = useState(false);
  if (!user) return null;
  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          if (value === 'logout') setConfirming(true);
          else navigate(value === 'help' ? '/help' : '/settings');
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="ghost" colorPalette="gray" px="1.5" aria-label={`Account menu for ${user.name}`}>
            <Avatar.Root size="sm" colorPalette="brand">
              <Avatar.Fallback name={user.name} />
              {user.avatar && <Avatar.Image src={user.avatar} alt="" />}
            </Avatar.Root>
            <Text display={{ base: 'none', lg: 'block' }} maxW="40" truncate dir="auto">
              {user.name}
            </Text>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              <Menu.Item value="help">
                <AppIcon name="help" boxSize="4" /> Help
              </Menu.Item>
              <Menu.Item value="settings">
                <AppIcon name="settings" boxSize="4" /> Settings
              </Menu.Item>
              <Menu.Separator />
              <Menu.Item value="logout" color="fg.error">
                <AppIcon name="logout" boxSize="4" /> Logout
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
    </>
  );
}
