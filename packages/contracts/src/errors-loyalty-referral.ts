import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's referral, raffle and manual rebate parts. */
export const REFERRAL_RAFFLE_REBATE_ERRORS = {
  RAFFLE_NOT_FOUND: def(404, 'Raffle not found', 'Sorteo no encontrado'),
  RAFFLE_NOT_OPEN: def(409, 'This raffle is not open for entries', 'Este sorteo no está abierto'),
  RAFFLE_ALREADY_DRAWN: def(409, 'This raffle has already been drawn', 'Este sorteo ya se realizó'),
  REBATE_NOT_AVAILABLE: def(403, 'Rebates are not available for your account', 'Los reembolsos no están disponibles para tu cuenta'),
  REBATE_NOTHING_TO_CLAIM: def(409, 'There is no rebate to claim right now', 'No hay reembolso para reclamar en este momento'),
  REBATE_DAY_CLOSED: def(409, 'Today’s rebate has already been settled', 'El reembolso de hoy ya fue liquidado'),
} satisfies Record<string, ErrorDefinition>;
