import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's rewards part. */
export const REWARDS_ERRORS = {
  REWARD_NOT_FOUND: def(404, 'Reward not found', 'Recompensa no encontrada'),
  REWARD_ALREADY_CLAIMED: def(409, 'This reward has already been claimed', 'Esta recompensa ya fue reclamada'),
  REWARD_EXPIRED: def(409, 'This reward has expired', 'Esta recompensa ha caducado'),
} satisfies Record<string, ErrorDefinition>;
