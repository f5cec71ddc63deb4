import { memo } from 'react';
import { Badge, Box, Float, HStack, IconButton, Link, Spacer } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useRole, useUnreadInbox, useUser } from '../../app/session-context.tsx';
import { NotificationsMenu } from '../../features/notifications/notifications-menu.tsx';
import { formatMoney } from '../../lib/format.ts';
import { AppIcon } from '../ui/icons.tsx';
import { ColorModeButton } from './color-mode-button.tsx';
import { ConnectionChip } from './connection-chip.tsx';
import { Logo } from './logo.tsx';
import { MenuDrawer } from './menu-drawer.tsx';
import { badgeCount } from './menu-items.ts';
import { RamadanBadge } from './ramadan-badge.tsx';
import { UserMenu } from './user-menu.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** The signed-in navbar: 85 px from md up, 65 px on phones. */
// Memoised: the layout re-renders on every navigation; this part does not depend on the route.
export const TopBar = memo(function TopBar() {
  const role = useRole();
  const unread = useUnreadInbox();
  const { t } = useI18n();
  return (
    <HStack as="header" h={{ base: 'navbarPhone', md: 'navbar' }} px={{ base: '2', md: '6' }} gap={{ base: '1', md: '3' }}>
      <MenuDrawer />
      <Logo to="/home" />
      <RamadanBadge />
      <Spacer />
      <ConnectionChip />
      {role === 'student' && <CreditsBadge />}
      <IconButton asChild variant="ghost" colorPalette="gray" position="relative" display={{ base: 'none', md: 'inline-flex' }}>
        <RouterLink to="/inbox" aria-label={unread > 0 ? t('shell.inboxUnread', { n: unread }) : t('shell.inbox')}>
          <AppIcon name="inbox" />
          {unread > 0 && (
            <Float placement="top-end" offset="2">
              <Badge size="xs" variant="solid" colorPalette="red" borderRadius="full">
                {badgeCount(unread)}
              </Badge>
            </Float>
          )}
        </RouterLink>
      </IconButton>
      <NotificationsMenu />
      <Box display={{ base: 'none', md: 'block' }}>
        <ColorModeButton />
      </Box>
      <UserMenu />
    </HStack>
  );
});

/** The student's credits, a link to the wallet: the only part of the bar a change of the balance renders again. */
function CreditsBadge() {
  const user = useUser();
  const { t } = useI18n();
  if (!user) return null;
  return (
    <Link asChild _hover={{ textDecoration: 'none' }}>
      <RouterLink to="/wallet" aria-label={t('shell.credits', { amount: formatMoney(user.credits) })}>
        <Badge size="lg" colorPalette="green" variant="subtle" gap="1.5" data-testid="credits-badge">
          {/* Not on a phone: beside the connection chip, the bar had no room for it (the logo was squeezed). */}
          <AppIcon name="wallet" boxSize="4" display={{ base: 'none', sm: 'inline-block' }} />
          {formatMoney(user.credits)}
        </Badge>
      </RouterLink>
    </Link>
  );
}
