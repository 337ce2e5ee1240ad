import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's envelopes part. */
export const ENVELOPES_ERRORS = {
  ENVELOPE_NOT_FOUND: def(404, 'Red envelope not found', 'Sobre rojo no encontrado'),
  ENVELOPE_NOT_OPEN: def(409, 'This red envelope is not open', 'Este sobre rojo no está abierto'),
  ENVELOPE_ALREADY_CLAIMED: def(409, 'You have already opened this red envelope', 'Ya abriste este sobre rojo'),
  ENVELOPE_DEVICE_USED: def(409, 'This red envelope was already opened from this device', 'Este sobre rojo ya se abrió desde este dispositivo'),
  ENVELOPE_IP_USED: def(409, 'This red envelope was already opened from this network', 'Este sobre rojo ya se abrió desde esta red'),
  ENVELOPE_EMPTY: def(409, 'All red envelopes have been claimed', 'Ya se reclamaron todos los sobres rojos'),
  ENVELOPE_NOT_ELIGIBLE: def(403, 'Deposit or place a bet today to open this red envelope', 'Deposita o apuesta hoy para abrir este sobre rojo'),
  ENVELOPE_VIP_LEVEL_LOW: def(403, 'This red envelope is for higher VIP levels', 'Este sobre rojo es para niveles VIP más altos'),
  ENVELOPE_WINDOW_INVALID: def(
    400,
    'The window cannot be scheduled: check its times and that the pool can be split',
    'No se puede programar la ventana: revisa sus horas y que el fondo se pueda repartir',
  ),
  ENVELOPE_WINDOW_CLOSED: def(409, 'This window has already closed', 'Esta ventana ya cerró'),
} satisfies Record<string, ErrorDefinition>;
