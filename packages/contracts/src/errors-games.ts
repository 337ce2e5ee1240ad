import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the games area: the lobby, favourites, launch and vendor transfers. */
export const GAMES_ERRORS = {
  GAME_MAINTENANCE: def(503, 'Game under maintenance', 'Juego en mantenimiento'),
  GAME_NOT_FOUND: def(404, 'Game not found', 'Juego no encontrado'),
  VENDOR_TRANSFER_FAILED: def(502, 'The game provider did not accept the transfer, please try again', 'El proveedor del juego no aceptó la transferencia, intente de nuevo'),
  VENDOR_TRANSFER_PENDING: def(
    409,
    'A transfer with the game provider is still being checked, please try again shortly',
    'Una transferencia con el proveedor del juego aún se está verificando, intente de nuevo en breve',
  ),
  // Lottery: launch parameters, the vendors' launch-token exchange and draw feed.
  LOTTERY_PARAM_INVALID: def(400, 'Invalid lottery parameter: {field}', 'Parámetro de lotería inválido: {field}'),
  LAUNCH_TOKEN_INVALID: def(404, 'Unknown, used or expired launch token', 'Token de inicio desconocido, usado o vencido'),
  LOTTERY_DRAW_CONFLICT: def(409, 'This draw was already reported with a different result', 'Este sorteo ya fue informado con otro resultado'),
} as const satisfies Record<string, ErrorDefinition>;
