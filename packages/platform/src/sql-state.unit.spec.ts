import { describe, expect, it } from 'vitest';
import { isSqlState, isUniqueViolation, sqlState, SQL_STATE } from './sql-state.js';

/** How drivers and the query builder hand PostgreSQL's error over: wrapped, the original a few causes down. */
const wrapped = (inner: object, depth: number): unknown => {
  let error: unknown = inner;
  for (let i = 0; i < depth; i++) error = new Error(`wrapper ${i}`, { cause: error });
  return error;
};

describe('SQLSTATE of wrapped PostgreSQL errors', () => {
  it('finds the code on the error or a few causes down', () => {
    expect(sqlState(Object.assign(new Error('dup'), { code: '23505' }))).toBe('23505');
    expect(sqlState(wrapped({ code: '40001', message: 'could not serialize access' }, 3))).toBe('40001');
    expect(isUniqueViolation(wrapped({ code: '23505' }, 2))).toBe(true);
  });

  it('tells one constraint from another by name or by the message that names it', () => {
    const byName = wrapped({ code: '23514', constraint: 'balance_not_negative' }, 1);
    const byMessage = wrapped({ code: '23514', message: 'new row for relation "accounts" violates check constraint "balance_not_negative"' }, 1);
    const other = wrapped({ code: '23514', constraint: 'transactions_cause_check', message: 'violates check constraint "transactions_cause_check"' }, 1);
    expect(isSqlState(byName, SQL_STATE.checkViolation, 'balance_not_negative')).toBe(true);
    expect(isSqlState(byMessage, SQL_STATE.checkViolation, 'balance_not_negative')).toBe(true);
    expect(isSqlState(other, SQL_STATE.checkViolation, 'balance_not_negative')).toBe(false);
    expect(isSqlState(other, SQL_STATE.checkViolation)).toBe(true);
  });

  it('answers no for errors that are not PostgreSQL’s, and for codes too deep to be the cause', () => {
    expect(sqlState(new Error('timeout'))).toBeUndefined();
    expect(sqlState({ code: 'ECONNRESET' })).toBeUndefined();
    expect(sqlState(undefined)).toBeUndefined();
    expect(isUniqueViolation(wrapped({ code: '23505' }, 10))).toBe(false);
  });
});
