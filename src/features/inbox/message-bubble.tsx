import { Badge, Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { isKnown, MESSAGE_TYPES } from '../../../db/known-values.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { InboxIcon } from './icons.tsx';
import { MessageText } from './message-text.tsx';
import type { MessageItem, MessageRow } from './order.ts';
import { safeMediaUrl } from './text.ts';

export interface MessageBubbleProps {
  item: MessageItem;
  mine: boolean;
  /** First of a run by the same sender: the name (and support badge) is shown above it. */
  runStart: boolean;
  onOpenImage(src: string, download: string | null): void;
  onRetry(mutationId: string): void;
  onDiscard(mutationId: string): void;
}

/** Support and admin senders are marked wherever their name shows. */
export function SenderBadge({ row }: { row: Pick<MessageRow, 'sender' | 'sender_type'> }) {
  const { t } = useI18n();
  const kind = row.sender_type === 'admin' ? 'admin' : row.sender.support || row.sender_type === 'support' ? 'support' : null;
  if (!kind) return null;
  return (
    <Badge size="xs" colorPalette={kind === 'admin' ? 'purple' : 'orange'} variant="subtle">
      {kind === 'admin' ? t('inbox.admin') : t('inbox.support')}
    </Badge>
  );
}

/**
 * One message. Tapping toggles the sender name and time; unsent ones say so and, once failed,
 * offer retry and remove. A message counts as media only when its url field exists.
 */
export const MessageBubble = memo(function MessageBubble({ item, mine, runStart, onOpenImage, onRetry, onDiscard }: MessageBubbleProps) {
  const { t } = useI18n();
  const [details, setDetails] = useState(false);
  const { row, state, mutationId } = item;
  const image = row.type === 'image' ? safeMediaUrl(row.image_url) : null;
  const audio = row.type === 'audio' ? safeMediaUrl(row.audio) : null;
  const download = safeMediaUrl(row.download);

  return (
    <Stack gap="1" px={{ base: '3', md: '4' }} pt={runStart ? '3' : '1'} align={mine ? 'flex-end' : 'flex-start'} data-message-key={item.key}>
      {runStart && !mine && (
        <HStack gap="1.5" fontSize="xs" color="fg.muted">
          <Text fontWeight="semibold">{row.sender.name}</Text>
          <SenderBadge row={row} />
        </HStack>
      )}
      {/* A div, not a button: it holds links, players and Show More, which cannot nest in a button. */}
      <Box
        textAlign="start"
        maxW={{ base: '85%', md: '70%' }}
        px={image ? '0' : '3'}
        py={image ? '0' : '2'}
        borderRadius="2xl"
        borderEndEndRadius={mine ? 'sm' : '2xl'}
        borderEndStartRadius={mine ? '2xl' : 'sm'}
        bg={image ? 'transparent' : mine ? 'brand.solid' : 'surface'}
        color={mine ? 'brand.contrast' : 'fg'}
        borderWidth={mine || image ? '0' : '1px'}
        opacity={state === 'sent' ? 1 : 0.75}
        cursor="pointer"
        onClick={() => setDetails((v) => !v)}
        data-testid="message-bubble"
      >
        <Body row={row} image={image} audio={audio} download={download} onOpenImage={onOpenImage} />
        {!details && (
          <Text srOnly>
            {t('inbox.senderAt', { name: row.sender.name, time: formatDateTime(row.created_at_timestamp) })}
          </Text>
        )}
      </Box>
      {details && (
        <Text fontSize="xs" color="fg.muted" data-testid="message-details">
          {t('inbox.senderDetails', { name: row.sender.name, time: formatDateTime(row.created_at_timestamp) })}
        </Text>
      )}
      {state === 'pending' && (
        <HStack gap="1" fontSize="xs" color="fg.muted" role="status">
          <InboxIcon name="clock" boxSize="3" />
          <Text>{t('inbox.sending')}</Text>
        </HStack>
      )}
      {state === 'failed' && mutationId && (
        <HStack gap="2" fontSize="xs" color="fg.error" role="alert">
          <InboxIcon name="alert" boxSize="3" />
          <Text>{t('inbox.notSent')}</Text>
          <Button size="2xs" variant="outline" onClick={() => onRetry(mutationId)}>{t('inbox.retry')}</Button>
          <Button size="2xs" variant="ghost" onClick={() => onDiscard(mutationId)}>{t('inbox.remove')}</Button>
        </HStack>
      )}
    </Stack>
  );
});

function Body({ row, image, audio, download, onOpenImage }: {
  row: MessageRow; image: string | null; audio: string | null; download: string | null;
  onOpenImage(src: string, download: string | null): void;
}) {
  const { t } = useI18n();
  if (image) {
    return (
      <Box
        as="button"
        display="block"
        aria-label={t('inbox.openImage')}
        cursor="zoom-in"
        onClick={(e) => {
          e.stopPropagation();
          onOpenImage(image, download);
        }}
      >
        <Image src={image} alt={t('inbox.imageMessage')} loading="lazy" display="block" w="240px" maxW="100%" h="180px" objectFit="cover" borderRadius="xl" />
      </Box>
    );
  }
  if (audio) {
    // Clicks on the player must not toggle the details.
    return (
      <Box onClick={(e) => e.stopPropagation()} py="1">
        <audio controls preload="none" src={audio} style={{ maxWidth: '260px' }}>
          <a href={audio}>{t('inbox.audioMessage')}</a>
        </audio>
      </Box>
    );
  }
  if (row.text) return <MessageText text={row.text} />;
  if (download) {
    return (
      <a href={download} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
        {t('inbox.downloadAttachment')}
      </a>
    );
  }
  // A type the spec does not name shows as it is (messaging spec section 3; "unknown values show as they are").
  return <Text fontSize="sm" fontStyle="italic">{isKnown(MESSAGE_TYPES, row.type) ? t('inbox.unsupported') : row.type}</Text>;
}
