import { formatClock, formatDate } from '../../lib/format.ts';
import { getLocale } from '../../lib/i18n/index.ts';

/**
 * `start_formated` is Cairo time from the server, `2026-11-22 02:05 PM`: shown as it is in English,
 * in the language's date and clock otherwise (Arabic ص/م); any other shape as it is.
 */
export function cairoStart(text: string): string {
  if (getLocale() === 'en') return text;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}) ([AP]M)$/.exec(text.trim());
  if (!m) return text;
  const [, y, mo, d, h, mi, ap] = m;
  const hour = (Number(h) % 12) + (ap === 'PM' ? 12 : 0);
  return `${formatDate(Date.UTC(Number(y), Number(mo) - 1, Number(d), 12), 'UTC')} ${formatClock(`${hour}:${mi}`)}`;
}
