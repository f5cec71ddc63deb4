import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { useRouteError } from 'react-router';
import { MESSAGES } from '../../db/messages.ts';

/** A screen that failed to load or crashed: say so and offer a reload, instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <VStack py="20" px="4" gap="4" textAlign="center">
      <Heading as="h1" size="lg">
        {MESSAGES.loadFailed}
      </Heading>
      <Text color="fg.muted">{navigator.onLine ? 'Please reload the page.' : 'You are offline. Reload when the connection is back.'}</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </VStack>
  );
}
