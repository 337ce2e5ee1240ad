import type { UseCase } from '../use-case.js';

/** Daily and weekly missions, their progress and claims, and the mission leaderboard. */
export const missionsUseCases = {} satisfies Record<string, UseCase>;
