import type { ErrorDefinition } from './error-definition.js';

/** Errors of the agent centre: contract offers and answers. */
export const AGENT_OFFER_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
