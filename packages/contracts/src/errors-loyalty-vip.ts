import { type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's vip part. */
export const VIP_ERRORS = {} satisfies Record<string, ErrorDefinition>;
