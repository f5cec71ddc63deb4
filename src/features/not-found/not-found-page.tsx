import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { AppIcon } from '../../components/ui/icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** Any unknown path, and a page of the other role. The back icon returns where the user came from. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const { t } = useI18n();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/home'));
  return (
    <VStack py="20" px="4" gap="4" textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1">
        404
      </Text>
      <Heading as="h1" size="xl">
        {t('route.not-found')}
      </Heading>
      <Button variant="outline" onClick={back} aria-label={t('notFound.goBack')}>
        <AppIcon name="back" /> {t('notFound.back')}
      </Button>
    </VStack>
  );
}
