import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the house sportsbook: its events, markets, bet slip and cash-out. */
export const HOUSE_SPORTSBOOK_ERRORS = {
  SPORTS_EVENT_NOT_FOUND: def(404, 'Event not found', 'Evento no encontrado'),
  SPORTS_BET_NOT_FOUND: def(404, 'Bet not found', 'Apuesta no encontrada'),
  SPORTS_SELECTION_UNAVAILABLE: def(409, 'A selection is no longer available: {detail}', 'Una selección ya no está disponible: {detail}'),
  SPORTS_MARKET_SUSPENDED: def(409, 'A market of your slip is suspended, try again in a moment', 'Un mercado de su boleto está suspendido, intente de nuevo en un momento'),
  SPORTS_ODDS_CHANGED: def(409, 'The odds changed, check your slip and place it again', 'Las cuotas cambiaron, revise su boleto y vuelva a realizarlo'),
  SPORTS_SLIP_INVALID: def(400, 'This slip cannot be placed: {detail}', 'Este boleto no se puede realizar: {detail}'),
  SPORTS_STAKE_LIMITS: def(400, 'The stake must be between {min} and {max}', 'La apuesta debe estar entre {min} y {max}'),
  SPORTS_MAX_PAYOUT: def(400, 'A bet may pay at most {max}; lower the stake', 'Una apuesta puede pagar como máximo {max}; reduzca la apuesta'),
  SPORTS_CASHOUT_UNAVAILABLE: def(409, 'Cash-out is not available for this bet right now', 'El cobro anticipado no está disponible para esta apuesta ahora'),
  SPORTS_CASHOUT_CHANGED: def(409, 'The cash-out offer changed, check it and try again', 'La oferta de cobro anticipado cambió, revísela e intente de nuevo'),
  SPORTS_CASHOUT_AMOUNT: def(400, 'A partial cash-out must be more than 0 and less than the whole offer', 'Un cobro parcial debe ser mayor que 0 y menor que la oferta completa'),
  SPORTS_BET_IN_PROGRESS: def(409, 'This bet is still being placed', 'Esta apuesta aún se está registrando'),
  SPORTS_WALLET_UNAVAILABLE: def(503, 'The wallet did not answer, your bet was not placed', 'La billetera no respondió, su apuesta no se registró'),
} as const satisfies Record<string, ErrorDefinition>;
