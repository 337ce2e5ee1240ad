import type { UseCase } from '../use-case.js';

/** VIP levels: the rules, each member’s level and progress, and the level bonuses. */
export const vipUseCases = {} satisfies Record<string, UseCase>;
