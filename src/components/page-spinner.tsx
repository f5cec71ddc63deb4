import { Center, Spinner } from '@chakra-ui/react';
import { useI18n } from '../lib/i18n/index.ts';

export function PageSpinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <Center py="24" role="status" aria-label={label ?? t('shell.loading')}>
      <Spinner size="lg" color="brand.solid" borderWidth="3px" />
    </Center>
  );
}
