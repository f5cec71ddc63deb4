import { Alert, Button, EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MESSAGES } from '../../../db/messages.ts';
import { AppIcon } from './icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

export interface LoadErrorProps {
  /** The spec's wording (section 8): a screen's data is "Error occurred during fetching data". */
  message?: string;
  /** Asks again (the route's refresh, a list's loadMore); no button without it. */
  onRetry?: () => void;
  /** A retry is in flight: the button spins. */
  retrying?: boolean;
  /**
   * `block` stands in for the screen's content (nothing to show); `inline` sits above what the
   * mirror shows (the data may be old); `banner` spans the frame above every screen (the shell's own data).
   */
  variant?: 'block' | 'inline' | 'banner';
  children?: ReactNode;
}

/**
 * What a screen shows when its data could not be loaded: the spec's message and a Retry. One
 * component for every screen, so the wording, the role and the retry are the same everywhere.
 */
export function LoadError({ message: given = MESSAGES.fetchFailed, onRetry, retrying = false, variant = 'block', children }: LoadErrorProps) {
  const { t, tMessage } = useI18n();
  const message = tMessage(given);
  const retry = onRetry && (
    <Button size="sm" variant="outline" onClick={onRetry} loading={retrying} flexShrink={0}>
      {t('shell.retry')}
    </Button>
  );
  if (variant !== 'block') {
    return (
      <Alert.Root status="error" role="alert" alignItems="center" borderRadius={variant === 'banner' ? '0' : undefined} data-testid="load-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{message}</Alert.Title>
          {children && <Alert.Description>{children}</Alert.Description>}
        </Alert.Content>
        {retry}
      </Alert.Root>
    );
  }
  return (
    <EmptyState.Root data-testid="load-error">
      <EmptyState.Content>
        <EmptyState.Indicator color="fg.error">
          <AppIcon name="alert" boxSize="8" />
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title role="alert">{message}</EmptyState.Title>
          {children && <EmptyState.Description>{children}</EmptyState.Description>}
        </VStack>
        {retry}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
