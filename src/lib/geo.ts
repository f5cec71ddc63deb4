/**
 * The visitor's country from the IP-to-country service's text reply, used to offer Teachers Sign In
 * only in Egypt and to preselect the phone country. The spec says only "text reply; country code
 * read from it": a trace-style reply (`ip=...\nloc=EG\n`, Cloudflare's `/cdn-cgi/trace` and the
 * reference server's `/geo`) or a bare two-letter code (`EG`, as ipinfo.io's `/country` answers).
 */
export function parseCountry(reply: unknown): string | null {
  const text = typeof reply === 'string' ? reply : reply && typeof reply === 'object' && 'text' in reply ? String((reply as { text: unknown }).text) : '';
  const m = /(?:^|\n)\s*loc=([A-Za-z]{2})\s*(?:\n|$)/.exec(text) ?? /^\s*([A-Za-z]{2})\s*$/.exec(text);
  return m ? m[1]!.toUpperCase() : null;
}
