import { describe, expect, it } from 'vitest';
import { serverSeedHash } from '@wps/contracts/fairness';
import { lotteryOutcomeFromSeed, lotteryResultNumbers } from '@wps/contracts/lottery-rules';
import { checkLotteryDraw, lotteryDrawFieldsOf, lotteryFieldProblem, lotteryVerifyHref } from './lotteryDrawCheck';

const SEED = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);

describe('lottery draw verification', () => {
  it('round-trips a draw through the verify address', () => {
    const fields = { gameCode: 'tcg_lotto_vn-001', drawNo: '20261126-0001', serverSeed: SEED, seedHash: 'b'.repeat(64) };
    const href = lotteryVerifyHref(fields);
    expect(href).toBe(`/house/verify?lottery=tcg_lotto_vn-001&draw=20261126-0001&seed=${SEED}&hash=${'b'.repeat(64)}`);
    expect(lotteryDrawFieldsOf(new URL(href, 'http://x').searchParams)).toEqual(fields);
    expect(lotteryVerifyHref({ ...fields, seedHash: '' })).not.toContain('hash=');
  });

  it('names the first malformed field', () => {
    const good = { gameCode: 'lott-001', drawNo: '20261126-0042', serverSeed: SEED, seedHash: '' };
    expect(lotteryFieldProblem(good)).toBeNull();
    expect(lotteryFieldProblem({ ...good, gameCode: 'LOTT 1' })).toBe('game');
    expect(lotteryFieldProblem({ ...good, drawNo: '42' })).toBe('draw');
    expect(lotteryFieldProblem({ ...good, serverSeed: 'xyz' })).toBe('seed');
    expect(lotteryFieldProblem({ ...good, seedHash: 'nope' })).toBe('hash');
  });

  it('recomputes the numbers the rules draw and compares the seed with its hash', async () => {
    const fields = { gameCode: 'lott-001', drawNo: '20261126-0042', serverSeed: SEED.toUpperCase(), seedHash: await serverSeedHash(SEED) };
    const expected = lotteryResultNumbers(await lotteryOutcomeFromSeed('ssc', SEED, 'lott-001:20261126-0042'));
    const check = await checkLotteryDraw('ssc', fields, expected);
    expect(check).toMatchObject({ clientSeed: 'lott-001:20261126-0042', hashMatches: true, resultMatches: true, numbers: expected });
    expect(check.numbers).toHaveLength(5);

    const other = await checkLotteryDraw('ssc', { ...fields, seedHash: 'c'.repeat(64) }, [...expected, '0']);
    expect(other).toMatchObject({ hashMatches: false, resultMatches: false });
    expect((await checkLotteryDraw('ssc', { ...fields, seedHash: '' })).hashMatches).toBeNull();
  });

  it('draws a Vietnamese board of 27 prizes for the north', async () => {
    const check = await checkLotteryDraw('vn_north', { gameCode: 'tcg_lotto_vn-001', drawNo: '20261126-0001', serverSeed: SEED, seedHash: '' });
    expect(check.numbers).toHaveLength(27);
    expect('prizes' in check.outcome && check.outcome.prizes[0]!.tier).toBe('special');
  });
});
