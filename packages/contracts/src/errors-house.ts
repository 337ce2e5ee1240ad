import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the house vendor's games (the solo games and the rules shared with the live tables). */
export const HOUSE_ERRORS = {
  HOUSE_GAME_UNKNOWN: def(404, 'This game does not exist', 'Este juego no existe'),
  HOUSE_BET_OUT_OF_LIMITS: def(400, 'The bet must be between {min} and {max}', 'La apuesta debe estar entre {min} y {max}'),
  HOUSE_ROUND_CLOSED: def(409, 'This round is already closed', 'Esta ronda ya está cerrada'),
  HOUSE_ROUND_NOT_FOUND: def(404, 'Round not found', 'Ronda no encontrada'),
  HOUSE_ROUND_IN_PROGRESS: def(409, 'Finish your open round first', 'Termine primero su ronda abierta'),
  HOUSE_DICE_TARGET_INVALID: def(400, 'Choose a target that gives a win chance between {min}% and {max}%', 'Elija un objetivo con una probabilidad de ganar entre {min}% y {max}%'),
  HOUSE_MINES_COUNT_INVALID: def(400, 'Choose between {min} and {max} mines', 'Elija entre {min} y {max} minas'),
  HOUSE_TILE_INVALID: def(400, 'Choose a tile from 0 to 24 that is not revealed yet', 'Elija una casilla de 0 a 24 que no esté descubierta'),
  HOUSE_NOTHING_TO_CASH_OUT: def(409, 'Reveal at least one tile before cashing out', 'Descubra al menos una casilla antes de cobrar'),
  HOUSE_PLINKO_SETTINGS_INVALID: def(400, 'Choose 8 to 16 rows and a risk of low, medium or high', 'Elija de 8 a 16 filas y un riesgo bajo, medio o alto'),
  HOUSE_CLIENT_SEED_INVALID: def(400, 'The client seed must be 1 to 64 letters, digits, - or _', 'La semilla del cliente debe tener de 1 a 64 letras, dígitos, - o _'),
  FREE_ROUNDS_NOT_FOUND: def(404, 'These free rounds do not exist', 'Estas rondas gratis no existen'),
  FREE_ROUNDS_USED: def(409, 'All these free rounds have been played', 'Ya se jugaron todas estas rondas gratis'),
  FREE_ROUNDS_EXPIRED: def(409, 'These free rounds have expired', 'Estas rondas gratis han vencido'),
} as const satisfies Record<string, ErrorDefinition>;
