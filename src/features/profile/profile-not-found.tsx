import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { AppIcon } from '../../components/ui/icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * An id that is not a user id, or a person this device knows nothing of (the server offers no
 * call for another user's profile, so the mirror is all there is to ask).
 */
export function ProfileNotFound() {
  const { t } = useI18n();
  return (
    <VStack py="20" px="4" gap="4" textAlign="center">
      <AppIcon name="user" boxSize="12" color="fg.muted" />
      <Heading as="h1" size="xl">
        {t('profile.notFound')}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {t('profile.notFoundHint')}
      </Text>
      <Button asChild variant="outline">
        <RouterLink to="/home">
          <AppIcon name="back" /> {t('profile.backToDashboard')}
        </RouterLink>
      </Button>
    </VStack>
  );
}
