import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's points part (the points mall). */
export const POINTS_ERRORS = {
  POINTS_INSUFFICIENT: def(409, 'Insufficient points', 'Puntos insuficientes'),
} satisfies Record<string, ErrorDefinition>;
