import { Box, Flex } from '@chakra-ui/react';
import { memo, useEffect } from 'react';
import { useMatches } from 'react-router';
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
import { KeptOutlet } from './kept-screens.tsx';
import { PreviousQueryProvider } from './previous-query.tsx';
import type { RouteDef } from './route-meta.ts';
import { useSessionShape, useSettings } from './session-context.tsx';
import { SessionWatch } from './session-watch.tsx';
import { ShellDataAlert } from './shell-data-alert.tsx';
import { AttentionWatch } from './attention-watch.tsx';
import { RouteAnnouncer } from './route-announcer.tsx';
import { useI18n } from '../lib/i18n/index.ts';

/**
 * The frame around every screen: announcement, navbar (85 px from md up; 65 px on phones, 70 px for
 * guests), the side menu from md up, the phone bottom navigation, the footer where the route asks.
 */
export function RootLayout() {
  const def = useRouteDef();
  return <Frame white={!!def?.meta.whiteBackground} footer={!!def?.meta.footer} />;
}

const useRouteDef = () => {
  const matches = useMatches();
  return matches[matches.length - 1]?.handle as RouteDef | undefined;
};

/**
 * The frame itself, memoised on the two flags it takes from the route: a navigation re-renders
 * only the outlet (and the links that mark the current page), not the bars, menus and boxes.
 */
const Frame = memo(function Frame({ white, footer }: { white: boolean; footer: boolean }) {
  // Not the user itself: a change of their credits or counts does not render the frame again.
  const { signedIn } = useSessionShape();
  const settings = useSettings();
  const loggingOut = useLoggingOut();
  const { t } = useI18n();

  useEffect(() => {
    document.documentElement.classList.toggle('ramadan', !!settings?.ramadan_mode);
  }, [settings?.ramadan_mode]);

  return (
    <PreviousQueryProvider>
      <SessionWatch />
      <AttentionWatch />
      <Flex direction="column" minH="100dvh" bg={white ? 'surface' : 'page'}>
        <a href="#main" className="skip-link">
          {t('shell.skipToContent')}
        </a>
        <RouteAnnouncer />
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
            <InstallPrompt floating={!signedIn} />
            <ShellDataAlert />
            {signedIn && <UnconfirmedBanner />}
            {loggingOut ? <PageSpinner label={t('shell.signingOut')} /> : <Screens />}
          </Box>
        </Flex>
        {footer && <Footer />}
        {signedIn && <BottomNav />}
      </Flex>
    </PreviousQueryProvider>
  );
});

/** The route's screen; screens of a signed-in user stay mounted while hidden (kept-screens.tsx), guest pages do not. */
function Screens() {
  const def = useRouteDef();
  const { signedIn, userId } = useSessionShape();
  const keep = signedIn && !!def && !def.meta.guestOnly && def.name !== 'not-found';
  return <KeptOutlet userKey={signedIn ? String(userId) : 'guest'} keep={keep} />;
}
