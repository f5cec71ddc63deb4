/**
 * Pure text logic of message bubbles: link detection, truncation, direction. No React and no DOM,
 * so hostile input can be tested directly. Rendering turns segments into text nodes and <a>
 * elements; nothing here produces HTML, so escaping is React's job and cannot be forgotten.
 */

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Spec section 9: a message longer than this is cut, with Show More / Show Less. */
export const TRUNCATE_AT = 215;
/** Spec section 9: conversation titles are cut at 20 characters in the list. */
export const TITLE_MAX = 20;

/**
 * A run that starts with an http or https scheme and goes on until whitespace or a character
 * that cannot be part of a URL in running text. No nested quantifiers: the scan stays linear on
 * 100k-character messages.
 */
// eslint-disable-next-line no-control-regex -- a link stops at a control character, so matching them is the point
const URL_RUN = /\bhttps?:\/\/[^\s<>"'`\u0000-\u001f\u007f]+/giu;
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '\u2019', '\u201d', '*', '_', '~']);
const HOST_FIRST = /^https?:\/\/[^/\\]/i;
const OPENER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/**
 * Drops sentence punctuation and unbalanced closing brackets from the end of a candidate link
 * ("(see https://a.b/c)." keeps "https://a.b/c", "https://w.org/Foo_(bar)" keeps its bracket).
 * One count and one backward pass: linear even on 100k closing brackets.
 */
function trimCandidate(raw: string): string {
  const tally: Record<string, number> = { '(': 0, ')': 0, '[': 0, ']': 0, '{': 0, '}': 0 };
  for (const ch of raw) if (ch in tally) tally[ch]!++;
  let end = raw.length;
  while (end > 0) {
    const ch = raw[end - 1]!;
    const opener = OPENER[ch];
    if (TRAILING.has(ch)) end--;
    else if (opener && tally[ch]! > tally[opener]!) {
      tally[ch]!--;
      end--;
    } else break;
  }
  return raw.slice(0, end);
}

/** The normalised href when `raw` is a well-formed http(s) URL with a host; otherwise null. */
export function safeHref(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  return url.href;
}

/**
 * A media or download address from a message, resolved against the page (the server may send
 * `/media/x.wav`), kept only when it is http(s): a `javascript:` download link is dropped.
 */
export function safeMediaUrl(raw: string | null | undefined, base = globalThis.location?.href): string | null {
  if (!raw) return null;
  try {
    return safeHref(new URL(raw, base).href);
  } catch {
    return null;
  }
}

/** Splits text into plain runs and http(s) links. Anything else (javascript:, data:, mailto:) stays text. */
export function linkify(text: string): Segment[] {
  const out: Segment[] = [];
  let plainStart = 0;
  URL_RUN.lastIndex = 0;
  for (let m = URL_RUN.exec(text); m; m = URL_RUN.exec(text)) {
    const candidate = trimCandidate(m[0]);
    // "https:///host" would parse as https://host/: a link must show the host it goes to.
    const href = HOST_FIRST.test(candidate) ? safeHref(candidate) : null;
    if (!href) continue;
    if (m.index > plainStart) out.push({ kind: 'text', text: text.slice(plainStart, m.index) });
    out.push({ kind: 'link', text: candidate, href });
    plainStart = m.index + candidate.length;
    URL_RUN.lastIndex = plainStart;
  }
  if (plainStart < text.length) out.push({ kind: 'text', text: text.slice(plainStart) });
  return out;
}

/** Length in code points, so a cut never splits an emoji or other astral character. */
const codePoints = (s: string) => Array.from(s);

/** Whether the text is long enough to be cut (counted in code points). */
export function isLong(text: string, limit = TRUNCATE_AT): boolean {
  if (text.length <= limit) return false;
  let n = 0;
  for (const _ of text) if (++n > limit) return true;
  return false;
}

/**
 * The first `limit` code points of the segments. A link crossing the limit keeps its full href and
 * shows its visible part, so a cut never produces a link to a different (shorter) address.
 */
export function truncateSegments(segments: Segment[], limit = TRUNCATE_AT): Segment[] {
  const out: Segment[] = [];
  let left = limit;
  for (const seg of segments) {
    if (left <= 0) break;
    const cps = codePoints(seg.text);
    if (cps.length <= left) {
      out.push(seg);
      left -= cps.length;
    } else {
      out.push({ ...seg, text: cps.slice(0, left).join('') });
      left = 0;
    }
  }
  return out;
}

/** Cuts plain text (a title) to `max` code points, with an ellipsis when it was cut. */
export function cutTitle(title: string, max = TITLE_MAX): string {
  const cps = codePoints(title);
  return cps.length > max ? `${cps.slice(0, max).join('')}…` : title;
}

type Titled = { id: number; title: string };

/**
 * The conversations whose titles, cut at 20 characters as the spec says, read the same as another's
 * though the titles differ: they show the whole title on a second line, so two look different.
 */
export function cutAlike(list: readonly Titled[]): Set<number> {
  const byCut = new Map<string, Titled[]>();
  for (const c of list) {
    const cut = cutTitle(c.title);
    if (cut === c.title) continue;
    byCut.set(cut, [...(byCut.get(cut) ?? []), c]);
  }
  const out = new Set<number>();
  for (const group of byCut.values()) {
    if (new Set(group.map((c) => c.title)).size > 1) group.forEach((c) => out.add(c.id));
  }
  return out;
}

const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/**
 * 'rtl' when the first character is Hebrew or Arabic (the spec's rule: the first character, not the
 * first letter), so "123 مرحبا" is left-to-right. Leading white space is not a character anyone sees
 * and is skipped.
 */
export function textDirection(text: string | null | undefined): 'rtl' | 'ltr' {
  const first = text ? [...text.trimStart()][0] : undefined;
  return first && RTL_SCRIPT.test(first) ? 'rtl' : 'ltr';
}
