import { Box, Carousel, Image, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Home } from '../../../db/entities.ts';

type Slide = Home['slide_images'][number];

/** The dashboard's slides: an image each, a link when the slide has one (in-app paths stay in the app). */
export function SlideCarousel({ slides }: { slides: Slide[] }) {
  if (slides.length === 0) return null;
  return (
    <Carousel.Root slideCount={slides.length} autoplay={{ delay: 6000 }} loop allowMouseDrag aria-label="Announcements" maxW="full">
      <Carousel.ItemGroup borderRadius="l3" overflow="hidden">
        {slides.map((s, i) => (
          <Carousel.Item key={`${s.url}-${i}`} index={i}>
            <SlideImage slide={s} index={i} />
          </Carousel.Item>
        ))}
      </Carousel.ItemGroup>
      {slides.length > 1 && (
        <Carousel.Control justifyContent="center" gap="3" mt="2">
          <Carousel.Indicators />
        </Carousel.Control>
      )}
    </Carousel.Root>
  );
}

function SlideImage({ slide, index }: { slide: Slide; index: number }) {
  const img = (
    <Image src={slide.url} alt={`Slide ${index + 1}`} w="full" aspectRatio={{ base: 16 / 7, md: 16 / 4 }} objectFit="cover" bg="bg.muted" />
  );
  if (!slide.href) return <Box>{img}</Box>;
  const internal = slide.href.startsWith('/');
  return internal ? (
    <Link asChild display="block"><RouterLink to={slide.href}>{img}</RouterLink></Link>
  ) : (
    <Link href={slide.href} target="_blank" rel="noopener noreferrer" display="block">{img}</Link>
  );
}
