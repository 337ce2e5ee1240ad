import type { UseCase } from '../use-case.js';

/** The reward centre: everything a member can claim, in one list, and what was received. */
export const rewardsUseCases = {} satisfies Record<string, UseCase>;
