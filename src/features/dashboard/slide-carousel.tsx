import { Box, Carousel, chakra, HStack, IconButton, Image, Link, useSlotRecipe } from '@chakra-ui/react';
import { useEffect, useState, useSyncExternalStore, type FocusEvent, type HTMLAttributes, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Home } from '../../../db/entities.ts';
import { AppIcon } from '../../components/ui/icons.tsx';
import { canOpenPath } from '../../app/route-meta.ts';
import { useI18n } from '../../lib/i18n/index.ts';

type Slide = Home['slide_images'][number];

const DELAY = 6000;
const REDUCE = '(prefers-reduced-motion: reduce)';

/** The user's reduced-motion preference, following changes. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const q = matchMedia(REDUCE);
      q.addEventListener('change', onChange);
      return () => q.removeEventListener('change', onChange);
    },
    () => matchMedia(REDUCE).matches,
    () => false,
  );
}

/**
 * False until a frame has been painted since the component was shown (mounted, or its kept screen
 * shown again), then true. A kept screen's effects stop while it is hidden, so this goes back to
 * false then, and the still slides are put back while nobody sees them.
 */
function usePaintedSinceShown(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callbacks run before it is painted; a task queued from one runs after.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      setPainted(false);
    };
  }, []);
  return painted;
}

/**
 * The dashboard's slides: an image each, a link when the slide has one (in-app paths stay in the
 * app). They turn every 6 s (WCAG 2.2.2) only while nobody is looking closely: a pause button
 * stops them for good, and they also wait while the pointer is over the carousel or focus is in it,
 * and do not turn at all when the user prefers reduced motion (the button then starts them). The
 * slides out of view are inert: their links are neither focusable nor read.
 *
 * The carousel's machine measures its slides when it starts (a forced style and layout of the
 * whole screen, then its observers' round of the same), and it starts again each time the
 * dashboard is shown: at CPU ×4 that doubled a warm visit to the dashboard. So the slide on view
 * is first drawn still, with the carousel's own styles (`StillSlides`), and the carousel takes its
 * place once that frame is painted.
 */
export function SlideCarousel({ slides: all, role }: { slides: Slide[]; role: 'student' | 'teacher' }) {
  const { t } = useI18n();
  // A slide leading to a page this role cannot open (the teacher's "Refer a friend") is not shown.
  const slides = all.filter((s) => !s.href || !s.href.startsWith('/') || canOpenPath(s.href, role));
  const reduced = useReducedMotion();
  const painted = usePaintedSinceShown();
  // Null: the user has not chosen, the preference decides.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [page, setPage] = useState(0);
  if (slides.length === 0) return null;
  const many = slides.length > 1;
  const wanted = chosen ?? !reduced;
  const playing = many && wanted && !hovered && !focused;
  const label = t('dashboard.announcements');
  const pause = (
    <IconButton
      size="xs"
      variant="ghost"
      colorPalette="gray"
      aria-label={wanted ? t('dashboard.pauseSlides') : t('dashboard.playSlides')}
      onClick={() => setChosen(!wanted)}
    >
      <AppIcon name={wanted ? 'pause' : 'play'} boxSize="3.5" />
    </IconButton>
  );
  const current = Math.min(page, slides.length - 1);
  // Where the pointer and the focus are, followed by the still slides too (the carousel replaces them under the pointer).
  const watch = {
    onPointerEnter: () => setHovered(true),
    onPointerLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
  };
  if (!painted) return <StillSlides slides={slides} page={current} label={label} watch={watch} controls={many && pause} />;
  return (
    <Carousel.Root
      slideCount={slides.length}
      page={current}
      onPageChange={(d) => setPage(d.page)}
      autoplay={playing ? { delay: DELAY } : false}
      loop
      allowMouseDrag
      aria-label={label}
      maxW="full"
      {...watch}
    >
      <Carousel.ItemGroup borderRadius="l3" overflow="hidden">
        {slides.map((s, i) => (
          <Carousel.Item key={`${s.url}-${i}`} index={i} inert={i !== current}>
            <SlideImage slide={s} index={i} />
          </Carousel.Item>
        ))}
      </Carousel.ItemGroup>
      {many && (
        <HStack justify="center" gap="2" mt="1">
          {pause}
          <Carousel.Control justifyContent="center" w="auto">
            <Carousel.Indicators />
          </Carousel.Control>
        </HStack>
      )}
    </Carousel.Root>
  );
}

/**
 * The carousel as it looks, without its machine: the slide on view and the indicators, with the
 * carousel recipe's styles and the attributes its parts are found by, and the pause button. For
 * the frame the dashboard is shown in (`SlideCarousel`).
 */
function StillSlides({ slides, page, label, watch, controls }: { slides: Slide[]; page: number; label: string; watch: HTMLAttributes<HTMLElement>; controls: ReactNode }) {
  const styles = useSlotRecipe({ key: 'carousel' })();
  const part = (name: string) => ({ 'data-scope': 'carousel', 'data-part': name, 'data-orientation': 'horizontal' });
  return (
    <chakra.div {...part('root')} {...watch} css={styles.root} role="region" aria-roledescription="carousel" aria-label={label} maxW="full">
      {/* Still: nothing turns (the carousel says "off" only while its slides do). */}
      <chakra.div {...part('item-group')} css={styles.itemGroup} aria-live="polite" borderRadius="l3" overflow="hidden">
        <chakra.div {...part('item')} css={styles.item} role="group" aria-roledescription="slide">
          <SlideImage slide={slides[page]!} index={page} />
        </chakra.div>
      </chakra.div>
      {controls && (
        <HStack justify="center" gap="2" mt="1">
          {controls}
          <chakra.div {...part('control')} css={styles.control} justifyContent="center" w="auto">
            <chakra.div {...part('indicator-group')} css={styles.indicatorGroup} aria-hidden>
              {slides.map((s, i) => (
                <chakra.span key={`${s.url}-${i}`} {...part('indicator')} css={styles.indicator} data-current={i === page ? '' : undefined} />
              ))}
            </chakra.div>
          </chakra.div>
        </HStack>
      )}
    </chakra.div>
  );
}

function SlideImage({ slide, index }: { slide: Slide; index: number }) {
  const { t } = useI18n();
  const img = (
    // The whole slide at every width: a slide carries its own text, and a phone-shaped crop of a
    // wide banner cut it at both ends. The box keeps the banners' 4:1 shape; another shape is
    // letterboxed rather than cut.
    <Image src={slide.url} alt={t('dashboard.slide', { n: index + 1 })} w="full" aspectRatio={4} objectFit="contain" bg="bg.muted" />
  );
  if (!slide.href) return <Box>{img}</Box>;
  const internal = slide.href.startsWith('/');
  return internal ? (
    <Link asChild display="block"><RouterLink to={slide.href}>{img}</RouterLink></Link>
  ) : (
    <Link href={slide.href} target="_blank" rel="noopener noreferrer" display="block">{img}</Link>
  );
}
