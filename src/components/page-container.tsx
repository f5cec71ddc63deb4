import { Box, type BoxProps } from '@chakra-ui/react';

/** The padded, centred column every screen sits in. */
export function PageContainer(props: BoxProps) {
  return <Box maxW="6xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} {...props} />;
}
