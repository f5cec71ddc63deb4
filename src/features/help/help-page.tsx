import { Accordion, Box, Card, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageContainer } from '../../components/page-container.tsx';
import { AppIcon, type IconName } from '../../components/ui/icons.tsx';

/** Contact Us: open to anyone, signed in or not. */
const CHANNELS: { icon: IconName; title: string; text: string; href: string }[] = [
  { icon: 'mail', title: 'Email', text: 'support@example.com', href: 'mailto:support@example.com' },
  { icon: 'chat', title: 'WhatsApp', text: '+20 100 000 0000', href: 'https://wa.me/201000000000' },
  { icon: 'phone', title: 'Phone', text: '+20 100 000 0000', href: 'tel:+201000000000' },
];

const FAQ: { q: string; a: string }[] = [
  { q: 'How do the free trial classes work?', a: 'When you enrol in your first course you get 2 free trial classes with your teacher before any charge.' },
  { q: 'How do I join my class?', a: 'Open the class from your dashboard or calendar a few minutes before it starts and press Join Class.' },
  { q: 'Can I cancel or reschedule a class?', a: 'Yes, from the class details, up to 30 minutes before the class starts, within your monthly class changes.' },
  { q: 'How do I recharge my wallet?', a: 'Open Account Wallet, enter an amount and choose a payment method. Balance is in dollars.' },
  { q: 'Can I manage my children’s classes?', a: 'Yes. Under My Family you can create accounts for your children and transfer credits to them.' },
  { q: 'Which timezone are class times shown in?', a: 'In the timezone of your account; you can change it under Settings.' },
];

export default function HelpPage() {
  return (
    <PageContainer maxW="4xl">
      <Heading as="h1" size="2xl">
        Contact Us
      </Heading>
      <Text color="fg.muted" mt="1" mb="6">
        We are happy to help with classes, payments and your account.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" mb="10">
        {CHANNELS.map((c) => (
          <Card.Root key={c.title} variant="outline" bg="surface">
            <Card.Body gap="2">
              <Box color="brand.fg">
                <AppIcon name={c.icon} boxSize="6" />
              </Box>
              <Text fontWeight="semibold">{c.title}</Text>
              <Link href={c.href} color="brand.fg" target={c.href.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer">
                <span dir="ltr">{c.text}</span>
              </Link>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Heading as="h2" size="lg" mb="3">
        Frequently asked questions
      </Heading>
      <Stack bg="surface" borderRadius="lg" borderWidth="1px" px="4">
        <Accordion.Root collapsible variant="plain">
          {FAQ.map((f, i) => (
            <Accordion.Item key={i} value={String(i)} borderBottomWidth={i < FAQ.length - 1 ? '1px' : '0'}>
              <Accordion.ItemTrigger py="4" fontWeight="medium" cursor="pointer">
                <Text flex="1">{f.q}</Text>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody color="fg.muted" pb="4">
                  {f.a}
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Stack>
    </PageContainer>
  );
}
