import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the notices service's inbox part. */
export const INBOX_ERRORS = {
  INBOX_MEMBER_NOT_FOUND: def(404, 'Member not found', 'Miembro no encontrado'),
  BROADCAST_NOT_FOUND: def(404, 'Broadcast not found', 'Comunicado no encontrado'),
  BROADCAST_EXPIRY_INVALID: def(400, 'The expiry time must be in the future', 'La fecha de vencimiento debe ser futura'),
} as const satisfies Record<string, ErrorDefinition>;
