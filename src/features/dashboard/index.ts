/**
 * The dashboard feature's public entry: what other features may use of it (the lint allows a
 * feature to import another only through its index).
 */
export { useHome } from './data.ts';
