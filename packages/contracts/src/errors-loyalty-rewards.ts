import { type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's rewards part. */
export const REWARDS_ERRORS = {} satisfies Record<string, ErrorDefinition>;
