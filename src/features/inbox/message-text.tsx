import { Button, Link, Text } from '@chakra-ui/react';
import { memo, useMemo, useState } from 'react';
import { isLong, linkify, textDirection, truncateSegments, type Segment } from './text.ts';

/**
 * A message's text as React text nodes and <a> elements only (never HTML): markup in a message
 * shows as the characters it is. Only http(s) runs become links, opened in a new tab without
 * giving it a handle on this one.
 */
export const MessageText = memo(function MessageText({ text }: { text: string }) {
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
          {expanded ? 'Show Less' : 'Show More'}
        </Button>
      )}
    </Text>
  );
});

function renderSegment(s: Segment, i: number) {
  if (s.kind === 'text') return s.text;
  return (
    <Link
      key={i}
      href={s.href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      color="inherit"
      textDecoration="underline"
      onClick={(e) => e.stopPropagation()}
    >
      {s.text}
    </Link>
  );
}
