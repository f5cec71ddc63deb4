import type { MutationSpecs } from './spec.ts';
import { sendImage, sendMessage } from './messaging.ts';
import * as classes from './classes.ts';
import * as account from './account.ts';

/** Every mutation of the contract (db/engine-api.ts `Mutation`) and what it does (its policy: db/mutations.ts `MUTATIONS`). */
export const MUTATION_SPECS: MutationSpecs = { sendMessage, sendImage, ...classes, ...account };

export { InvalidReply } from './spec.ts';
