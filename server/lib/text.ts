/**
 * Text rules for what people type and others read (issue 19): messages, names, emails, reasons,
 * comments and notes.
 * - a lone UTF-16 surrogate (JSON `"\ud800"`) is refused, never stored as U+FFFD;
 * - NUL and the other control characters are refused (tab, line feed and carriage return are
 *   allowed in multi-line text);
 * - text that is blank once invisible characters are taken out (zero-width spaces and joiners,
 *   direction marks, word joiner, BOM, soft hyphen, Hangul fillers, braille blank...) counts as
 *   empty, so the field's "required" message answers.
 */

/**
 * Characters that show nothing: white space, format characters (Cf) and the known blank letters;
 * the blank combining marks (grapheme joiner, Khmer inherent vowels, Mongolian and Unicode variation
 * selectors) in a class of their own, so that no mark stands after a letter in one class.
 */
const INVISIBLE = /[\s\p{Cf}\p{Zs}\u115F\u1160\u2800\u3164\uFFA0]|[\u034F\u17B4\u17B5\u180B-\u180F\uFE00-\uFE0F]/gu;
/** Control characters but tab, LF and CR (C0, DEL, C1). */
// eslint-disable-next-line no-control-regex -- finding control characters is what this is for
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- finding control characters is what this is for
const CONTROL_ANY = /[\u0000-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'surrogate' | 'control' | 'blank' | null;

/** What is wrong with `s` under the text rules, or null. */
export function textProblem(s: string, opts: { multiline?: boolean } = {}): TextProblem {
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  if ((opts.multiline ? CONTROL_MULTILINE : CONTROL_ANY).test(s)) return 'control';
  if (s.replace(INVISIBLE, '') === '') return 'blank';
  return null;
}

export const TEXT_MESSAGES = {
  surrogate: (label: string) => `The ${label} contains an invalid character.`,
  control: (label: string) => `The ${label} contains an invalid character.`,
} as const;


/**
 * A free-text field by the rules: `{text}` trimmed ('' when missing, not a string, or blank) or
 * `{error}` with the message to answer on the field.
 */
export function readText(raw: unknown, label: string, opts: { multiline?: boolean } = { multiline: true }): { text: string; error?: string } {
  if (typeof raw !== 'string') return { text: '' };
  const s = raw.trim();
  const p = textProblem(s, opts);
  if (p === 'blank') return { text: '' };
  if (p) return { text: '', error: TEXT_MESSAGES[p](label) };
  return { text: s };
}
