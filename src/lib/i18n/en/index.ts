import { auth } from './auth.ts';
import { messages } from './messages.ts';
import { settings } from './settings.ts';
import { shell } from './shell.ts';

/**
 * The English catalogue: the spec's wording, exactly. One file per area (shell, settings, …): a
 * helper converting a feature adds its file here and the same file under ../ar/.
 */
export const en = { ...shell, ...settings, ...auth, ...messages } as const;
