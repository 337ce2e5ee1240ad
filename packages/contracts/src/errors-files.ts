import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of uploaded images (content images, feedback attachments). */
export const FILE_ERRORS = {
  /** Spec §5: images png or jpg, max 5MB each, at most 3. Checked by content, never by name. */
  IMAGE_INVALID: def(400, 'Images must be png or jpg, at most 5MB each, at most 3', 'Las imágenes deben ser png o jpg, de 5MB como máximo cada una, 3 como máximo'),
} as const satisfies Record<string, ErrorDefinition>;
