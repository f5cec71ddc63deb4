import { useI18n } from '../../lib/i18n/index.ts';

/** 'Your balance: $45.00' with the amount in bold, wherever the language puts it. */
export function YourBalance({ amount, testId }: { amount: string; testId: string }) {
  const { t } = useI18n();
  const [before = '', after = ''] = t('family.yourBalance', { amount: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <strong data-testid={testId}>{amount}</strong>
      {after}
    </>
  );
}
