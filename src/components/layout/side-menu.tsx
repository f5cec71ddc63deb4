import { memo, useMemo } from 'react';
import { Box } from '@chakra-ui/react';
import { useSessionShape, useUnreadInbox } from '../../app/session-context.tsx';
import { sideMenu } from './menu-items.ts';
import { NavList } from './nav-item.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** The desktop side menu (md and up), below the navbar, for signed-in users. */
// Memoised: the layout re-renders on every navigation; this part does not depend on the route.
export const SideMenu = memo(function SideMenu() {
  const { role, isChild } = useSessionShape();
  const unread = useUnreadInbox();
  const items = useMemo(() => sideMenu(role, { is_child: isChild }), [role, isChild]);
  const { t } = useI18n();
  return (
    <Box
      as="aside"
      display={{ base: 'none', md: 'block' }}
      w="sidebar"
      flexShrink={0}
      position="sticky"
      // `top` reads spacing tokens, not sizes: a bare "navbar" was dropped (top: auto) and the menu
      // scrolled away with long pages.
      top="{sizes.navbar}"
      h="calc(100dvh - {sizes.navbar})"
      overflowY="auto"
      borderEndWidth="1px"
      bg="surface"
      p="3"
    >
      <NavList items={items} unread={unread} label={t('shell.mainMenu')} />
    </Box>
  );
});
