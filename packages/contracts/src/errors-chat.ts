import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the notices service's chat part. */
export const CHAT_ERRORS = {
  CHAT_TEXT_EMPTY: def(400, 'Please enter a message', 'Por favor escriba un mensaje'),
  CHAT_TEXT_TOO_LONG: def(400, 'A message can have at most 1,000 characters', 'Un mensaje puede tener como máximo 1.000 caracteres'),
  CHAT_CONVERSATION_CLOSED: def(409, 'This conversation is closed', 'Esta conversación está cerrada'),
} as const satisfies Record<string, ErrorDefinition>;
