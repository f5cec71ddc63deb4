import { Avatar, Box, Circle, HStack, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import type { Conversation } from '../../../db/entities.ts';
import { t, useI18n } from '../../lib/i18n/index.ts';
import { InboxIcon } from './icons.tsx';
import { activityOf } from './order.ts';
import { cutTitle, safeMediaUrl, textDirection } from './text.ts';
import { TimeAgo } from './time-ago.tsx';

/** What the list says when a conversation has no message yet (English: 'Say hello 👋'). */
export const greeting = () => t('inbox.greeting');

export interface ConversationItemProps {
  conversation: Conversation;
  selected: boolean;
  onSelect(id: number): void;
  /** Its cut title reads like another's: the whole title shows on a second line. */
  fullTitle?: boolean;
}

/** One row: avatar, title cut at 20 (whole below when cut like another's), time since last activity, unread mark, last message preview. */
export const ConversationItem = memo(function ConversationItem({ conversation: c, selected, onSelect, fullTitle = false }: ConversationItemProps) {
  // The server marks a conversation seen when it is opened or answered (spec 4); a message that
  // arrives while it is open is on screen already, so the open one never shows the unread mark.
  const unread = !c.seen && !selected;
  const { t } = useI18n();
  return (
    <Box
      as="button"
      w="100%"
      textAlign="start"
      px="3"
      py="2.5"
      borderBottomWidth="1px"
      bg={selected ? 'brand.subtle' : undefined}
      _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
      aria-current={selected ? 'true' : undefined}
      aria-label={unread ? t('inbox.titleUnread', { title: c.title }) : c.title}
      onClick={() => onSelect(c.id)}
      data-testid="conversation-item"
      data-unread={unread ? 'true' : 'false'}
    >
      <HStack gap="3" align="center">
        <Avatar.Root size="md" flexShrink={0}>
          <Avatar.Fallback name={c.title} />
          {safeMediaUrl(c.avatar) && <Avatar.Image src={safeMediaUrl(c.avatar)!} alt="" />}
        </Avatar.Root>
        <Stack gap="0.5" flex="1" minW="0">
          <HStack justify="space-between" gap="2">
            <Text fontWeight={unread ? 'bold' : 'semibold'} fontSize="sm" truncate title={c.title} dir="auto">
              {cutTitle(c.title)}
            </Text>
            <Text fontSize="xs" color="fg.muted" flexShrink={0}>
              <TimeAgo seconds={activityOf(c)} />
            </Text>
          </HStack>
          {fullTitle && (
            <Text fontSize="xs" color="fg.muted" lineClamp={2} dir="auto" data-testid="conversation-full-title">
              {c.title}
            </Text>
          )}
          <HStack justify="space-between" gap="2">
            <Preview conversation={c} unread={unread} />
            {unread && (
              <Circle size="2.5" bg="brand.solid" flexShrink={0} role="img" aria-label={t('inbox.unread')} data-testid="unread-icon" />
            )}
          </HStack>
        </Stack>
      </HStack>
    </Box>
  );
});

function Preview({ conversation: c, unread }: { conversation: Conversation; unread: boolean }) {
  const m = c.last_message;
  const { t } = useI18n();
  const color = unread ? 'fg' : 'fg.muted';
  if (!m) return <Text fontSize="sm" color={color} truncate>{t('inbox.greeting')}</Text>;
  const isImage = m.type === 'image' && !!m.image_url;
  const isAudio = m.type === 'audio' && !!m.audio;
  // The preview is one line of plain text: React escapes it, and only its first 120 characters matter.
  const text = (m.text ?? '').slice(0, 120).replace(/\s+/g, ' ');
  return (
    <HStack gap="1" minW="0" fontSize="sm" color={color}>
      <Text flexShrink={0} fontWeight="medium"><SenderName name={m.sender.name} /></Text>
      {isImage ? (
        <InboxIcon name="image" boxSize="4" aria-hidden={false} aria-label={t('inbox.image')} role="img" />
      ) : isAudio ? (
        <InboxIcon name="mic" boxSize="4" aria-hidden={false} aria-label={t('inbox.audio')} role="img" />
      ) : (
        <Text truncate dir={textDirection(text)}>{text}</Text>
      )}
    </HStack>
  );
}

/** "Name:" in the language, the name isolated so its own direction cannot move the colon to the wrong side. */
function SenderName({ name }: { name: string }) {
  const { t } = useI18n();
  const [before = '', after = ''] = t('inbox.previewSender', { name: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after}
    </>
  );
}
