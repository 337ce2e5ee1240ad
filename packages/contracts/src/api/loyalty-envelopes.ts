import type { UseCase } from '../use-case.js';

/** Red envelopes: windows with a pool split when they open, one claim per member. */
export const envelopesUseCases = {} satisfies Record<string, UseCase>;
