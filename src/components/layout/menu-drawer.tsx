import { CloseButton, Drawer, IconButton, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { useRole, useUser } from '../../app/session-context.tsx';
import { AppIcon } from '../ui/icons.tsx';
import { Logo } from './logo.tsx';
import { sideMenu, type MenuItem } from './menu-items.ts';
import { NavList } from './nav-item.tsx';

/** The side menu as a drawer on phones (the menu button of the navbar, below md). */
export function MenuDrawer({ extra = [] }: { extra?: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const role = useRole();
  const user = useUser();
  const close = () => setOpen(false);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start" size="xs">
      <Drawer.Trigger asChild>
        <IconButton variant="ghost" colorPalette="gray" aria-label="Open menu" display={{ base: 'inline-flex', md: 'none' }}>
          <AppIcon name="menu" />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title asChild>
                <div onClick={close}>
                  <Logo to={role ? '/home' : '/login'} />
                </div>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="3">
              <NavList items={[...sideMenu(role), ...extra]} unread={user?.unread_inbox_count ?? 0} onNavigate={close} label="Menu" />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
