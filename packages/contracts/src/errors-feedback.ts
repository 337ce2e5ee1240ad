import type { ErrorDefinition } from './error-definition.js';

/** Errors of the notices service's feedback part. */
export const FEEDBACK_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
