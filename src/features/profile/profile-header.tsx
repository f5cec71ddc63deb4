import { Avatar, Badge, Heading, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The avatar (initials when there is no picture), the name as the page's one h1, and labels under it. */
export function ProfileHeader({ name, avatar, labels, actions }: { name: string; avatar: string | null; labels: string[]; actions?: ReactNode }) {
  return (
    <Stack
      as="header"
      direction={{ base: 'column', sm: 'row' }}
      align="center"
      textAlign={{ base: 'center', sm: 'start' }}
      gap={{ base: '3', sm: '5' }}
    >
      <Avatar.Root size="2xl" colorPalette="brand" flexShrink={0}>
        <Avatar.Fallback name={name} />
        {avatar && <Avatar.Image src={avatar} alt="" />}
      </Avatar.Root>
      <Stack gap="2" flex="1" minW="0" align={{ base: 'center', sm: 'start' }}>
        <Heading as="h1" size="2xl" dir="auto" wordBreak="break-word">
          {name}
        </Heading>
        {labels.length > 0 && (
          <HStack gap="2" wrap="wrap" justify={{ base: 'center', sm: 'start' }}>
            {labels.map((l) => (
              <Badge key={l} colorPalette="brand" variant="subtle" size="md">
                {l}
              </Badge>
            ))}
          </HStack>
        )}
      </Stack>
      {actions}
    </Stack>
  );
}
