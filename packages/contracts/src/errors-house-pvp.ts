import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the house vendor's multiplayer card game (Teen Patti). */
export const HOUSE_PVP_ERRORS = {
  PVP_TABLE_NOT_FOUND: def(404, 'Table not found', 'Mesa no encontrada'),
  PVP_NOT_YOUR_TURN: def(409, 'It is not your turn', 'No es su turno'),
  PVP_SEAT_TAKEN: def(409, 'This seat is taken, please choose another', 'Este asiento está ocupado, elija otro'),
  PVP_TABLE_FULL: def(409, 'This table is full', 'Esta mesa está llena'),
  PVP_ALREADY_SEATED: def(409, 'You are already seated at this table', 'Ya está sentado en esta mesa'),
  PVP_BELOW_BOOT: def(409, 'Your balance is below the boot of {boot} for this table', 'Su saldo es inferior a la apuesta inicial de {boot} en esta mesa'),
  PVP_OUTSIDE_LIMITS: def(400, 'The stake cannot go above {max} at this table', 'La apuesta no puede superar {max} en esta mesa'),
  PVP_HAND_CLOSED: def(409, 'This hand is closed', 'Esta mano está cerrada'),
  PVP_NOT_SEATED: def(409, 'Please take a seat first', 'Por favor tome asiento primero'),
  PVP_NOT_IN_HAND: def(409, 'You are not playing this hand', 'No está jugando esta mano'),
  PVP_SHOW_NEEDS_TWO: def(409, 'A show is possible only when two players remain', 'Solo se puede pedir show cuando quedan dos jugadores'),
  PVP_TABLE_CURRENCY: def(409, 'This table is playing in another currency', 'Esta mesa juega en otra moneda'),
  PVP_WALLET_UNAVAILABLE: def(503, 'The wallet did not answer, your action was not taken', 'La billetera no respondió, su acción no se realizó'),
  PVP_HAND_NOT_FOUND: def(404, 'Hand not found', 'Mano no encontrada'),
  PVP_HAND_NOT_FINISHED: def(409, 'This hand is not finished yet; its seed is revealed when it ends', 'Esta mano aún no ha terminado; su semilla se revela al final'),
} as const satisfies Record<string, ErrorDefinition>;
