import { Button, Card, Heading, HStack, Input, Link, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useRouteData } from '../../app/route-data.tsx';
import { DURATIONS, MESSAGES } from '../../../db/messages.ts';
import { REFERRAL_CAP, REFERRAL_PERCENT, SHARE_TEXT, shareLinks } from './share.ts';

/** Refer A Friend: the user's own link, the sharing text, share links and copy. */
export function ReferralPage() {
  const user = useUser();
  const link = user?.referral_link ?? null;
  // The link comes with the user (the route refreshes it): without one, loading or why not.
  const { settled, failed, retry, retrying } = useRouteData();
  const links = shareLinks(link);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      notify('error', MESSAGES.actionFailed);
      return;
    }
    notify('success', MESSAGES.referralCopied, DURATIONS.referralCopied);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), DURATIONS.referralCopied);
  };

  return (
    <PageContainer maxW="3xl">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Refer A Friend
        </Heading>
        <Card.Root variant="subtle" colorPalette="purple">
          <Card.Body gap="2">
            <Text fontWeight="semibold" fontSize="lg">
              Give {REFERRAL_PERCENT}%, get {REFERRAL_PERCENT}%
            </Text>
            <List.Root gap="1" ps="5" fontSize="sm">
              <List.Item>Share your link with a friend.</List.Item>
              <List.Item>Your friend signs up with it and makes a first recharge.</List.Item>
              <List.Item>
                You both get {REFERRAL_PERCENT}% of that first recharge, up to ${REFERRAL_CAP} each, added to your wallets.
              </List.Item>
            </List.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Body gap="4">
            <Stack gap="1">
              <Text fontWeight="medium">Your referral link</Text>
              {!link && failed ? (
                <LoadError variant="inline" onRetry={retry} retrying={retrying} />
              ) : !link && !settled ? (
                <Skeleton h="10" aria-busy="true" />
              ) : (
                <HStack>
                  <Input readOnly value={link ?? ''} aria-label="Your referral link" onFocus={(e) => e.currentTarget.select()} dir="ltr" />
                  <Button onClick={copy} disabled={!link} minW="24">
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                </HStack>
              )}
            </Stack>
            <Text fontSize="sm" color="fg.muted" data-testid="share-text">
              {SHARE_TEXT}
            </Text>
            {links.length > 0 && (
              <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="2">
                {links.map((l) => (
                  <Button key={l.id} asChild variant="outline" size="sm">
                    <Link href={l.href} target="_blank" rel="noopener noreferrer" _hover={{ textDecoration: 'none' }}>
                      {l.label}
                    </Link>
                  </Button>
                ))}
              </SimpleGrid>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </PageContainer>
  );
}

export default ReferralPage;
