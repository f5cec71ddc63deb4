import { useCallback } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { LoadingSpinner } from '../../components/page-spinner.tsx';
import { Virtuoso } from 'react-virtuoso';
import { useI18n } from '../../lib/i18n/index.ts';
import { useUser } from '../../app/session-context.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { ClassCard } from './class-card.tsx';
import { ClassDialog } from './lazy-class-dialog.tsx';
import { useClassList } from './data.ts';
import { useClassInAddress } from './class-link.ts';

/** The next page loads when the reader is within this many pixels of the end (section 9). */
export const INFINITE_SCROLL_THRESHOLD = 100;

/**
 * A teacher's infinite list of class cards (coming or past), virtualised against the window's
 * scroll so a long history stays light. It renders what the mirror holds at once and asks the
 * engine for the next page when the end comes within 100 px.
 */
export function ClassList({ kind }: { kind: 'coming-classes' | 'classes-history' }) {
  const { t } = useI18n();
  const user = useUser();
  const { items, hasMore, loading, loadMore, loaded, failed } = useClassList(kind);
  // The open class is in the address (`?class=12`), as on the calendar.
  const { openId, open, close } = useClassInAddress();
  const onAtBottom = useCallback((atBottom: boolean) => {
    if (atBottom && hasMore && !loading) loadMore();
  }, [hasMore, loading, loadMore]);
  const timeZone = user?.timezone ?? 'UTC';

  // Nothing read yet and the first page failed: the error, and Retry asks for it again.
  if (!loaded && failed) return <LoadError onRetry={loadMore} retrying={loading} />;
  if (loaded && items.length === 0 && !hasMore) {
    return <Text color="fg.muted" py="10" textAlign="center">{t('msg.noClasses')}</Text>;
  }
  return (
    <Box>
      <Virtuoso
        useWindowScroll
        data={items}
        computeItemKey={(_, k) => k.id}
        atBottomThreshold={INFINITE_SCROLL_THRESHOLD}
        atBottomStateChange={onAtBottom}
        increaseViewportBy={{ top: 200, bottom: 400 }}
        itemContent={(_, k) => (
          <Box pb="3">
            <ClassCard klass={k} role="teacher" timeZone={timeZone} onOpen={open} />
          </Box>
        )}
        components={{
          Footer: () => (loading || (!loaded && items.length === 0) ? (
            <LoadingSpinner py="4" label={t('classes.loadingClasses')} />
          ) : failed && hasMore ? (
            // A later page could not be read: Retry asks for it again (scrolling does not, once at the end).
            <LoadError variant="inline" onRetry={loadMore} />
          ) : null),
        }}
      />
      <ClassDialog classId={openId} onClose={close} />
    </Box>
  );
}

/** A page heading and the list. */
export function ClassListPage({ title, kind }: { title: string; kind: 'coming-classes' | 'classes-history' }) {
  return (
    <Stack gap="5">
      <Text as="h1" fontSize="2xl" fontWeight="bold">{title}</Text>
      <ClassList kind={kind} />
    </Stack>
  );
}
