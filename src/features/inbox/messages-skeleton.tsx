import { Skeleton, Stack } from '@chakra-ui/react';
import { useI18n } from '../../lib/i18n/index.ts';

/** Bubbles' shapes, the newest at the bottom as the messages will be, while the first page loads. */
export function MessagesSkeleton() {
  const { t } = useI18n();
  return (
    <Stack h="100%" justify="flex-end" gap="3" px={{ base: '3', md: '4' }} pb="4" role="status" aria-busy="true" aria-label={t('inbox.loadingMessages')} data-testid="message-skeleton">
      {SKELETON_BUBBLES.map((b, i) => (
        <Skeleton key={i} alignSelf={b.mine ? 'flex-end' : 'flex-start'} h={b.h} w={b.w} maxW="70%" borderRadius="2xl" />
      ))}
    </Stack>
  );
}
const SKELETON_BUBBLES = [
  { mine: false, w: '48', h: '10' },
  { mine: false, w: '64', h: '16' },
  { mine: true, w: '56', h: '10' },
  { mine: false, w: '40', h: '10' },
  { mine: true, w: '72', h: '16' },
];
