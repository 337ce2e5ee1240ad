import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the house lottery: its games, draws, betting slips and proofs. */
export const HOUSE_LOTTERY_ERRORS = {
  LOTTERY_GAME_NOT_FOUND: def(404, 'Lottery game not found', 'Juego de lotería no encontrado'),
  LOTTERY_DRAW_NOT_FOUND: def(404, 'Draw not found', 'Sorteo no encontrado'),
  LOTTERY_BETTING_CLOSED: def(409, 'Betting for this draw is closed', 'Las apuestas para este sorteo están cerradas'),
  LOTTERY_NO_OPEN_DRAW: def(409, 'No draw of this game is taking bets right now', 'Ningún sorteo de este juego acepta apuestas ahora'),
  LOTTERY_BET_TYPE_INVALID: def(400, 'This bet is not offered in this game', 'Esta apuesta no se ofrece en este juego'),
  LOTTERY_SELECTION_INVALID: def(400, 'The numbers picked are not valid for this bet: {detail}', 'Los números elegidos no son válidos para esta apuesta: {detail}'),
  LOTTERY_TOO_MANY_COMBINATIONS: def(400, 'A ticket may hold at most {max} single bets', 'Un boleto puede tener como máximo {max} apuestas simples'),
  LOTTERY_MULTIPLIER_INVALID: def(400, 'The multiplier must be a whole number from 1 to {max}', 'El multiplicador debe ser un número entero de 1 a {max}'),
  LOTTERY_STAKE_LIMITS: def(400, 'The unit stake must be between {min} and {max}', 'La apuesta unitaria debe estar entre {min} y {max}'),
  LOTTERY_TICKET_LIMIT: def(400, 'A ticket may stake at most {max}', 'Un boleto puede apostar como máximo {max}'),
  LOTTERY_SLIP_IN_PROGRESS: def(409, 'This slip is still being placed', 'Este boleto aún se está registrando'),
  LOTTERY_DRAW_NOT_DRAWN: def(409, 'This draw has not been drawn yet; its seed is revealed once it is', 'Este sorteo aún no se ha realizado; su semilla se revela cuando se realice'),
  LOTTERY_DRAW_NOT_CANCELLABLE: def(409, 'This draw has already been drawn and can no longer be cancelled', 'Este sorteo ya se realizó y no se puede cancelar'),
  LOTTERY_WALLET_UNAVAILABLE: def(503, 'The wallet did not answer, your slip was not placed', 'La billetera no respondió, su boleto no se registró'),
} as const satisfies Record<string, ErrorDefinition>;
