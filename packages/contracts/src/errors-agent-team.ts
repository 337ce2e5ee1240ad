import type { ErrorDefinition } from './error-definition.js';

/** Errors of the agent centre: team reports. */
export const AGENT_TEAM_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
