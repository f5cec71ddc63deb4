import { Box, Flex } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { AnnouncementBar } from '../components/layout/announcement-bar.tsx';
import { BOTTOM_NAV_HEIGHT, BottomNav } from '../components/layout/bottom-nav.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { GuestBar } from '../components/layout/guest-bar.tsx';
import { InstallPrompt } from '../components/layout/install-prompt.tsx';
import { SideMenu } from '../components/layout/side-menu.tsx';
import { TopBar } from '../components/layout/top-bar.tsx';
import { UnconfirmedBanner } from '../components/layout/unconfirmed-banner.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useLoggingOut } from '../features/auth/logout-state.ts';
import { scrollToTop } from '../lib/scroll.ts';
import { PreviousQueryProvider } from './previous-query.tsx';
import type { RouteDef } from './route-meta.ts';
import { useShell } from './session-context.tsx';
import { SessionWatch } from './session-watch.tsx';

/**
 * The frame around every screen: announcement, navbar (85 px from md up; 65 px on phones, 70 px for
 * guests), the side menu from md up, the phone bottom navigation, the footer where the route asks.
 */
export function RootLayout() {
  const { session, settings } = useShell();
  const signedIn = session.status === 'signed-in';
  const loggingOut = useLoggingOut();
  const matches = useMatches();
  const def = matches[matches.length - 1]?.handle as RouteDef | undefined;
  const { pathname } = useLocation();

  useEffect(() => scrollToTop(), [pathname]);
  useEffect(() => {
    document.documentElement.classList.toggle('ramadan', !!settings?.ramadan_mode);
  }, [settings?.ramadan_mode]);

  return (
    <PreviousQueryProvider>
      <SessionWatch />
      <Flex direction="column" minH="100dvh" bg={def?.meta.whiteBackground ? 'surface' : 'page'}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Box position="sticky" top="0" zIndex="sticky" bg="surface" borderBottomWidth="1px">
          <AnnouncementBar />
          {signedIn ? <TopBar /> : <GuestBar />}
        </Box>
        <Flex flex="1" align="stretch">
          {signedIn && <SideMenu />}
          <Box
            as="main"
            id="main"
            tabIndex={-1}
            flex="1"
            minW="0"
            pb={signedIn ? { base: `calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom))`, md: '0' } : undefined}
            outline="none"
          >
            <InstallPrompt />
            {signedIn && <UnconfirmedBanner />}
            {loggingOut ? <PageSpinner label="Signing out" /> : <Outlet />}
          </Box>
        </Flex>
        {def?.meta.footer && <Footer />}
        {signedIn && <BottomNav />}
      </Flex>
    </PreviousQueryProvider>
  );
}
