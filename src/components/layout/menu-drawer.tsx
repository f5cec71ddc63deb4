import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import type { Ref } from 'react';
import { AppIcon } from '../ui/icons.tsx';
import { lazyPart, wakeHandlers, type Wake } from '../ui/lazy-part.tsx';
import type { MenuItem } from './menu-items.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** The navbar's menu button on phones: the drawer's trigger, and its stand-in until the drawer's code is there. */
export function MenuButton({ ref, ...rest }: { ref?: Ref<HTMLButtonElement> } & Omit<IconButtonProps, 'aria-label'>) {
  const { t } = useI18n();
  return (
    <IconButton ref={ref} variant="ghost" colorPalette="gray" aria-label={t('shell.openMenu')} display={{ base: 'inline-flex', md: 'none' }} {...rest}>
      <AppIcon name="menu" />
    </IconButton>
  );
}

function StandIn({ wake }: { extra?: MenuItem[]; wake: Wake }) {
  return <MenuButton aria-haspopup="dialog" aria-expanded={false} {...wakeHandlers(wake)} />;
}

/** The side menu as a drawer on phones: its code loads when the user reaches for the menu button. */
export const MenuDrawer = lazyPart<{ extra?: MenuItem[] }>(() => import('./menu-drawer-popup.tsx'), StandIn);
