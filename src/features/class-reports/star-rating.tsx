import { Box, HStack, Text } from '@chakra-ui/react';
import { MAX_RATING, clampRating, ratingText, starFill } from './report-rules.ts';
import { useI18n } from '../../lib/i18n/index.ts';

const STAR = 'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z';
const INDEXES = Array.from({ length: MAX_RATING }, (_, i) => i);

/** One star drawn empty, half or full: a filled copy clipped to the fill over an outlined one. */
function Star({ fill, size }: { fill: 0 | 0.5 | 1; size: string }) {
  const svg = (filled: boolean) => (
    <svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true">
      <path d={STAR} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
  return (
    <Box position="relative" boxSize={size} flexShrink={0}>
      <Box position="absolute" inset="0" color="fg.subtle">{svg(false)}</Box>
      <Box position="absolute" insetY="0" insetStart="0" overflow="hidden" width={`${fill * 100}%`} color="orange.400">
        <Box boxSize={size}>{svg(true)}</Box>
      </Box>
    </Box>
  );
}

/** A read-only rating: stars and "4.5/5" (the text is what assistive technology reads). */
export function StarRating({ value, size = '4' }: { value: number; size?: string }) {
  const { t } = useI18n();
  return (
    <HStack gap="1.5">
      <HStack gap="0.5" aria-hidden="true">
        {INDEXES.map((i) => <Star key={i} fill={starFill(value, i)} size={size} />)}
      </HStack>
      <Text textStyle="sm" fontWeight="medium" aria-label={t('classReports.rating', { value: clampRating(value), max: MAX_RATING })}>
        {ratingText(value)}
      </Text>
    </HStack>
  );
}
