import { Box, Carousel, HStack, IconButton, Image, Link } from '@chakra-ui/react';
import { useState, useSyncExternalStore } from 'react';
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
 * The dashboard's slides: an image each, a link when the slide has one (in-app paths stay in the
 * app). They turn every 6 s (WCAG 2.2.2) only while nobody is looking closely: a pause button
 * stops them for good, and they also wait while the pointer is over the carousel or focus is in it,
 * and do not turn at all when the user prefers reduced motion (the button then starts them). The
 * slides out of view are inert: their links are neither focusable nor read.
 */
export function SlideCarousel({ slides: all, role }: { slides: Slide[]; role: 'student' | 'teacher' }) {
  const { t } = useI18n();
  // A slide leading to a page this role cannot open (the teacher's "Refer a friend") is not shown.
  const slides = all.filter((s) => !s.href || !s.href.startsWith('/') || canOpenPath(s.href, role));
  const reduced = useReducedMotion();
  // Null: the user has not chosen, the preference decides.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [page, setPage] = useState(0);
  if (slides.length === 0) return null;
  const many = slides.length > 1;
  const wanted = chosen ?? !reduced;
  const playing = many && wanted && !hovered && !focused;
  return (
    <Carousel.Root
      slideCount={slides.length}
      page={page}
      onPageChange={(d) => setPage(d.page)}
      autoplay={playing ? { delay: DELAY } : false}
      loop
      allowMouseDrag
      aria-label={t('dashboard.announcements')}
      maxW="full"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <Carousel.ItemGroup borderRadius="l3" overflow="hidden">
        {slides.map((s, i) => (
          <Carousel.Item key={`${s.url}-${i}`} index={i} inert={i !== page}>
            <SlideImage slide={s} index={i} />
          </Carousel.Item>
        ))}
      </Carousel.ItemGroup>
      {many && (
        <HStack justify="center" gap="2" mt="1">
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="gray"
            aria-label={wanted ? t('dashboard.pauseSlides') : t('dashboard.playSlides')}
            onClick={() => setChosen(!wanted)}
          >
            <AppIcon name={wanted ? 'pause' : 'play'} boxSize="3.5" />
          </IconButton>
          <Carousel.Control justifyContent="center" w="auto">
            <Carousel.Indicators />
          </Carousel.Control>
        </HStack>
      )}
    </Carousel.Root>
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
