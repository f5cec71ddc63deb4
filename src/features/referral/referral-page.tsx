import { Box, Button, Card, Heading, HStack, Input, Link, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useRouteData } from '../../app/route-data.tsx';
import { DURATIONS, MESSAGES } from '../../../db/messages.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { REFERRAL_CAP, REFERRAL_PERCENT, SHARE_LABEL_IDS, shareLinks } from './share.ts';

/** Refer A Friend: the user's own link, the sharing text, share links and copy. */
export function ReferralPage() {
  const user = useUser();
  const link = user?.referral_link ?? null;
  // The link comes with the user (the route refreshes it): without one, loading or why not.
  const { settled, failed, retry, retrying } = useRouteData();
  const { t } = useI18n();
  // The sharing text and subject in the user's language: the friend most likely reads it too.
  const shareText = t('referral.shareText');
  const links = shareLinks(link, shareText, t('referral.emailSubject'));
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
    // The column every screen has (its heading where the others' are); the content keeps a
    // readable width from the start edge.
    <PageContainer>
      <Box maxW="3xl">
        <Stack gap="6">
          <Heading as="h1" size="2xl">
            {t('route.referral')}
          </Heading>
          <Card.Root variant="subtle" colorPalette="purple">
            <Card.Body gap="2">
              <Text fontWeight="semibold" fontSize="lg">
                {t('referral.giveGet', { percent: REFERRAL_PERCENT })}
              </Text>
              <List.Root gap="1" ps="5" fontSize="sm">
                <List.Item>{t('referral.step1')}</List.Item>
                <List.Item>{t('referral.step2')}</List.Item>
                <List.Item>{t('referral.step3', { percent: REFERRAL_PERCENT, cap: REFERRAL_CAP })}</List.Item>
              </List.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline">
            <Card.Body gap="4">
              <Stack gap="1">
                <Text fontWeight="medium">{t('referral.yourLink')}</Text>
                {!link && failed ? (
                  <LoadError variant="inline" onRetry={retry} retrying={retrying} />
                ) : !link && !settled ? (
                  <Skeleton h="10" aria-busy="true" />
                ) : (
                  <HStack>
                    <Input readOnly value={link ?? ''} aria-label={t('referral.yourLink')} onFocus={(e) => e.currentTarget.select()} dir="ltr" />
                    <Button onClick={copy} disabled={!link} minW="24">
                      {copied ? t('referral.copied') : t('referral.copy')}
                    </Button>
                  </HStack>
                )}
              </Stack>
              <Text fontSize="sm" color="fg.muted" data-testid="share-text">
                {shareText}
              </Text>
              {links.length > 0 && (
                <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="2">
                  {links.map((l) => (
                    <Button key={l.id} asChild variant="outline" size="sm">
                      <Link href={l.href} target="_blank" rel="noopener noreferrer" _hover={{ textDecoration: 'none' }}>
                        {t(SHARE_LABEL_IDS[l.id])}
                      </Link>
                    </Button>
                  ))}
                </SimpleGrid>
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
      </Box>
    </PageContainer>
  );
}

export default ReferralPage;
