/**
 * The family feature's public entry: what other features may use of it (the lint allows a
 * feature to import another only through its index).
 */
export { useChildren } from './data.ts';
