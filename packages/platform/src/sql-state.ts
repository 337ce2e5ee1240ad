/** Drivers and the query builder wrap PostgreSQL's error; the original is a few `cause`s down. */
const MAX_CAUSES = 6;

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The errors in an error's cause chain, outermost first. */
function* causes(error: unknown): Generator<PgErrorFields> {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < MAX_CAUSES; depth++) {
    yield current;
    current = (current as PgErrorFields).cause;
  }
}

/** The SQLSTATE of a PostgreSQL error anywhere in the cause chain, or undefined. */
export function sqlState(error: unknown): string | undefined {
  for (const current of causes(error)) if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  return undefined;
}

/**
 * Whether the error (or one of its causes) is this SQLSTATE; with `constraint`, only when that constraint or index
 * is the one named (PGlite puts the name in the message only).
 */
export function isSqlState(error: unknown, code: string, constraint?: string): boolean {
  for (const current of causes(error)) {
    if (current.code !== code) continue;
    if (constraint === undefined || current.constraint === constraint || (typeof current.message === 'string' && current.message.includes(constraint))) return true;
  }
  return false;
}

/** SQLSTATEs the services act on. */
export const SQL_STATE = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  serializationFailure: '40001',
} as const;

/** A unique constraint refused the row: the same thing was done already (or concurrently). */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => isSqlState(error, SQL_STATE.uniqueViolation, constraint);
