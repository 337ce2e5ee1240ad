import type { ErrorDefinition } from './error-definition.js';

/** Errors of the agent centre: contract settlement. */
export const AGENT_SETTLEMENT_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
