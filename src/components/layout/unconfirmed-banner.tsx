import { memo } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useUser } from '../../app/session-context.tsx';
import { UpdateBanner } from '../../app/update-banner.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** "A new version is available" (update-banner.tsx), then "Account not confirmed" for signed-in users whose email is unconfirmed, with a way to confirm. */
// Memoised: the layout re-renders on every navigation; this part does not depend on the route.
export const UnconfirmedBanner = memo(function UnconfirmedBanner() {
  const user = useUser();
  const { pathname } = useLocation();
  const { t } = useI18n();
  const unconfirmed = !!user && !user.email_verified_at && pathname !== '/confirm';
  return (
    <>
      <UpdateBanner />
      {unconfirmed && (
        <Alert.Root status="warning" borderRadius="0" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('shell.notConfirmed')}</Alert.Title>
          </Alert.Content>
          <Button asChild size="sm" colorPalette="orange">
            <RouterLink to="/confirm">{t('shell.confirm')}</RouterLink>
          </Button>
        </Alert.Root>
      )}
    </>
  );
});
