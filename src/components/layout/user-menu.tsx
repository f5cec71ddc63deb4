import { Avatar, Button, Text, type ButtonProps } from '@chakra-ui/react';
import type { Ref } from 'react';
import type { User } from '../../../db/entities.ts';
import { useUser } from '../../app/session-context.tsx';
import { lazyPart, wakeHandlers, type Wake } from '../ui/lazy-part.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** The avatar and name: the trigger of the account menu, and its stand-in until the menu's code is there. */
export function AccountButton({ user, ref, ...rest }: { user: User; ref?: Ref<HTMLButtonElement> } & ButtonProps) {
  const { t } = useI18n();
  return (
    <Button ref={ref} variant="ghost" colorPalette="gray" px="1.5" aria-label={t('shell.accountMenu', { name: user.name })} {...rest}>
      <Avatar.Root size="sm" colorPalette="brand">
        <Avatar.Fallback name={user.name} />
        {user.avatar && <Avatar.Image src={user.avatar} alt="" />}
      </Avatar.Root>
      <Text display={{ base: 'none', lg: 'block' }} maxW={{ lg: '40', xl: '60' }} truncate dir="auto">
        {user.name}
      </Text>
    </Button>
  );
}

function StandIn({ wake }: { wake: Wake }) {
  const user = useUser();
  return user ? <AccountButton user={user} aria-haspopup="menu" aria-expanded={false} {...wakeHandlers(wake)} /> : null;
}

/** The avatar menu of the top bar (Help, Settings, Logout): its code loads when the user reaches for it. */
export const UserMenu = lazyPart(() => import('./user-menu-popup.tsx'), StandIn);
