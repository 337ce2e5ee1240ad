import type { ErrorDefinition } from './error-definition.js';

/** Errors of the notices service's content part. */
export const CONTENT_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
