import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the agent centre: team reports. */
export const AGENT_TEAM_ERRORS = {
  AGENT_ONLY: def(403, 'Only agents can use the agent centre', 'Solo los agentes pueden usar el centro de agentes'),
  /** The same answer for a member that does not exist and one outside the caller's team. */
  AGENT_MEMBER_NOT_FOUND: def(404, 'Member not found in your team', 'Miembro no encontrado en su equipo'),
  AGENT_REPORT_RANGE_INVALID: def(
    400,
    'Invalid date range: the start must not be after the end, and a report covers at most 93 days',
    'Rango de fechas inválido: el inicio no puede ser posterior al fin, y un informe abarca como máximo 93 días',
  ),
} as const satisfies Record<string, ErrorDefinition>;
