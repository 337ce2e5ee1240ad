import { type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's envelopes part. */
export const ENVELOPES_ERRORS = {} satisfies Record<string, ErrorDefinition>;
