import type { ErrorDefinition } from './error-definition.js';

/** Errors of the notices service's chat part. */
export const CHAT_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
