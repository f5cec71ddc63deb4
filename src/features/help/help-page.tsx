import { Accordion, Box, Card, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageContainer } from '../../components/page-container.tsx';
import { AppIcon, type IconName } from '../../components/ui/icons.tsx';
import { useI18n, type MessageId } from '../../lib/i18n/index.ts';

/** Contact Us: open to anyone, signed in or not. */
const CHANNELS: { icon: IconName; title: MessageId; text: string; href: string }[] = [
  { icon: 'mail', title: 'help.email', text: 'support@example.com', href: 'mailto:support@example.com' },
  { icon: 'chat', title: 'help.whatsapp', text: '+20 100 000 0000', href: 'https://wa.me/201000000000' },
  { icon: 'phone', title: 'help.phone', text: '+20 100 000 0000', href: 'tel:+201000000000' },
];

/** The questions and answers, in the catalogue as pairs (help.q1 / help.a1 …). */
const FAQ = [
  { q: 'help.q1', a: 'help.a1' },
  { q: 'help.q2', a: 'help.a2' },
  { q: 'help.q3', a: 'help.a3' },
  { q: 'help.q4', a: 'help.a4' },
  { q: 'help.q5', a: 'help.a5' },
  { q: 'help.q6', a: 'help.a6' },
] as const satisfies readonly { q: MessageId; a: MessageId }[];

export default function HelpPage() {
  const { t } = useI18n();
  return (
    <PageContainer maxW="4xl">
      <Heading as="h1" size="2xl">
        {t('route.help')}
      </Heading>
      <Text color="fg.muted" mt="1" mb="6">
        {t('help.intro')}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" mb="10">
        {CHANNELS.map((c) => (
          <Card.Root key={c.title} variant="outline" bg="surface">
            <Card.Body gap="2">
              <Box color="brand.fg">
                <AppIcon name={c.icon} boxSize="6" />
              </Box>
              <Text fontWeight="semibold">{t(c.title)}</Text>
              <Link href={c.href} color="brand.fg" target={c.href.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer">
                <span dir="ltr">{c.text}</span>
              </Link>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Heading as="h2" size="lg" mb="3">
        {t('help.faq')}
      </Heading>
      <Stack bg="surface" borderRadius="lg" borderWidth="1px" px="4">
        <Accordion.Root collapsible variant="plain">
          {FAQ.map((f, i) => (
            <Accordion.Item key={i} value={String(i)} borderBottomWidth={i < FAQ.length - 1 ? '1px' : '0'}>
              <Accordion.ItemTrigger py="4" fontWeight="medium" cursor="pointer">
                <Text flex="1">{t(f.q)}</Text>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody color="fg.muted" pb="4">
                  {t(f.a)}
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Stack>
    </PageContainer>
  );
}
