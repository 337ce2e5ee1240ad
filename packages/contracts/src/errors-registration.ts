import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of registration, brand configuration and system status. */
export const REGISTRATION_ERRORS = {
} as const satisfies Record<string, ErrorDefinition>;
