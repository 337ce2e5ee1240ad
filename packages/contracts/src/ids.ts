import { z } from 'zod';

/**
 * Ids of bigint rows (members, messages) travel as plain decimal strings: no sign, no leading zeros, at most 18 digits
 * (so always within bigint, and the pattern alone says so in the API reference).
 */
export const DECIMAL_ID_PATTERN = /^(0|[1-9][0-9]{0,17})$/;
export const decimalIdSchema = z.string().regex(DECIMAL_ID_PATTERN, 'a decimal id');
export const memberIdSchema = decimalIdSchema;

/**
 * The id of a row numbered from 1 (a member, a bonus): 1 to 18 digits, no leading zero. Nineteen digits could pass
 * PostgreSQL's bigint (9,223,372,036,854,775,807), so an id that long is refused by its shape rather than by the
 * database.
 */
export const ROW_ID_PATTERN = /^[1-9][0-9]{0,17}$/;
export const rowIdSchema = z.string().regex(ROW_ID_PATTERN, 'an id');
