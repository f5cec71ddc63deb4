import { memo } from 'react';
import { Badge, Box, Link, Text, VStack } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { useRole, useSettings, useUnreadInbox } from '../../app/session-context.tsx';
import { AppIcon } from '../ui/icons.tsx';
import { badgeCount, bottomNav } from './menu-items.ts';
import { useI18n } from '../../lib/i18n/index.ts';

export const BOTTOM_NAV_HEIGHT = '64px';

/** The phone bottom navigation (below md) for signed-in users. */
// Memoised: the layout re-renders on every navigation; this part does not depend on the route.
export const BottomNav = memo(function BottomNav() {
  const role = useRole();
  const unread = useUnreadInbox();
  const settings = useSettings();
  const { t } = useI18n();
  if (!role) return null;
  const items = bottomNav(role, settings?.enable_app_wallet ?? false);
  return (
    <Box
      as="nav"
      aria-label={t('shell.bottomNav')}
      display={{ base: 'flex', md: 'none' }}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      h={`calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom))`}
      pb="env(safe-area-inset-bottom)"
      bg="surface"
      borderTopWidth="1px"
      boxShadow="0 -2px 8px rgba(0,0,0,0.06)"
    >
      {items.map((item) => (
        <Link
          key={item.to}
          asChild
          flex="1"
          justifyContent="center"
          color="fg.muted"
          textDecoration="none"
          _currentPage={{ color: 'brand.fg' }}
          _hover={{ textDecoration: 'none', color: 'fg' }}
        >
          <NavLink to={item.to}>
            <VStack gap="0.5" position="relative">
              <AppIcon name={item.icon} />
              <Text fontSize="2xs" fontWeight="medium">
                {t(item.label)}
              </Text>
              {item.unread && unread > 0 && (
                <Badge position="absolute" top="-1" insetEnd="-2" size="xs" colorPalette="red" variant="solid" borderRadius="full">
                  {badgeCount(unread)}
                </Badge>
              )}
            </VStack>
          </NavLink>
        </Link>
      ))}
    </Box>
  );
});
