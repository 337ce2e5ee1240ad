import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the agent centre's register centre: invitation links and accounts created directly under an agent. */
export const INVITATION_ERRORS = {
  INVITATION_AGENTS_ONLY: def(403, 'Only agents can invite or create members', 'Solo los agentes pueden invitar o crear miembros'),
  INVITATION_LINK_NOT_FOUND: def(404, 'Invitation link not found', 'Enlace de invitación no encontrado'),
  INVITATION_LINK_IN_USE: def(
    409,
    'Members already registered through this link; disable it instead of deleting it',
    'Ya hay miembros registrados con este enlace; desactívelo en lugar de eliminarlo',
  ),
  INVITATION_LINK_LIMIT: def(409, 'You can keep at most {max} invitation links', 'Puede tener como máximo {max} enlaces de invitación'),
  INVITATION_CONTRACTS_MEMBER_LINK: def(400, 'Starting contracts are given only to new agents', 'Los contratos iniciales solo se dan a nuevos agentes'),
  INVITATION_CONTRACT_DUPLICATE: def(400, 'Each contract kind can be given only once', 'Cada tipo de contrato solo se puede dar una vez'),
  INVITATION_CONTRACT_TIER_INVALID: def(
    400,
    'Real-time salary tiers must name the bets they pay on (loss, win or single); other tiers must not',
    'Los niveles del salario en tiempo real deben indicar las apuestas que pagan (pérdida, ganancia o única); los demás no',
  ),
} as const satisfies Record<string, ErrorDefinition>;
