import { sql, type SQL } from 'drizzle-orm';

/** A text[] parameter, passed as JSON so that any character in the values is safe. */
export const textArray = (values: readonly string[]): SQL => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** A bigint[] parameter of decimal ids. */
export const bigintArray = (values: readonly string[]): SQL => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::bigint)`;
