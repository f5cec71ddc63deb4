import { CLASS_PARAM } from '../../lib/links.ts';
import { parseIdParam, useIdInAddress, type IdRef } from '../../lib/id-in-address.ts';

export { CLASS_PARAM, classLink } from '../../lib/links.ts';

/**
 * A class has an address: the screen that lists it with `?class=<id>` (`/calendar?class=12`, the
 * canonical one, the dashboard's `/home?class=12`, or a teacher's `/classes/coming?class=12`), which
 * opens its dialog over that screen. Every screen with a class dialog takes it from here
 * (`useIdInAddress`: reload, sign-in and back/forward keep it; Back closes the dialog).
 */

/** What `?class=` names: a class id, or something that is not one (the dialog says so). */
export type ClassRef = IdRef;

/** Reads `?class=`: null when absent, 'invalid' when it is not a positive integer id. */
export const parseClassParam = parseIdParam;

/** The class whose dialog the address opens on this screen, and how to open and close one. */
export const useClassInAddress = () => useIdInAddress(CLASS_PARAM);
