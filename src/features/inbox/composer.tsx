import { Box, HStack, IconButton, Spinner, Textarea } from '@chakra-ui/react';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { useDraftState } from '../../lib/engine/drafts.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { InboxIcon } from './icons.tsx';

export interface ComposerProps {
  /** The conversation: its draft is kept in the mirror (a switch, a reload, another tab). */
  conversationId: number;
  /** Sends a text message; it shows at once as pending (and waits in the outbox when offline). */
  onSend(text: string): void;
  /** Sends an image; resolves when the server answered (images are never queued). */
  onSendImage(file: File): Promise<void>;
}

/**
 * Enter sends, Shift+Enter adds a line; blank text is never sent. What is typed is the
 * conversation's draft, kept in the mirror: it is there again after a switch, a reload or a restart,
 * the same in every tab; sending clears it everywhere. Memo'd: its conversation view renders again
 * for every message, and nothing here changed.
 */
export const Composer = memo(function Composer({ conversationId, onSend, onSendImage }: ComposerProps) {
  const { t } = useI18n();
  const [text, setText, draft] = useDraftState(`conversation:${conversationId}`, '');
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const canSend = text.trim().length > 0;

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    draft.clear();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing Arabic or another script uses Enter to confirm a word, not to send.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const pick = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    setUploading(true);
    try {
      await onSendImage(file);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box borderTopWidth="1px" bg="surface" px={{ base: '2', md: '3' }} py="2">
      <HStack align="flex-end" gap="2">
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          aria-label={t('inbox.imageFile')}
          data-testid="image-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <IconButton aria-label={t('inbox.attachImage')} variant="ghost" disabled={uploading} onClick={() => fileRef.current?.click()}>
          {uploading ? <Spinner size="sm" /> : <InboxIcon name="paperclip" />}
        </IconButton>
        <Textarea
          aria-label={t('inbox.message')}
          placeholder={t('inbox.typeMessage')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          dir="auto"
          rows={1}
          autoresize
          maxH="40"
          resize="none"
          flex="1"
        />
        <IconButton aria-label={t('inbox.send')} disabled={!canSend} onClick={send}>
          <InboxIcon name="send" />
        </IconButton>
      </HStack>
    </Box>
  );
});
