import { MESSAGES } from '../../../db/messages.ts';

/** Password change (second spec, section 5): required, confirmation must match, no length rule. */
export function passwordChangeError(password: string, confirm: string): string | null {
  if (!password || !confirm) return MESSAGES.fillRequired;
  if (password !== confirm) return MESSAGES.passwordsDoNotMatch;
  return null;
}
