import { Box, HStack, Text } from '@chakra-ui/react';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { MAX_RATING, clampRating, ratingText, starFill, stepRating } from './report-rules.ts';

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
  return (
    <HStack gap="1.5">
      <HStack gap="0.5" aria-hidden="true">
        {INDEXES.map((i) => <Star key={i} fill={starFill(value, i)} size={size} />)}
      </HStack>
      <Text textStyle="sm" fontWeight="medium" aria-label={`Rating ${clampRating(value)} out of ${MAX_RATING}`}>
        {ratingText(value)}
      </Text>
    </HStack>
  );
}

const KEY_STEPS: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 2, PageDown: -2 };

/**
 * The editable half-star rating. It is a slider to assistive technology (role, aria-valuenow,
 * aria-valuetext); arrows move by half a star, Page keys by a star, Home and End to 0 and 5. A click
 * on the left half of a star sets the half, on the right half the whole star; hovering previews.
 */
export function HalfStarRatingInput({ value, onChange, labelledBy, invalid }: {
  value: number;
  onChange: (v: number) => void;
  labelledBy: string;
  invalid?: boolean;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value;

  const onKeyDown = (e: KeyboardEvent) => {
    let next: number | null = null;
    if (e.key in KEY_STEPS) next = stepRating(value, KEY_STEPS[e.key]!);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = MAX_RATING;
    if (next === null) return;
    e.preventDefault();
    onChange(next);
  };
  const valueAt = (e: MouseEvent<HTMLElement>, index: number) => {
    const r = e.currentTarget.getBoundingClientRect();
    const leftHalf = e.clientX - r.left < r.width / 2;
    return clampRating(index + (leftHalf ? 0.5 : 1));
  };

  return (
    <HStack gap="3">
      <HStack
        role="slider"
        tabIndex={0}
        aria-labelledby={labelledBy}
        aria-valuemin={0}
        aria-valuemax={MAX_RATING}
        aria-valuenow={value}
        aria-valuetext={`${value} out of ${MAX_RATING} stars`}
        aria-invalid={invalid || undefined}
        onKeyDown={onKeyDown}
        onMouseLeave={() => setHover(null)}
        gap="1"
        p="1"
        borderRadius="md"
        cursor="pointer"
        focusVisibleRing="outside"
        focusRingColor="brand.focusRing"
      >
        {INDEXES.map((i) => (
          <Box
            key={i}
            data-testid={`star-${i + 1}`}
            onMouseMove={(e) => setHover(valueAt(e, i))}
            onClick={(e) => onChange(valueAt(e, i))}
          >
            <Star fill={starFill(shown, i)} size="8" />
          </Box>
        ))}
      </HStack>
      <Text textStyle="sm" color="fg.muted" aria-hidden="true" minW="10">{ratingText(shown)}</Text>
    </HStack>
  );
}
