import { z } from 'zod';

/**
 * A string of at most `max` characters (code points, as JSON Schema counts them), refused past it with the call's
 * own error code rather than a validation message. Use it before a transform that trims or cleans the text, with a
 * `max` above the field's own limit on the cleaned text: it bounds what a caller can send, and the API reference states
 * it as the field's maxLength.
 */
export const boundedText = (max: number, errorCode: string) =>
  z
    .string()
    .refine((text) => text.length <= max || [...text].length <= max, { params: { errorCode } })
    .meta({ maxLength: max });
