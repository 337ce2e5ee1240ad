import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of FISH (issue 6); a stake outside the table limits answers HOUSE_BET_OUT_OF_LIMITS like every house game. */
export const HOUSE_FISH_ERRORS = {
  HOUSE_FISH_KIND_UNKNOWN: def(400, 'Aim at one of the published fish kinds', 'Apunte a uno de los tipos de pez publicados'),
} as const satisfies Record<string, ErrorDefinition>;
