import type { ErrorDefinition } from './error-definition.js';

/** Errors of the notices service's inbox part. */
export const INBOX_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
