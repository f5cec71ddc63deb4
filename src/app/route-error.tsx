import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { useRouteError } from 'react-router';
import { useI18n } from '../lib/i18n/index.ts';
import { PrerenderEnd } from './prerender.ts';

/** A screen that failed to load or crashed: say so and offer a reload, instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ScreenFailed waitsForConnection={false} />;
}

/**
 * The error screen. `waitsForConnection`: the screen's code could not come because the browser is
 * offline, and the screen opens by itself once the connection is back (`lazyPage`): no reload to
 * offer, which offline would only show the browser's own error page.
 */
export function ScreenFailed({ waitsForConnection }: { waitsForConnection: boolean }) {
  const { t } = useI18n();
  return (
    <VStack py="20" px="4" gap="4" textAlign="center">
      <Heading as="h1" size="lg">
        {t('msg.loadFailed')}
      </Heading>
      <Text color="fg.muted">
        {waitsForConnection ? t('shell.offlineScreen') : navigator.onLine ? t('shell.reloadPage') : t('shell.offlineReload')}
      </Text>
      {!waitsForConnection && <Button onClick={() => window.location.reload()}>{t('shell.reload')}</Button>}
      <PrerenderEnd />
    </VStack>
  );
}
