import { memo } from 'react';
import { Box, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../../app/route-meta.ts';
import { ABOUT_US_URL } from './menu-items.ts';

// Memoised: the layout re-renders on every navigation; this part does not depend on the route.
export const Footer = memo(function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" bg="surface" px="6" py="5">
      <HStack maxW="6xl" mx="auto" justify="space-between" flexWrap="wrap" gap="3" fontSize="sm" color="fg.muted">
        <Text>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </Text>
        <HStack gap="4">
          <Link href={ABOUT_US_URL} target="_blank" rel="noopener noreferrer">
            About Us
          </Link>
          <Link asChild>
            <RouterLink to="/help">Contact Us</RouterLink>
          </Link>
        </HStack>
      </HStack>
    </Box>
  );
});
