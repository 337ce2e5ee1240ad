import { z } from 'zod';

/**
 * Ids of bigint rows (members, messages) travel as plain decimal strings: no sign, no leading zeros, at most 18 digits
 * (so always within bigint, and the pattern alone says so in the API reference).
 */
export const decimalIdSchema = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'a decimal id');
export const memberIdSchema = decimalIdSchema;
