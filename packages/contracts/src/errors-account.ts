import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of passwords, sessions and member profile. */
export const ACCOUNT_ERRORS = {
} as const satisfies Record<string, ErrorDefinition>;
