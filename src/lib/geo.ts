/**
 * The visitor's country from the IP-to-country service's text reply (`ip=...\nloc=EG\n`), used to
 * offer Teachers Sign In only in Egypt and to preselect the phone country.
 */
export function parseCountry(reply: unknown): string | null {
  const text = typeof reply === 'string' ? reply : reply && typeof reply === 'object' && 'text' in reply ? String((reply as { text: unknown }).text) : '';
  const m = /(?:^|\n)\s*loc=([A-Za-z]{2})\s*(?:\n|$)/.exec(text);
  return m ? m[1]!.toUpperCase() : null;
}
