import { memo } from 'react';
import { Box, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../../app/route-meta.ts';
import { ABOUT_US_URL } from './menu-items.ts';
import { useI18n } from '../../lib/i18n/index.ts';

// Memoised: the layout re-renders on every navigation; this part does not depend on the route.
export const Footer = memo(function Footer() {
  const { t } = useI18n();
  return (
    <Box as="footer" borderTopWidth="1px" bg="surface" px="6" py="5">
      <HStack maxW="6xl" mx="auto" justify="space-between" flexWrap="wrap" gap="3" fontSize="sm" color="fg.muted">
        <Text>
          {t('shell.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
        </Text>
        <HStack gap="4">
          <Link href={ABOUT_US_URL} target="_blank" rel="noopener noreferrer">
            {t('menu.aboutUs')}
          </Link>
          <Link asChild>
            <RouterLink to="/help">{t('menu.contactUs')}</RouterLink>
          </Link>
        </HStack>
      </HStack>
    </Box>
  );
});
