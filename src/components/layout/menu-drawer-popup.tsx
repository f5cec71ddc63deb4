import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSessionShape, useUnreadInbox } from '../../app/session-context.tsx';
import type { Woken } from '../ui/lazy-part.tsx';
import { MenuButton } from './menu-drawer.tsx';
import { Logo } from './logo.tsx';
import { sideMenu, type MenuItem } from './menu-items.ts';
import { NavList } from './nav-item.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** The side menu as a drawer on phones (the menu button of the navbar, below md). Loaded by menu-drawer.tsx. */
export default function MenuDrawerPopup({ extra = [], woken }: { extra?: MenuItem[]; woken: Woken }) {
  const [open, setOpen] = useState(woken.open);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (woken.focus && !woken.open) trigger.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { role, isChild } = useSessionShape();
  const unread = useUnreadInbox();
  const close = () => setOpen(false);
  const { t } = useI18n();
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start" size="xs">
      <Drawer.Trigger asChild>
        <MenuButton ref={trigger} />
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
              <NavList items={[...sideMenu(role, { is_child: isChild }), ...extra]} unread={unread} onNavigate={close} label={t('shell.menu')} />
              {!role && <LanguageMenu mt="4" px="3" />}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('shell.closeMenu')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
