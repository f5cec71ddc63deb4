import { Badge, Float, IconButton, type IconButtonProps } from '@chakra-ui/react';
import type { Ref } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { badgeCount } from '../../components/layout/menu-items.ts';
import { AppIcon } from '../../components/ui/icons.tsx';
import { lazyPart, wakeHandlers, type Wake } from '../../components/ui/lazy-part.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** The bell with the unread count: the menu's trigger, and its stand-in until the menu's code is there. */
export function BellButton({ count, ref, ...rest }: { count: number; ref?: Ref<HTMLButtonElement> } & Omit<IconButtonProps, 'aria-label'>) {
  const { t } = useI18n();
  return (
    <IconButton ref={ref} variant="ghost" colorPalette="gray" aria-label={count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.title')} position="relative" {...rest}>
      <AppIcon name="bell" />
      {count > 0 && (
        <Float placement="top-end" offset="2">
          <Badge size="xs" variant="solid" colorPalette="red" borderRadius="full" data-testid="notifications-badge">
            {badgeCount(count)}
          </Badge>
        </Float>
      )}
    </IconButton>
  );
}

function StandIn({ wake }: { wake: Wake }) {
  const user = useUser();
  return <BellButton count={user?.notifications_count ?? 0} aria-haspopup="menu" aria-expanded={false} {...wakeHandlers(wake)} />;
}

/** The notifications menu of the top bar: its code loads when the user reaches for the bell. */
export const NotificationsMenu = lazyPart(() => import('./notifications-popup.tsx'), StandIn);
