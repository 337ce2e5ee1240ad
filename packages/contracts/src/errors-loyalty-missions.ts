import { type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's missions part. */
export const MISSIONS_ERRORS = {} satisfies Record<string, ErrorDefinition>;
