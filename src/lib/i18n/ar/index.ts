import type { Catalogue } from '../catalog.ts';
import { auth } from './auth.ts';
import { messages } from './messages.ts';
import { settings } from './settings.ts';
import { shell } from './shell.ts';

/** The Arabic catalogue: its own chunk, loaded when Arabic is chosen. A key missing here is a type error. */
export const ar: Catalogue = { ...shell, ...settings, ...auth, ...messages };
