import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the house vendor's shared-round games: crash, the live tables and cockfight. */
export const HOUSE_LIVE_ERRORS = {
  LIVE_TABLE_NOT_FOUND: def(404, 'Table not found', 'Mesa no encontrada'),
  LIVE_ROUND_NOT_FOUND: def(404, 'Round not found', 'Ronda no encontrada'),
  LIVE_ROUND_NOT_SETTLED: def(409, 'This round is not settled yet; its seed is revealed once it is', 'Esta ronda aún no está liquidada; su semilla se revela al liquidarse'),
  LIVE_BET_LIMITS: def(400, 'The bet must be between {min} and {max} for this table', 'La apuesta debe estar entre {min} y {max} en esta mesa'),
  LIVE_BET_SPOT_INVALID: def(400, 'This bet is not offered at this table', 'Esta apuesta no se ofrece en esta mesa'),
  LIVE_BETTING_CLOSED: def(409, 'Betting is closed for this round', 'Las apuestas están cerradas para esta ronda'),
  LIVE_ROUND_CLOSED: def(409, 'This round is closed', 'Esta ronda está cerrada'),
  LIVE_CASHOUT_UNAVAILABLE: def(409, 'There is no bet to cash out in this round', 'No hay apuesta para retirar en esta ronda'),
  LIVE_ONE_BET_PER_ROUND: def(409, 'Only one bet per round at this table', 'Solo una apuesta por ronda en esta mesa'),
  LIVE_WALLET_UNAVAILABLE: def(503, 'The wallet did not answer, your bet was not placed', 'La billetera no respondió, su apuesta no se realizó'),
} as const satisfies Record<string, ErrorDefinition>;
