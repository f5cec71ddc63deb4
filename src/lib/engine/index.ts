/**
 * What screens use of the engine. Reads: the collections (with `useLiveQuery`) and the hooks;
 * writes: `useMutation` (or `mutate`), or an optimistic action. Nothing here talks to the network.
 */
export * from './tables.ts';
export * from './hooks.ts';
export * from './optimistic.ts';
export * from './mutation.ts';
export { EngineCallError, type EngineState } from './client.ts';
export { getEngine } from './connect.ts';
