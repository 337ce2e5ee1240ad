import { describe, expect, it } from 'vitest';
import { readPush } from './push.js';

describe('pushes as the client reads them', () => {
  it('types a push by its declared shape', () => {
    const push = readPush({ v: 7, type: 'balance', data: { balance: '10.00', currency: 'MXN', version: 7 } });
    expect(push).toEqual({ v: 7, type: 'balance', data: { balance: '10.00', currency: 'MXN', version: 7 } });
    const jackpot = readPush({ v: 2, type: 'jackpot', data: { amount: '1500.25', currency: 'MXN' } });
    expect(jackpot?.type === 'jackpot' && jackpot.data.amount).toBe('1500.25');
  });

  it('drops unknown types, bad shapes and missing versions', () => {
    expect(readPush({ v: 1, type: 'toString', data: {} })).toBeUndefined();
    expect(readPush({ v: 1, type: 'chat', data: { text: 'hi' } })).toBeUndefined();
    expect(readPush({ v: 1, type: 'balance', data: { balance: 10, currency: 'MXN', version: 1 } })).toBeUndefined();
    expect(readPush({ type: 'jackpot', data: { amount: '1', currency: 'MXN' } })).toBeUndefined();
    expect(readPush(null)).toBeUndefined();
    expect(readPush('push')).toBeUndefined();
  });

  it('keeps a table event whole, the round it belongs to included', () => {
    const event = { tableId: 'crash-1', kind: 'tick', roundId: 'r1', roundNo: 3, at: 1_700_000_000_000, data: { multiplierX100: 150 } };
    expect(readPush({ v: 3, type: 'table', data: event })).toEqual({ v: 3, type: 'table', data: event });
  });
});
