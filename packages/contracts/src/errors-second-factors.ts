import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the second sign-in step (new-IP verification, two-factor codes), two-factor enrolment and social login. */
export const SECOND_FACTOR_ERRORS = {
  SIGN_IN_TICKET_INVALID: def(401, 'The verification step has expired, please log in again', 'El paso de verificación ha caducado, inicie sesión de nuevo'),
  SECOND_FACTOR_CODE_INVALID: def(400, 'Please enter a valid verification code', 'Por favor ingrese un código de verificación válido'),
  SECOND_FACTOR_ATTEMPTS_EXCEEDED: def(429, 'Too many wrong codes, please log in again after 5 minutes', 'Demasiados códigos incorrectos, inicie sesión de nuevo después de 5 minutos'),
  SECOND_FACTOR_METHOD_UNAVAILABLE: def(400, 'This verification method is not available for your account', 'Este método de verificación no está disponible para su cuenta'),
  TWO_FACTOR_ALREADY_ENABLED: def(409, 'Two-factor authentication is already on', 'La autenticación de dos factores ya está activada'),
  TWO_FACTOR_NOT_ENABLED: def(409, 'Two-factor authentication is not on', 'La autenticación de dos factores no está activada'),
  TWO_FACTOR_SETUP_MISSING: def(409, 'Please start the authenticator setup first', 'Primero inicie la configuración del autenticador'),
  SOCIAL_PROVIDER_UNAVAILABLE: def(404, 'This login provider is not available', 'Este proveedor de inicio de sesión no está disponible'),
  SOCIAL_LOGIN_FAILED: def(401, 'Login failure. Please try again.', 'Error de inicio de sesión. Inténtelo de nuevo.'),
} as const satisfies Record<string, ErrorDefinition>;
