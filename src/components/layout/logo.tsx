import { HStack, Image, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../../app/route-meta.ts';
import { useI18n } from '../../lib/i18n/index.ts';

export function Logo({ to }: { to: string }) {
  const { t } = useI18n();
  return (
    // Never squeezed by the bar's other items (a phone's top bar in Arabic, offline: it was 15 px wide).
    <Link asChild flexShrink={0} _hover={{ textDecoration: 'none' }} color="brand.fg" aria-label={t('shell.home', { product: PRODUCT_NAME })}>
      <RouterLink to={to}>
        <HStack gap="2">
          <Image src="/icons/icon.svg" alt="" boxSize={{ base: '8', md: '10' }} />
          <Text fontWeight="bold" fontSize={{ base: 'lg', md: 'xl' }} display={{ base: 'none', sm: 'block' }}>
            {PRODUCT_NAME}
          </Text>
        </HStack>
      </RouterLink>
    </Link>
  );
}
