/**
 * Payment-method instructions come from the server as plain text with `{AMOUNT}` placeholders and
 * `**bold**` markup. They are turned into segments that the screen renders as React text and
 * <strong> nodes: nothing here is ever HTML, so `<script>` in the text stays visible text.
 */
export interface TextSegment {
  text: string;
  bold: boolean;
}

/** The amount as written into the instructions: `25`, `25.50`. */
export function amountText(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

export const fillAmount = (text: string, amount: number) => text.split('{AMOUNT}').join(amountText(amount));

/**
 * `a **b** c` → [a ][b, bold][ c]. A pair needs at least one character between its markers and no
 * line break; an unmatched `**` stays literal. Adjacent plain segments are merged, empty ones dropped.
 */
export function parseBold(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  const push = (t: string, bold: boolean) => {
    if (!t) return;
    const last = out[out.length - 1];
    if (last && last.bold === bold) last.text += t;
    else out.push({ text: t, bold });
  };
  const re = /\*\*([^*\n]+?)\*\*/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    push(text.slice(at, m.index), false);
    push(m[1]!, true);
    at = m.index + m[0].length;
  }
  push(text.slice(at), false);
  return out;
}
