import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { oncePerKey, sameRequest } from './once-per-key.js';

/** One key's stored answer, as a table with a unique key would hold it. */
function keyStore() {
  const stored = new Map<string, { hash: string; answer: string }>();
  return {
    stored,
    answered: (key: string, hash: string) => async () => sameRequest(stored.get(key), hash),
  };
}

describe('oncePerKey', () => {
  it('answers a stored answer without running the command again', async () => {
    const { stored, answered } = keyStore();
    stored.set('k', { hash: 'h', answer: 'first' });
    let runs = 0;
    const answer = await oncePerKey({ answered: answered('k', 'h'), run: async () => `run ${++runs}` });
    expect(answer).toBe('first');
    expect(runs).toBe(0);
  });

  it('refuses the same key with another request and runs nothing', async () => {
    const { stored, answered } = keyStore();
    stored.set('k', { hash: 'h', answer: 'first' });
    let runs = 0;
    await expect(oncePerKey({ answered: answered('k', 'other'), run: async () => `run ${++runs}` })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(runs).toBe(0);
  });

  it('answers what the winner made when its own attempt was refused by a rule the winner changed', async () => {
    const { stored, answered } = keyStore();
    let balance = 100;
    // Two withdrawals of everything with one key: both miss the first lookup, the second finds the balance gone.
    const withdraw = (hash: string) =>
      oncePerKey({
        answered: answered('k', hash),
        run: async () => {
          await Promise.resolve();
          if (balance < 100) throw new AppError('INSUFFICIENT_FUNDS');
          balance -= 100;
          stored.set('k', { hash, answer: 'withdrawal 1' });
          return 'withdrawal 1';
        },
      });
    const answers = await Promise.all([withdraw('h'), withdraw('h')]);
    expect(answers).toEqual(['withdrawal 1', 'withdrawal 1']);
    expect(balance).toBe(0);
  });

  it('lets the refusal stand, in its own words when given, when no answer was stored', async () => {
    const { answered } = keyStore();
    const violation = Object.assign(new Error('duplicate key'), { code: '23505' });
    const failing = { answered: answered('k', 'h'), run: () => Promise.reject(violation) };
    await expect(oncePerKey(failing)).rejects.toBe(violation);
    await expect(oncePerKey({ ...failing, refused: () => new AppError('BONUS_ALREADY_ACTIVE') })).rejects.toMatchObject({ code: 'BONUS_ALREADY_ACTIVE' });
  });

  it('answers the winner for a loser with another request as a conflict', async () => {
    const { stored, answered } = keyStore();
    const run = (hash: string) => async () => {
      await Promise.resolve();
      if (stored.has('k')) throw Object.assign(new Error('duplicate key'), { code: '23505' });
      stored.set('k', { hash, answer: hash });
      return hash;
    };
    const [first, second] = await Promise.allSettled([oncePerKey({ answered: answered('k', 'a'), run: run('a') }), oncePerKey({ answered: answered('k', 'b'), run: run('b') })]);
    expect(first).toEqual({ status: 'fulfilled', value: 'a' });
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'IDEMPOTENCY_CONFLICT' } });
  });
});
