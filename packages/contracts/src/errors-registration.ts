import { def, type ErrorDefinition } from './error-definition.js';
import { PATTERNS, PATTERN_IDS, type PatternId } from './patterns.js';

/** One error per named pattern; `{range}` is filled with the field's configured bounds. */
const PATTERN_ERRORS = Object.fromEntries(PATTERN_IDS.map((id) => [`PATTERN_${id}`, def(400, PATTERNS[id].message.EN, PATTERNS[id].message.ES)])) as {
  [K in PatternId as `PATTERN_${K}`]: ErrorDefinition;
};

/** Errors of registration, brand configuration and system status (EMAIL_FORMAT, MOBILE_INVALID and VERIFICATION_CODE_INVALID are shared with the other areas). */
export const REGISTRATION_ERRORS = {
  ...PATTERN_ERRORS,
  PHONE_FORMAT: def(400, 'Phone number format is incorrect', 'El formato del número de teléfono es incorrecto'),
  REAL_NAME_FORMAT: def(400, 'Real name format is incorrect', 'El formato del nombre real es incorrecto'),
  AFFILIATE_CODE_INVALID: def(400, 'invitation code error', 'error en el código de invitación'),
  MOBILE_TAKEN: def(409, 'This mobile number is already registered', 'Este número de móvil ya está registrado'),
  MERCHANT_SETTINGS_INVALID: def(400, 'The brand settings are invalid: {reason}', 'La configuración de la marca no es válida: {reason}'),
} as const satisfies Record<string, ErrorDefinition>;
