import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { useRouteError } from 'react-router';
import { useI18n } from '../lib/i18n/index.ts';
import { PrerenderEnd } from './prerender.ts';

/** A screen that failed to load or crashed: say so and offer a reload, instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  if (import.meta.env.DEV) console.error(error);
  return (
    <VStack py="20" px="4" gap="4" textAlign="center">
      <Heading as="h1" size="lg">
        {t('msg.loadFailed')}
      </Heading>
      <Text color="fg.muted">{navigator.onLine ? t('shell.reloadPage') : t('shell.offlineReload')}</Text>
      <Button onClick={() => window.location.reload()}>{t('shell.reload')}</Button>
      <PrerenderEnd />
    </VStack>
  );
}
