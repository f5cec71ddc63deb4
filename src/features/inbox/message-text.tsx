import { Button, Text } from '@chakra-ui/react';
import { memo, useMemo, useState } from 'react';
import { useI18n } from '../../lib/i18n/index.ts';
import { isLong, linkify, textDirection, truncateSegments, type Segment } from './text.ts';

/**
 * A message's text as React text nodes and <a> elements only (never HTML): markup in a message
 * shows as the characters it is. Only http(s) runs become links, opened in a new tab without
 * giving it a handle on this one.
 */
export const MessageText = memo(function MessageText({ text }: { text: string }) {
  const { t } = useI18n();
  const [expanded, setExpanded] = useState(false);
  const segments = useMemo(() => linkify(text), [text]);
  const long = useMemo(() => isLong(text), [text]);
  const shown = long && !expanded ? truncateSegments(segments) : segments;
  return (
    <Text
      as="div"
      dir={textDirection(text)}
      whiteSpace="pre-wrap"
      overflowWrap="anywhere"
      textAlign="start"
      fontSize="sm"
      // Links are plain <a> styled from here: a message can hold thousands, and a styled
      // component per link costs far more than one rule for all of them.
      css={{ '& a': { textDecoration: 'underline', color: 'inherit', wordBreak: 'break-all' } }}
    >
      {shown.map((s, i) => renderSegment(s, i))}
      {long && !expanded && '…'}
      {long && (
        <Button
          variant="plain"
          size="xs"
          px="1"
          h="auto"
          minW="0"
          color="inherit"
          textDecoration="underline"
          fontWeight="semibold"
          onClick={(e) => {
            // The bubble toggles sender and time on tap; this button only toggles the text.
            e.stopPropagation();
            setExpanded((v) => !v);
          }}
        >
          {expanded ? t('inbox.showLess') : t('inbox.showMore')}
        </Button>
      )}
    </Text>
  );
});

const stop = (e: { stopPropagation(): void }) => e.stopPropagation();

function renderSegment(s: Segment, i: number) {
  if (s.kind === 'text') return s.text;
  return (
    <a key={i} href={s.href} target="_blank" rel="noopener noreferrer nofollow" onClick={stop}>
      {s.text}
    </a>
  );
}
