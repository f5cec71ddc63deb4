/**
 * What screens use of the engine. Reads: the collections (with `useLiveQuery`) and the hooks;
 * writes: `runMutation` or the optimistic actions. Nothing here talks to the network.
 */
export * from './tables.ts';
export * from './hooks.ts';
export * from './actions.ts';
export { EngineCallError, type EngineState } from './client.ts';
export { getEngine } from '../engine.ts';
