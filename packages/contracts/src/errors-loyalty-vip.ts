import { def, type ErrorDefinition } from './error-definition.js';
import { VIP_BIRTHDAY_MIN_AGE } from './loyalty-vip.js';

/** Errors of the points service's vip part. */
export const VIP_ERRORS = {
  VIP_LEVELS_INVALID: def(
    400,
    'VIP levels must start at level 0 without gaps, never lower a threshold from one level to the next, and keep thresholds must not exceed upgrade thresholds',
    'Los niveles VIP deben empezar en el nivel 0 sin huecos, sin bajar un umbral de un nivel al siguiente, y los umbrales de permanencia no pueden superar los de ascenso',
  ),
  VIP_TIME_ZONE_INVALID: def(400, 'Unknown time zone', 'Zona horaria desconocida'),
  VIP_NOT_ENABLED: def(409, 'The brand has no VIP levels', 'La marca no tiene niveles VIP'),
  VIP_MEMBER_NOT_FOUND: def(404, 'Member not found', 'Miembro no encontrado'),
  VIP_LEVEL_NOT_FOUND: def(404, 'The brand has no such VIP level', 'La marca no tiene ese nivel VIP'),
  VIP_BIRTHDAY_INVALID: def(
    400,
    `Please enter your real date of birth (you must be ${VIP_BIRTHDAY_MIN_AGE} or older)`,
    `Ingrese su fecha de nacimiento real (debe ser mayor de ${VIP_BIRTHDAY_MIN_AGE} años)`,
  ),
  VIP_BIRTHDAY_ALREADY_SET: def(409, 'Your birthday is already saved; contact support to correct it', 'Su cumpleaños ya está guardado; contacte a soporte para corregirlo'),
  VIP_REBATE_DAY_OPEN: def(409, 'A rebate is paid only for a day that has ended', 'El reembolso solo se paga por un día ya terminado'),
} satisfies Record<string, ErrorDefinition>;
