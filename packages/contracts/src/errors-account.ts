import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of passwords, sessions and member profile. */
export const ACCOUNT_ERRORS = {
  OLD_PASSWORD_WRONG: def(400, 'The old password is incorrect', 'La contraseña anterior es incorrecta'),
  PASSWORD_TOO_WEAK: def(400, 'This password is too common or too easy to guess, please choose another', 'Esta contraseña es demasiado común o fácil de adivinar, elija otra'),
  PASSWORD_UNCHANGED: def(400, 'The new password must be different from the old one', 'La nueva contraseña debe ser distinta de la anterior'),
  EMAIL_FORMAT: def(400, 'E-mail format is incorrect', 'El formato del correo electrónico es incorrecto'),
  RESET_LINK_INVALID: def(
    400,
    'This password reset link is invalid or has expired, please request a new one',
    'Este enlace para restablecer la contraseña no es válido o ha caducado, solicite uno nuevo',
  ),
  ICON_INVALID: def(400, 'Please choose one of the offered icons', 'Por favor elija uno de los íconos ofrecidos'),
  LANGUAGE_UNSUPPORTED: def(400, 'This language is not offered', 'Este idioma no está disponible'),
} as const satisfies Record<string, ErrorDefinition>;
