import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the agent centre: contract settlement. */
export const AGENT_SETTLEMENT_ERRORS = {
  SETTLEMENT_RANGE_INVALID: def(400, 'Invalid date range: the start must not be after the end', 'Rango de fechas inválido: el inicio no puede ser posterior al fin'),
  SETTLEMENT_UNTIL_IN_FUTURE: def(400, 'Settlement can only cover periods that have already closed', 'La liquidación solo puede cubrir periodos ya cerrados'),
} as const satisfies Record<string, ErrorDefinition>;
