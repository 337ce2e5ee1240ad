import { def, type ErrorDefinition } from './error-definition.js';
import { FILE_ERRORS } from './errors-files.js';
import { FEEDBACK_CONTENT_CHARS_MAX, FEEDBACK_REPLY_MAX, FEEDBACK_WORDS_MAX, FEEDBACK_WORDS_MIN } from './feedback.js';

const thousands = (value: number, separator: string): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** Errors of the notices service's feedback part. */
export const FEEDBACK_ERRORS = {
  /** Spec §5: feedback content between a min and max word count. */
  FEEDBACK_WORDS_OUT_OF_RANGE: def(400, `Please enter between ${FEEDBACK_WORDS_MIN} and ${FEEDBACK_WORDS_MAX} words`, `Por favor escriba entre ${FEEDBACK_WORDS_MIN} y ${FEEDBACK_WORDS_MAX} palabras`),
  FEEDBACK_CONTENT_TOO_LONG: def(
    400,
    `The text can have at most ${thousands(FEEDBACK_CONTENT_CHARS_MAX, ',')} characters`,
    `El texto puede tener como máximo ${thousands(FEEDBACK_CONTENT_CHARS_MAX, '.')} caracteres`,
  ),
  FEEDBACK_TYPE_INVALID: def(400, 'Please choose what your feedback is about', 'Por favor elija de qué trata su comentario'),
  /** Spec §5: at most 3 images; the same words as any other image problem. */
  FEEDBACK_TOO_MANY_IMAGES: def(400, FILE_ERRORS.IMAGE_INVALID.message.EN, FILE_ERRORS.IMAGE_INVALID.message.ES),
  FEEDBACK_REPLY_EMPTY: def(400, 'Please enter a reply', 'Por favor escriba una respuesta'),
  FEEDBACK_REPLY_TOO_LONG: def(
    400,
    `A reply can have at most ${thousands(FEEDBACK_REPLY_MAX, ',')} characters`,
    `Una respuesta puede tener como máximo ${thousands(FEEDBACK_REPLY_MAX, '.')} caracteres`,
  ),
  FEEDBACK_CLOSED: def(409, 'This feedback is closed', 'Este comentario está cerrado'),
} as const satisfies Record<string, ErrorDefinition>;
