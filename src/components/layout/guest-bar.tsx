import { memo } from 'react';
import { Button, HStack, Spacer } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useCountry } from '../../app/use-country.ts';
import { ColorModeButton } from './color-mode-button.tsx';
import { Logo } from './logo.tsx';
import { MenuDrawer } from './menu-drawer.tsx';
import { ABOUT_US_URL, type MenuItem } from './menu-items.ts';
import { RamadanBadge } from './ramadan-badge.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** The guest navbar: About Us, Contact Us, Teachers Sign In (Egypt only), New Account, Sign in. 70 px on phones. */
// Memoised: the layout re-renders on every navigation; this part does not depend on the route.
export const GuestBar = memo(function GuestBar() {
  const country = useCountry();
  const { t } = useI18n();
  const teachers = country === 'EG';
  const extra: MenuItem[] = teachers ? [{ label: 'menu.teachersSignIn', to: '/login/teachers', icon: 'login' }] : [];
  return (
    <HStack as="header" h={{ base: 'navbarGuestPhone', md: 'navbar' }} px={{ base: '2', md: '6' }} gap={{ base: '1', md: '2' }}>
      <MenuDrawer extra={extra} />
      <Logo to="/login" />
      <RamadanBadge />
      <Spacer />
      <HStack gap="1" display={{ base: 'none', md: 'flex' }}>
        {/* The guest menu's About Us: on phones it is in the drawer, from md up only here. */}
        <Button asChild variant="ghost" colorPalette="gray">
          <a href={ABOUT_US_URL} target="_blank" rel="noopener noreferrer">
            {t('menu.aboutUs')}
          </a>
        </Button>
        <Button asChild variant="ghost" colorPalette="gray">
          <RouterLink to="/help">{t('menu.contactUs')}</RouterLink>
        </Button>
        {teachers && (
          <Button asChild variant="ghost" colorPalette="gray">
            <RouterLink to="/login/teachers">{t('menu.teachersSignIn')}</RouterLink>
          </Button>
        )}
        <Button asChild variant="outline">
          <RouterLink to="/register">{t('menu.newAccount')}</RouterLink>
        </Button>
      </HStack>
      <Button asChild>
        <RouterLink to="/login">{t('menu.signInShort')}</RouterLink>
      </Button>
      <LanguageMenu display={{ base: 'none', md: 'block' }} />
      <ColorModeButton />
    </HStack>
  );
});
