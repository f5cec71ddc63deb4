import { chakra, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../../app/route-meta.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * The product's mark, drawn inline: the same drawing as `public/icons/icon.svg` (the favicon and
 * the installed app's icon). As an `<img>` of that file, each page load built an SVG document of
 * its own for it, twice (the sign-in page's first-paint copy, then the app's bar): 17–99 ms of the
 * main thread per build at CPU ×4, a long task of the phone's sign-in page.
 */
export function LogoMark() {
  return (
    <chakra.svg viewBox="0 0 512 512" aria-hidden="true" focusable="false" boxSize={{ base: '8', md: '10' }} flexShrink={0}>
      <rect width="512" height="512" rx="112" fill="#0f766e" />
      <path d="M256 150c-38-26-92-34-142-26v226c50-8 104 0 142 26 38-26 92-34 142-26V124c-50-8-104 0-142 26z" fill="#fff" />
      <path d="M256 150v226" stroke="#0f766e" strokeWidth="12" strokeLinecap="round" />
      <path d="M302 96a44 44 0 1 0 40 62 36 36 0 1 1-40-62z" fill="#facc15" />
    </chakra.svg>
  );
}

export function Logo({ to }: { to: string }) {
  const { t } = useI18n();
  return (
    // Never squeezed by the bar's other items (a phone's top bar in Arabic, offline: it was 15 px wide).
    <Link asChild flexShrink={0} _hover={{ textDecoration: 'none' }} color="brand.fg" aria-label={t('shell.home', { product: PRODUCT_NAME })}>
      <RouterLink to={to}>
        <HStack gap="2">
          <LogoMark />
          <Text fontWeight="bold" fontSize={{ base: 'lg', md: 'xl' }} display={{ base: 'none', sm: 'block' }}>
            {PRODUCT_NAME}
          </Text>
        </HStack>
      </RouterLink>
    </Link>
  );
}
