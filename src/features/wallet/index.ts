/**
 * The wallet feature's public entry: what other features may use of it (the lint allows a
 * feature to import another only through its index).
 */
export { isLowBalance, parseAmount, transferError } from './rules.ts';
export { MoneyInputGroup } from './money-input-group.tsx';
