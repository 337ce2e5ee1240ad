import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's points part (the points mall). */
export const POINTS_ERRORS = {
  POINTS_INSUFFICIENT: def(409, 'Insufficient points', 'Puntos insuficientes'),
  POINT_REWARD_NOT_FOUND: def(404, 'The reward does not exist or is no longer offered', 'La recompensa no existe o ya no se ofrece'),
  POINT_REWARD_OUT_OF_STOCK: def(409, 'The reward is out of stock', 'La recompensa está agotada'),
  POINT_REWARD_LIMIT_REACHED: def(409, 'You have reached the redemption limit for this reward', 'Alcanzaste el límite de canjes de esta recompensa'),
  POINT_DELIVERY_REQUIRED: def(400, 'Please enter the delivery name, phone and address', 'Ingresa el nombre, teléfono y dirección de entrega'),
  POINT_REWARD_INVALID: def(400, 'The reward is not valid: cash and bonus rewards need an amount', 'La recompensa no es válida: las de efectivo y bono necesitan un monto'),
  POINTS_AMOUNT_INVALID: def(400, 'Enter a whole number of points greater than zero', 'Ingresa un número entero de puntos mayor que cero'),
  POINTS_CONVERT_MIN: def(400, 'The minimum conversion is {min} points', 'La conversión mínima es de {min} puntos'),
  POINTS_CONVERT_UNAVAILABLE: def(409, 'Points conversion is not available', 'La conversión de puntos no está disponible'),
  POINT_REDEMPTION_NOT_FOUND: def(404, 'The redemption does not exist', 'El canje no existe'),
  POINT_REDEMPTION_NOT_PENDING: def(409, 'The redemption has already been reviewed', 'El canje ya fue revisado'),
  POINT_CONFIG_INVALID: def(400, 'The points settings are not valid', 'La configuración de puntos no es válida'),
} satisfies Record<string, ErrorDefinition>;
