import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { AppIcon } from '../../components/ui/icons.tsx';

/** Any unknown path, and a page of the other role. The back icon returns where the user came from. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/home'));
  return (
    <VStack py="20" px="4" gap="4" textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1">
        404
      </Text>
      <Heading as="h1" size="xl">
        Page not found
      </Heading>
      <Button variant="outline" onClick={back} aria-label="Go back">
        <AppIcon name="back" /> Back
      </Button>
    </VStack>
  );
}
