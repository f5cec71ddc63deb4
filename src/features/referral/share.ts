/**
 * Referral sharing: the fixed sharing text, the reward rule and plain share links. Every link is
 * an ordinary URL with its parts encoded, so a hostile link or text cannot break out of its
 * parameter; a referral link that is not http(s) is not shared at all.
 */
export const REFERRAL_PERCENT = 10;
export const REFERRAL_CAP = 8;

export const SHARE_TEXT =
  'I learn Quran, Arabic and Islamic studies online with one-to-one tutors. Join with my link and we both get a reward on your first recharge:';

export const EMAIL_SUBJECT = 'Learn Quran and Arabic online with me';

/** Each side's reward for a friend's first recharge: 10% of it, up to $8. */
export function referralReward(firstRecharge: number): number {
  if (!Number.isFinite(firstRecharge) || firstRecharge <= 0) return 0;
  return Math.min(REFERRAL_CAP, Math.round(firstRecharge * REFERRAL_PERCENT) / 100);
}

export interface ShareLink {
  id: 'whatsapp' | 'facebook' | 'twitter' | 'telegram' | 'email';
  label: string;
  href: string;
}

export function isWebLink(link: string | null | undefined): link is string {
  if (!link) return false;
  try {
    const u = new URL(link);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The share links' names, as catalogue ids (brand names are written in each language's script). */
export const SHARE_LABEL_IDS = {
  whatsapp: 'referral.whatsapp',
  facebook: 'referral.facebook',
  twitter: 'referral.twitter',
  telegram: 'referral.telegram',
  email: 'referral.email',
} as const satisfies Record<ShareLink['id'], string>;

export function shareLinks(link: string | null | undefined, text: string = SHARE_TEXT, subject: string = EMAIL_SUBJECT): ShareLink[] {
  if (!isWebLink(link)) return [];
  const e = encodeURIComponent;
  return [
    { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${e(`${text} ${link}`)}` },
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${e(link)}` },
    { id: 'twitter', label: 'X (Twitter)', href: `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(link)}` },
    { id: 'telegram', label: 'Telegram', href: `https://t.me/share/url?url=${e(link)}&text=${e(text)}` },
    { id: 'email', label: 'Email', href: `mailto:?subject=${e(subject)}&body=${e(`${text}\n${link}`)}` },
  ];
}
