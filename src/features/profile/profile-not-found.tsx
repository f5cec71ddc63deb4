import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { AppIcon } from '../../components/ui/icons.tsx';

/**
 * An id that is not a user id, or a person this device knows nothing of (the server offers no
 * call for another user's profile, so the mirror is all there is to ask).
 */
export function ProfileNotFound() {
  return (
    <VStack py="20" px="4" gap="4" textAlign="center">
      <AppIcon name="user" boxSize="12" color="fg.muted" />
      <Heading as="h1" size="xl">
        Profile not found
      </Heading>
      <Text color="fg.muted" maxW="md">
        This person is not one of your teachers, students or children, or their details have not reached this device yet.
      </Text>
      <Button asChild variant="outline">
        <RouterLink to="/home">
          <AppIcon name="back" /> Back to Dashboard
        </RouterLink>
      </Button>
    </VStack>
  );
}
