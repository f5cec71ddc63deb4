/** The app's Temporal (db/temporal.ts: shared with the worker, which derives class times with it). */
export { Temporal, ensureTemporal } from '../../db/temporal.ts';
