import { Badge, Box, HStack, Link, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { AppIcon } from '../ui/icons.tsx';
import { badgeCount, type MenuItem } from './menu-items.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** One side-menu entry: a link with an icon, highlighted on its own page, with the unread chip for Inbox. */
export function NavItem({ item, unread, onNavigate }: { item: MenuItem; unread: number; onNavigate?: () => void }) {
  const { t } = useI18n();
  const body = (
    <HStack gap="3" w="full">
      <AppIcon name={item.icon} />
      <Text flex="1">{t(item.label)}</Text>
      {item.unread && unread > 0 && (
        <Badge colorPalette="red" variant="solid" borderRadius="full" aria-label={t('shell.unread', { n: unread })}>
          {badgeCount(unread)}
        </Badge>
      )}
    </HStack>
  );
  const style = {
    display: 'flex',
    px: '3',
    py: '2.5',
    borderRadius: 'md',
    color: 'fg.muted',
    fontWeight: 'medium',
    textDecoration: 'none',
    _hover: { bg: 'bg.muted', color: 'fg', textDecoration: 'none' },
    _currentPage: { bg: 'brand.subtle', color: 'brand.fg' },
    focusRingColor: 'brand.focusRing',
  } as const;
  if (item.external) {
    return (
      <Link href={item.to} target="_blank" rel="noopener noreferrer" {...style} onClick={onNavigate}>
        {body}
      </Link>
    );
  }
  return (
    <Link asChild {...style}>
      <NavLink to={item.to} onClick={onNavigate} end={item.to === '/home'}>
        {body}
      </NavLink>
    </Link>
  );
}

export function NavList({ items, unread, onNavigate, label }: { items: readonly MenuItem[]; unread: number; onNavigate?: () => void; label: string }) {
  return (
    <Box as="nav" aria-label={label}>
      <Box as="ul" listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavItem item={item} unread={unread} onNavigate={onNavigate} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
