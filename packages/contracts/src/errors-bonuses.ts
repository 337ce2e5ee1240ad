import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of bonus money (the wallet's bonus balance and its wagering). */
export const BONUS_ERRORS = {
  BONUS_NOT_FOUND: def(404, 'Bonus not found', 'Bono no encontrado'),
  BONUS_ALREADY_ACTIVE: def(409, 'You already have a bonus in wagering; finish it or give it up first', 'Ya tienes un bono en apuesta; complétalo o renuncia a él primero'),
  BONUS_NOT_ACTIVE: def(409, 'This bonus is no longer being wagered', 'Este bono ya no está en apuesta'),
  BONUS_MAX_BET: def(400, 'The maximum bet while a bonus is being wagered is {maxBet}', 'La apuesta máxima mientras un bono está en apuesta es {maxBet}'),
  BONUS_FORFEIT_CONFIRM: def(
    409,
    'A withdrawal now forfeits your bonus of {amount} and what it has won; confirm to go on',
    'Un retiro ahora anula tu bono de {amount} y lo que ha ganado; confirma para continuar',
  ),
} satisfies Record<string, ErrorDefinition>;
