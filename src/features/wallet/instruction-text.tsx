import { Text, type TextProps } from '@chakra-ui/react';
import { fillAmount, parseBold } from './instructions.ts';

/**
 * A payment method's instructions with the amount filled in and `**bold**` shown bold. Rendered
 * as React text nodes only: markup in the server's text stays visible text, never HTML. The server's
 * text keeps its own direction (`dir="auto"`): English instructions read left to right in Arabic too.
 */
export function InstructionText({ text, amount, ...rest }: { text: string; amount: number } & TextProps) {
  return (
    <Text whiteSpace="pre-line" dir="auto" {...rest}>
      {parseBold(fillAmount(text, amount)).map((s, i) => (s.bold ? <strong key={i}>{s.text}</strong> : <span key={i}>{s.text}</span>))}
    </Text>
  );
}
