/**
 * The public error catalogue. Every error the API can answer with has a stable code, an HTTP status and a
 * message per language. Messages quote the product spec (sections 5 and 8) where it has words for the case.
 */
import { def, type ErrorDefinition, type Language, LANGUAGES } from './error-definition.js';
import { REGISTRATION_ERRORS } from './errors-registration.js';
import { LOGIN_ERRORS } from './errors-login.js';
import { ACCOUNT_ERRORS } from './errors-account.js';
import { SECOND_FACTOR_ERRORS } from './errors-second-factors.js';
import { GAMES_ERRORS } from './errors-games.js';
import { HOUSE_ERRORS } from './errors-house.js';
import { HOUSE_LIVE_ERRORS } from './errors-house-live.js';
import { HOUSE_PVP_ERRORS } from './errors-house-pvp.js';
import { HOUSE_FISH_ERRORS } from './errors-house-fish.js';
import { HOUSE_LOTTERY_ERRORS } from './errors-house-lottery.js';
import { HOUSE_SPORTSBOOK_ERRORS } from './errors-house-sportsbook.js';
import { GAME_ANNOUNCEMENT_ERRORS } from './errors-game-announcements.js';
import { AGENT_TEAM_ERRORS } from './errors-agent-team.js';
import { AGENT_OFFER_ERRORS } from './errors-agent-offers.js';
import { AGENT_SETTLEMENT_ERRORS } from './errors-agent-settlement.js';
import { INVITATION_ERRORS } from './errors-invitations.js';
import { CONTENT_ERRORS } from './errors-content.js';
import { INBOX_ERRORS } from './errors-inbox.js';
import { CHAT_ERRORS } from './errors-chat.js';
import { FEEDBACK_ERRORS } from './errors-feedback.js';
import { FILE_ERRORS } from './errors-files.js';
import { POINTS_ERRORS } from './errors-loyalty-points.js';
import { VIP_ERRORS } from './errors-loyalty-vip.js';
import { MISSIONS_ERRORS } from './errors-loyalty-missions.js';
import { ENVELOPES_ERRORS } from './errors-loyalty-envelopes.js';
import { REWARDS_ERRORS } from './errors-loyalty-rewards.js';
import { PROMOTIONS_ERRORS } from './errors-loyalty-promotions.js';
import { REFERRAL_RAFFLE_REBATE_ERRORS } from './errors-loyalty-referral.js';
import { BONUS_ERRORS } from './errors-bonuses.js';

export { DEFAULT_LANGUAGE, INTERFACE_LANGUAGES, interfaceLanguageOf, LANGUAGES, type ErrorDefinition, type InterfaceLanguage, type Language } from './error-definition.js';

const CORE_ERRORS = {
  VALIDATION_FAILED: def(400, 'Items marked with * are required', 'Los elementos marcados con * son obligatorios'),
  INPUT_EMPTY: def(400, 'Input cannot be empty', 'El campo no puede estar vacío'),
  ACCOUNT_FORMAT: def(400, 'Account format is incorrect', 'El formato de la cuenta es incorrecto'),
  PASSWORD_LENGTH: def(400, 'Please fill in your password with {min} - {max} characters', 'Por favor ingrese su contraseña con {min} - {max} caracteres'),
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
  IDEMPOTENCY_CONFLICT: def(409, 'This request key was already used with different content', 'Esta clave de solicitud ya se usó con un contenido diferente'),
  INSUFFICIENT_FUNDS: def(409, 'Insufficient balance', 'Saldo insuficiente'),
  VENDOR_UNAUTHORIZED: def(401, 'Unknown vendor or invalid signature', 'Proveedor desconocido o firma inválida'),
  VENDOR_TIMESTAMP_EXPIRED: def(401, 'Request timestamp is missing or outside the allowed window', 'La marca de tiempo de la solicitud falta o está fuera del margen permitido'),
  PLAYER_NOT_FOUND: def(404, 'Player not found', 'Jugador no encontrado'),
  BET_NOT_FOUND: def(404, 'Bet or round not found', 'Apuesta o ronda no encontrada'),
  WIN_WITHOUT_BET: def(404, 'No bet found for this win', 'No se encontró una apuesta para esta ganancia'),
  ROUND_SETTLED: def(409, 'The round is already settled', 'La ronda ya está liquidada'),
  ROUND_CANCELLED: def(409, 'The round was cancelled', 'La ronda fue cancelada'),
  ROUND_NOT_SETTLED: def(409, 'The round is not settled yet', 'La ronda aún no está liquidada'),
  ROUND_CONFLICT: def(409, 'The round belongs to another player, game or currency', 'La ronda pertenece a otro jugador, juego o moneda'),
  TRANSACTION_ROLLED_BACK: def(409, 'The transaction was already rolled back', 'La transacción ya fue revertida'),
  DEPOSIT_METHOD_INVALID: def(400, 'Please choose an available deposit method', 'Por favor elija un método de depósito disponible'),
  DATE_RANGE_INVALID: def(400, 'Invalid date range: the start must not be after the end', 'Rango de fechas inválido: el inicio no puede ser posterior al fin'),
  AMOUNT_OUT_OF_RANGE: def(400, 'The amount must be between {min} and {max}', 'El monto debe estar entre {min} y {max}'),
  DEPOSIT_LIMIT_EXCEEDED: def(409, 'This deposit would exceed your deposit limit', 'Este depósito superaría su límite de depósito'),
  PROOF_FILE_INVALID: def(400, 'Images must be png or jpg, at most 5MB each, at most 3', 'Las imágenes deben ser png o jpg, de 5MB como máximo cada una, 3 como máximo'),
  PROOF_REQUIRED: def(400, 'Please upload 1 to 3 proof images', 'Por favor suba de 1 a 3 imágenes de comprobante'),
  COMMENT_TOO_LONG: def(400, 'The comment can be at most 140 characters', 'El comentario puede tener como máximo 140 caracteres'),
  PAYMENT_STATE_CONFLICT: def(409, 'This record no longer allows this action', 'Este registro ya no permite esta acción'),
  PAYMENT_PASSWORD_FORMAT: def(400, 'The payment password must be 6 - 20 letters and digits', 'La contraseña de pago debe tener de 6 a 20 letras y dígitos'),
  PAYMENT_PASSWORD_TOO_WEAK: def(
    400,
    'This payment password is too easy to guess: avoid repeated characters, sequences such as 123456 and your login password',
    'Esta contraseña de pago es demasiado fácil de adivinar: evite caracteres repetidos, secuencias como 123456 y su contraseña de acceso',
  ),
  PAYMENT_PASSWORD_NOT_SET: def(400, 'Please set a payment password first', 'Por favor establezca primero una contraseña de pago'),
  PAYMENT_PASSWORD_WRONG: def(400, 'The payment password is incorrect', 'La contraseña de pago es incorrecta'),
  TRIAL_ACCOUNT_REFUSED: def(403, 'Please use a real account', 'Por favor use una cuenta real'),
  TRANSFER_ACCOUNT_NOT_FOUND: def(404, 'Username/Email does not exist.', 'El usuario o correo no existe.'),
  TRANSFER_DOWNLINE_ONLY: def(403, 'Agents can transfer only to members of their own downline', 'Los agentes solo pueden transferir a miembros de su propia línea descendente'),
  TRANSFER_UPLINE_ONLY: def(403, 'Members can transfer only to their direct upline', 'Los miembros solo pueden transferir a su línea ascendente directa'),
  OPERATOR_UNAUTHORIZED: def(401, 'Invalid operator credentials', 'Credenciales de operador inválidas'),
  CALLBACK_SIGNATURE_INVALID: def(401, 'Invalid callback signature', 'Firma de notificación inválida'),
  TOO_MANY_REQUESTS: def(429, 'Too many requests, please try again later', 'Demasiadas solicitudes, intente más tarde'),
  PAYLOAD_TOO_LARGE: def(413, 'The request is too large', 'La solicitud es demasiado grande'),
  METHOD_NOT_ALLOWED: def(405, 'This method is not allowed for this address', 'Este método no está permitido para esta dirección'),
  MAINTENANCE: def(503, 'System maintenance', 'Mantenimiento del sistema'),
  SERVICE_UNAVAILABLE: def(503, 'Network link is abnormal, please try again.', 'El enlace de red es anormal, intente de nuevo.'),
  INTERNAL: def(500, 'Unknown error.', 'Error desconocido.'),
} as const satisfies Record<string, ErrorDefinition>;

export const ERRORS = {
  ...CORE_ERRORS,
  ...REGISTRATION_ERRORS,
  ...LOGIN_ERRORS,
  ...ACCOUNT_ERRORS,
  ...SECOND_FACTOR_ERRORS,
  ...GAMES_ERRORS,
  ...HOUSE_ERRORS,
  ...HOUSE_LIVE_ERRORS,
  ...HOUSE_PVP_ERRORS,
  ...HOUSE_FISH_ERRORS,
  ...HOUSE_LOTTERY_ERRORS,
  ...HOUSE_SPORTSBOOK_ERRORS,
  ...GAME_ANNOUNCEMENT_ERRORS,
  ...AGENT_TEAM_ERRORS,
  ...AGENT_OFFER_ERRORS,
  ...AGENT_SETTLEMENT_ERRORS,
  ...INVITATION_ERRORS,
  ...CONTENT_ERRORS,
  ...INBOX_ERRORS,
  ...CHAT_ERRORS,
  ...FEEDBACK_ERRORS,
  ...FILE_ERRORS,
  ...POINTS_ERRORS,
  ...VIP_ERRORS,
  ...MISSIONS_ERRORS,
  ...ENVELOPES_ERRORS,
  ...REWARDS_ERRORS,
  ...PROMOTIONS_ERRORS,
  ...REFERRAL_RAFFLE_REBATE_ERRORS,
  ...BONUS_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/** Fills a message's `{name}` placeholders; the spec's pattern messages substitute min and max lengths this way. */
export function fillMessage(text: string, params?: Record<string, string | number>): string {
  let filled = text;
  if (params) for (const [name, value] of Object.entries(params)) filled = filled.replaceAll(`{${name}}`, String(value));
  return filled;
}

export function renderMessage(code: ErrorCode, language: Language, params?: Record<string, string | number>): string {
  return fillMessage(ERRORS[code].message[language] ?? ERRORS[code].message.EN, params);
}

export function parseLanguage(raw: string | undefined | null): Language | undefined {
  if (!raw) return undefined;
  const first = raw.split(',')[0]!.trim().slice(0, 2).toUpperCase();
  return (LANGUAGES as readonly string[]).includes(first) ? (first as Language) : undefined;
}
