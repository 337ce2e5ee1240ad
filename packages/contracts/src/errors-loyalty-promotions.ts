import { def, type ErrorDefinition } from './error-definition.js';
import { FILE_ERRORS } from './errors-files.js';
import { PROMOTION_COMMENT_MAX } from './loyalty-promotions.js';

/** Errors of the points service's promotions part. */
export const PROMOTIONS_ERRORS = {
  PROMOTION_NOT_STARTED: def(409, 'This promotion has not started yet', 'Esta promoción aún no comienza'),
  PROMOTION_CLOSED: def(409, 'This promotion is closed', 'Esta promoción está cerrada'),
  PROMOTION_ACTION_INVALID: def(409, 'This promotion does not work that way', 'Esta promoción no funciona así'),
  PROMOTION_NOT_ELIGIBLE: def(403, 'This promotion is not available for your account', 'Esta promoción no está disponible para tu cuenta'),
  PROMOTION_ALREADY_JOINED: def(409, 'You have already joined this promotion', 'Ya te uniste a esta promoción'),
  PROMOTION_ALREADY_CLAIMED: def(409, 'You have already claimed this promotion', 'Ya reclamaste esta promoción'),
  PROMOTION_ALREADY_APPLIED: def(409, 'You have already applied to this promotion', 'Ya solicitaste esta promoción'),
  PROMOTION_DEVICE_USED: def(409, 'This promotion was already taken from this device', 'Esta promoción ya se tomó desde este dispositivo'),
  PROMOTION_IP_USED: def(409, 'This promotion was already taken from this network', 'Esta promoción ya se tomó desde esta red'),
  /** Spec §5: comment max 140 characters. */
  PROMOTION_COMMENT_TOO_LONG: def(400, `The comment can have at most ${PROMOTION_COMMENT_MAX} characters`, `El comentario puede tener como máximo ${PROMOTION_COMMENT_MAX} caracteres`),
  /** Spec §5: at most 3 images; the same words as any other image problem. */
  PROMOTION_TOO_MANY_IMAGES: def(400, FILE_ERRORS.IMAGE_INVALID.message.EN, FILE_ERRORS.IMAGE_INVALID.message.ES),
  PROMOTION_IMAGES_REQUIRED: def(400, 'Please add at least {min} image(s) to your application', 'Por favor agrega al menos {min} imagen(es) a tu solicitud'),
  PROMOTION_INVALID: def(
    400,
    'The promotion cannot be saved: check its dates, its banner and that its kind is unchanged',
    'No se puede guardar la promoción: revisa sus fechas, su imagen y que su tipo no cambie',
  ),
  PROMOTION_APPLICATION_DECIDED: def(409, 'This application has already been decided', 'Esta solicitud ya fue resuelta'),
  PROMOTION_WEEK_OPEN: def(409, 'That week has not ended yet', 'Esa semana aún no termina'),
} as const satisfies Record<string, ErrorDefinition>;
