import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of sign-in: captcha, SMS codes, trial and agent login, two-factor and new-device checks, social login. */
export const LOGIN_ERRORS = {
} as const satisfies Record<string, ErrorDefinition>;
