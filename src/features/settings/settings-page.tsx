import { Box, Button, Card, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useColorMode } from '../../app/color-mode.tsx';
import { useRole, useUser } from '../../app/session-context.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { AppIcon } from '../../components/ui/icons.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { NotificationSetting } from './notification-setting.tsx';
import { TimezoneSetting } from './timezone-setting.tsx';

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
  return (
    <PageContainer maxW="3xl">
      <Heading as="h1" size="2xl" mb="6">
        Settings
      </Heading>
      <Stack gap="5">
        <Section title="Security">
          <HStack justify="space-between" gap="4" flexWrap="wrap">
            <HStack gap="3">
              <AppIcon name="lock" color="fg.muted" />
              <Box>
                <Text fontWeight="medium">Password</Text>
                <Text fontSize="sm" color="fg.muted">
                  {teacher ? 'Teachers cannot change their password here.' : 'Change the password you sign in with.'}
                </Text>
              </Box>
            </HStack>
            <Button variant="outline" onClick={() => setChanging(true)} disabled={teacher}>
              Change Password
            </Button>
          </HStack>
          <Text fontSize="sm" color="fg.muted" mt="4" dir="auto">
            Signed in as {user?.email}
          </Text>
        </Section>
        <Section title="Time">
          <TimezoneSetting />
        </Section>
        <Section title="Notifications">
          <NotificationSetting />
        </Section>
        <Section title="Appearance">
          <Switch.Root checked={colorMode === 'dark'} onCheckedChange={toggleColorMode}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Dark mode</Switch.Label>
          </Switch.Root>
        </Section>
      </Stack>
      {!teacher && <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />}
    </PageContainer>
  );
}
