/**
 * The public error catalogue. Every error the API can answer with has a stable code, an HTTP status and a
 * message per language. Messages quote the product spec (sections 5 and 8) where it has words for the case.
 */
export type Language = 'ES' | 'EN';
export const LANGUAGES: readonly Language[] = ['ES', 'EN'] as const;
export const DEFAULT_LANGUAGE: Language = 'ES';

export interface ErrorDefinition {
  status: number;
  message: Record<Language, string>;
}

const def = (status: number, EN: string, ES: string): ErrorDefinition => ({ status, message: { EN, ES } });

export const ERRORS = {
  VALIDATION_FAILED: def(400, 'Items marked with * are required', 'Los elementos marcados con * son obligatorios'),
  INPUT_EMPTY: def(400, 'Input cannot be empty', 'El campo no puede estar vacío'),
  ACCOUNT_FORMAT: def(400, 'Account format is incorrect', 'El formato de la cuenta es incorrecto'),
  PASSWORD_LENGTH: def(
    400,
    'Please fill in your password with {min} - {max} characters',
    'Por favor ingrese su contraseña con {min} - {max} caracteres',
  ),
  PASSWORD_FORMAT: def(400, 'Password format is incorrect', 'El formato de la contraseña es incorrecto'),
  CONFIRM_PASSWORD_MISMATCH: def(400, 'Confirmation password is not correct.', 'La contraseña de confirmación no es correcta.'),
  INVITATION_CODE_INVALID: def(400, 'Invalid invitation code', 'Código de invitación inválido'),
  TERMS_NOT_ACCEPTED: def(400, 'Please confirm you are over 18 and agree to the terms', 'Confirme que es mayor de 18 años y acepta los términos'),
  AMOUNT_INVALID: def(400, 'Please enter a valid amount', 'Por favor ingrese un monto válido'),
  IDEMPOTENCY_KEY_REQUIRED: def(400, 'An Idempotency-Key header is required', 'Se requiere el encabezado Idempotency-Key'),
  LOGIN_FAILED: def(401, 'Incorrect username or password', 'Usuario o contraseña incorrectos'),
  NOT_LOGGED_IN: def(401, 'You are not logged in, please login', 'No ha iniciado sesión, por favor inicie sesión'),
  NON_MEMBER_LOGIN: def(403, 'Non-member account unable to login', 'Una cuenta que no es de miembro no puede iniciar sesión'),
  ACCOUNT_DISABLED: def(403, 'This account is disabled, please contact customer service', 'Esta cuenta está deshabilitada, contacte al servicio al cliente'),
  FEATURE_DISABLED: def(403, 'Operation not enabled, please contact customer service', 'Operación no habilitada, contacte al servicio al cliente'),
  REGION_RESTRICTED: def(403, 'Access restricted', 'Acceso restringido'),
  FORBIDDEN: def(403, 'Not allowed', 'No permitido'),
  SERVICE_UNAUTHORIZED: def(401, 'Invalid service credentials', 'Credenciales de servicio inválidas'),
  NOT_FOUND: def(404, 'Not found', 'No encontrado'),
  MERCHANT_NOT_FOUND: def(404, 'Invalid URL, please contact customer service', 'URL inválida, contacte al servicio al cliente'),
  USERNAME_TAKEN: def(409, 'This username is already registered', 'Este nombre de usuario ya está registrado'),
  IDEMPOTENCY_CONFLICT: def(
    409,
    'This request key was already used with different content',
    'Esta clave de solicitud ya se usó con un contenido diferente',
  ),
  INSUFFICIENT_FUNDS: def(409, 'Insufficient balance', 'Saldo insuficiente'),
  TOO_MANY_REQUESTS: def(429, 'Too many requests, please try again later', 'Demasiadas solicitudes, intente más tarde'),
  MAINTENANCE: def(503, 'System maintenance', 'Mantenimiento del sistema'),
  SERVICE_UNAVAILABLE: def(503, 'Network link is abnormal, please try again.', 'El enlace de red es anormal, intente de nuevo.'),
  INTERNAL: def(500, 'Unknown error.', 'Error desconocido.'),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/** Fills `{name}` placeholders; the spec's pattern messages substitute min and max lengths this way. */
export function renderMessage(code: ErrorCode, language: Language, params?: Record<string, string | number>): string {
  let text: string = ERRORS[code].message[language] ?? ERRORS[code].message.EN;
  if (params) for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

export function parseLanguage(raw: string | undefined | null): Language | undefined {
  if (!raw) return undefined;
  const first = raw.split(',')[0]!.trim().slice(0, 2).toUpperCase();
  return (LANGUAGES as readonly string[]).includes(first) ? (first as Language) : undefined;
}
