/**
 * The card form of the simulated provider. Its fields never leave the page (the reference
 * provider needs none); they are checked only so the form behaves like a real one.
 */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

const digits = (s: string) => s.replace(/[\s-]/g, '');

/** Luhn checksum of a card number. */
export function luhn(num: string): boolean {
  let sum = 0;
  for (let i = 0; i < num.length; i++) {
    let d = Number(num[num.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return num.length > 0 && sum % 10 === 0;
}

export function cardErrors(f: CardFields, today: Date = new Date()): CardErrors {
  const e: CardErrors = {};
  const n = digits(f.number);
  if (!/^\d{12,19}$/.test(n) || !luhn(n)) e.number = 'Card number is not valid';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(f.expiry.trim());
  const month = m ? Number(m[1]) : 0;
  const year = m ? 2000 + Number(m[2]) : 0;
  const expired = year < today.getFullYear() || (year === today.getFullYear() && month < today.getMonth() + 1);
  if (!m || month < 1 || month > 12 || expired) e.expiry = 'Expiry date is not valid';
  if (!/^\d{3,4}$/.test(f.cvc.trim())) e.cvc = 'CVC is not valid';
  return e;
}

/** `4242424242424242` → `4242 4242 4242 4242` while typing. */
export const formatCardNumber = (s: string) => digits(s).replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** `1` → `1`, `123` → `12/3`: the slash is added as the user types. */
export function formatExpiry(s: string): string {
  const d = s.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}
