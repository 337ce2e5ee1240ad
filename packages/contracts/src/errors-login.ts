import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of sign-in: captcha, SMS codes, trial and agent login, two-factor and new-device checks, social login. */
export const LOGIN_ERRORS = {
  CAPTCHA_REQUIRED: def(400, 'Please enter the captcha', 'Por favor ingrese el captcha'),
  CAPTCHA_INVALID: def(400, 'Captcha check failed', 'La verificación del captcha falló'),
  CAPTCHA_TOO_FREQUENT: def(429, 'Please wait a second before refreshing the captcha', 'Espere un segundo antes de actualizar el captcha'),
  MOBILE_INVALID: def(400, 'Please enter a valid mobile number', 'Por favor ingrese un número de móvil válido'),
  VERIFICATION_CODE_INVALID: def(400, 'Please enter a valid verification code', 'Por favor ingrese un código de verificación válido'),
  SMS_TOO_FREQUENT: def(429, 'Please wait a second before requesting another code', 'Espere un segundo antes de solicitar otro código'),
  SMS_WAIT_FIVE_MINUTES: def(429, 'Too many requests, please retry after 5 minutes', 'Demasiadas solicitudes, intente de nuevo en 5 minutos'),
  SMS_SEND_FAILED: def(503, 'The code could not be sent, please try again', 'No se pudo enviar el código, intente de nuevo'),
  ACCOUNT_LOCKED: def(
    429,
    'Too many failed attempts; the account is locked, try again later or contact customer service',
    'Demasiados intentos fallidos; la cuenta está bloqueada, intente más tarde o contacte al servicio al cliente',
  ),
  TRIAL_LOGIN_DISABLED: def(403, 'Free play is not available', 'El juego gratuito no está disponible'),
  SMS_LOGIN_DISABLED: def(403, 'Sign-in with an SMS code is not available', 'El inicio de sesión con código SMS no está disponible'),
  AGENT_LOGIN_ONLY: def(403, 'Non-agents cannot log in', 'Los que no son agentes no pueden iniciar sesión'),
} as const satisfies Record<string, ErrorDefinition>;
