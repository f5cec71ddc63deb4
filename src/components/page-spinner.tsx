import { Center, Spinner, type CenterProps } from '@chakra-ui/react';
import { useI18n } from '../lib/i18n/index.ts';

/**
 * A spinner that says what is loading: a status region named by `label`. The one way to show one
 * (an `aria-label` on Chakra's spinner alone is a prohibited attribute: its span has no role).
 */
export function LoadingSpinner({ label, size = 'sm', ...rest }: { label: string; size?: 'sm' | 'lg' } & Omit<CenterProps, 'children'>) {
  return (
    <Center role="status" aria-label={label} {...rest}>
      {size === 'lg' ? <Spinner size="lg" color="brand.solid" borderWidth="3px" /> : <Spinner size="sm" />}
    </Center>
  );
}

/** A screen (or its code) still loading. */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return <LoadingSpinner py="24" size="lg" label={label ?? t('shell.loading')} />;
}
