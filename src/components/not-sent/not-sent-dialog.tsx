import { Button, Text } from '@chakra-ui/react';
import { AppDialog } from '../ui/dialog-root.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { NotSentList } from './not-sent-list.tsx';

/**
 * The changes not sent, opened from the connection chip (its code, with the mirror's collections,
 * is fetched on the first opening: the chip is on the first screen of every user). Closing returns
 * the focus to the chip.
 */
export default function NotSentDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useI18n();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      // The first change's Retry, not its Discard (which would undo it on a stray Enter).
      initialFocusEl={() => document.querySelector<HTMLElement>('[role="dialog"] [data-not-sent-retry]')}
      title={t('shell.notSentTitle')}
      size="md"
      footer={<Button variant="outline" onClick={onClose}>{t('shell.close')}</Button>}
    >
      <NotSentList empty intro={<Text color="fg.muted" fontSize="sm">{t('shell.notSentIntro')}</Text>} />
    </AppDialog>
  );
}
