import { Box, Button, Card, Field, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useColorMode } from '../../app/color-mode.tsx';
import { useRole, useUser } from '../../app/session-context.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { AppIcon } from '../../components/ui/icons.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { NotificationSetting } from './notification-setting.tsx';
import { TimezoneSetting } from './timezone-setting.tsx';
import { LanguageMenu } from '../../components/layout/language-menu.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root variant="outline" bg="surface">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

export default function SettingsPage() {
  const user = useUser();
  const teacher = useRole() === 'teacher';
  const { colorMode, toggleColorMode } = useColorMode();
  const [changing, setChanging] = useState(false);
  const { t } = useI18n();
  return (
    // The column every screen has (its heading where the others' are); the content keeps a
    // readable width from the start edge.
    <PageContainer>
      <Box maxW="3xl">
        <Heading as="h1" size="2xl" mb="6">
          {t('route.settings')}
        </Heading>
        <Stack gap="5">
          <Section title={t('settings.security')}>
            <HStack justify="space-between" gap="4" flexWrap="wrap">
              <HStack gap="3">
                <AppIcon name="lock" color="fg.muted" />
                <Box>
                  <Text fontWeight="medium">{t('settings.password')}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {teacher ? t('settings.teacherPassword') : t('settings.changePasswordHint')}
                  </Text>
                </Box>
              </HStack>
              <Button variant="outline" onClick={() => setChanging(true)} disabled={teacher}>
                {t('settings.changePassword')}
              </Button>
            </HStack>
            <Text fontSize="sm" color="fg.muted" mt="4" dir="auto">
              {t('settings.signedInAs', { email: user?.email ?? '' })}
            </Text>
          </Section>
          <Section title={t('settings.language')}>
            <Field.Root>
              <Field.Label htmlFor="language-select">{t('settings.language')}</Field.Label>
              <LanguageMenu withLabel size="md" w="full" maxW="xs" />
              <Field.HelperText>{t('settings.languageHint')}</Field.HelperText>
            </Field.Root>
          </Section>
          <Section title={t('settings.time')}>
            <TimezoneSetting />
          </Section>
          <Section title={t('settings.notifications')}>
            <NotificationSetting />
          </Section>
          <Section title={t('settings.appearance')}>
            <Switch.Root checked={colorMode === 'dark'} onCheckedChange={toggleColorMode}>
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('settings.darkMode')}</Switch.Label>
            </Switch.Root>
          </Section>
        </Stack>
        {!teacher && <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />}
      </Box>
    </PageContainer>
  );
}
