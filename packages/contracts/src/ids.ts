import { z } from 'zod';

/** Ids of bigint rows (members, messages) travel as plain decimal strings: no sign, no leading zeros. */
export const decimalIdSchema = z.string().regex(/^(0|[1-9][0-9]{0,18})$/, 'a decimal id');
export const memberIdSchema = decimalIdSchema;
