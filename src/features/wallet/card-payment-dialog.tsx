import { Box, Stack, Text } from '@chakra-ui/react';
import { LoadingSpinner } from '../../components/page-spinner.tsx';
import { loadScript, type PayPalButtonsComponent } from '@paypal/paypal-js';
import { useEffect, useEffectEvent, useState } from 'react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useSettings } from '../../app/session-context.tsx';
import { appConfig } from '../../lib/config.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { formatMoney } from '../../lib/format.ts';
import { useMutation } from '../../lib/engine/mutation.ts';
import { sameKeyMayRetry } from '../../lib/engine/attempt.ts';
import { MESSAGES } from '../../../db/messages.ts';

/**
 * Card payment through the provider's own script (PayPal's JS SDK, loaded by its official loader
 * `@paypal/paypal-js` with the app settings' `pp_client` as client id, from config.json's
 * `paymentSdkUrl`): the provider's buttons take the card, create the order and capture it; card data
 * never passes through our code. Then the order id is posted once to POST /wallet/recharge through
 * the engine: the recharge mutation's Idempotency-Key is kept per order, so a second approval of the
 * same order (a double click, a retry after a lost reply) credits nothing more.
 *
 * Messages (spec): the provider failing (the script, the order, a declined card) is "Error occurred
 * during processing your payment, plase contact support"; our server failing to complete a
 * captured order is "Error occurred during completing your payment, please contact support".
 */
/** Waits before each new try of a completion that failed in a way that may pass. */
const COMPLETE_RETRY_MS = [1000, 3000];

export function CardPaymentDialog({ amount, onClose }: { amount: number; onClose: () => void }) {
  const { t } = useI18n();
  const clientId = useSettings()?.pp_client ?? '';
  const { run, busy } = useMutation('recharge', { attempt: true });
  // The element the provider's buttons go in, once it is on the page (the dialog's code may still be coming).
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The provider's buttons are rendered once per amount: their approval completes with the latest `run`.
  // The customer has paid by then: a failure that may be passing (offline, a timeout, a 5xx) is tried
  // again with the same key, a few times, before the user is told to contact support.
  const complete = useEffectEvent(async (orderId: string) => {
    for (let i = 0; ; i++) {
      const last = i === COMPLETE_RETRY_MS.length;
      const r = await run({ order_id: orderId }, { key: orderId, error: (e) => (!last && sameKeyMayRetry(e) ? null : MESSAGES.paymentCompletingFailed) });
      if (!r) return; // this order is being completed already (a second approval)
      if (r.ok) return onClose();
      if (last || !sameKeyMayRetry(r.error)) return;
      await new Promise((done) => setTimeout(done, COMPLETE_RETRY_MS[i]));
    }
  });

  useEffect(() => {
    if (!container) return;
    let gone = false;
    let buttons: PayPalButtonsComponent | null = null;
    const providerFailed = () => {
      if (gone) return;
      notify('error', MESSAGES.paymentProcessingFailed);
    };
    void (async () => {
      if (!clientId) throw new Error('No pp_client in the app settings');
      const { config } = await appConfig();
      const paypal = await loadScript({ clientId, sdkBaseUrl: config.paymentSdkUrl, currency: 'USD', intent: 'capture', components: 'buttons' });
      if (gone) return;
      if (!paypal?.Buttons) throw new Error('The payment provider has no buttons');
      buttons = paypal.Buttons({
        createOrder: (_data, actions) =>
          actions.order.create({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: amount.toFixed(2) } }] }),
        onApprove: async (data, actions) => {
          const capture = await actions.order!.capture();
          if (capture.status !== 'COMPLETED') throw new Error(`The order is ${capture.status}`);
          // Even when the dialog was closed meanwhile: a captured order is always spent.
          await complete(data.orderID);
        },
        onError: providerFailed,
      });
      await buttons.render(container);
      if (!gone) setState('ready');
    })().catch((e: unknown) => {
      console.warn('[wallet] card payment provider failed:', e);
      if (gone) return;
      setState('failed');
      providerFailed();
    });
    return () => {
      gone = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId, amount, container]);

  return (
    <AppDialog title={t('wallet.cardTitle', { amount: formatMoney(amount) })} busy={busy} onClose={onClose} size="sm">
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('wallet.cardNote')}
        </Text>
        {state === 'loading' && <LoadingSpinner justifyContent="flex-start" label={t('wallet.cardLoading')} />}
        {state === 'failed' && (
          <Text color="fg.error" role="alert">
            {t('msg.paymentProcessingFailed')}
          </Text>
        )}
        <Box ref={setContainer} minHeight={state === 'ready' ? '44px' : undefined} />
      </Stack>
    </AppDialog>
  );
}
