import type { UseCase } from '../use-case.js';

/** The points mall: the points ledger, the rewards, redemptions and conversion. */
export const pointsMallUseCases = {} satisfies Record<string, UseCase>;
