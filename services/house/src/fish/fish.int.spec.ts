import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drawFishShot, DrawStream, FISH_KINDS, FISH_ROUND_BLOCKS, fishKindOf, formatFishRoll, outcomeBytes, precomputedBlocks, serverSeedHash, type HouseRound } from '@wps/contracts';
import { rows, sleep } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

interface Member {
  token: string;
  id: string;
}

const cents = (amount: string): number => Math.round(Number(amount) * 100);
/** Retries count against the member's ten shots a second like any shot: a fresh window keeps the limiter out of a test. */
const nextRateWindow = () => sleep(1_100);

interface FishResult {
  kind: string;
  roll: string;
  chance: number;
  caught: boolean;
}

describe('FISH through the public API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  let angler: Member;

  const register = async (username: string, deposit: string): Promise<Member> => {
    const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
    });
    expect(registered.body.success).toBe(true);
    const member = { token: registered.body.value.token, id: registered.body.value.user.id };
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${member.id}`)).length === 1, 'the wallet account');
    if (deposit !== '0') expect((await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, key: `fund-${username}`, body: { amount: deposit } })).status).toBe(200);
    return member;
  };
  const balance = async (member: Member) => (await platform.clients.wallet.getBalance({ merchantCode: 'DEMO', memberId: member.id, currency: 'MXN' })).balance;
  const roundCount = async (member: Member) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM house.rounds WHERE member_id = ${member.id}`))[0]!.n;
  const shoot = (member: Member, body: Record<string, unknown>) => call<HouseRound>('POST', '/wps/house/fish/shoot', { token: member.token, body });

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', requestsPerIpPerMinute: 100_000 });
    angler = await register('fishangler1', '500.00');
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('publishes the fish kinds, their multipliers and the RTP with the table limits', async () => {
    const rules = await call<{ rtp: number; minBet: string; maxBet: string; kinds: Array<{ kind: string; multiplier: number; catchChance: number }> }>('GET', '/wps/house/games/house-fish/rules');
    expect(rules.status).toBe(200);
    expect(rules.body.value).toMatchObject({ rtp: 0.96, minBet: '0.10', maxBet: '100.00' });
    expect(rules.body.value.kinds.map((fish) => [fish.kind, fish.multiplier])).toEqual(FISH_KINDS.map((fish) => [fish.kind, fish.multiplier]));
    for (const fish of rules.body.value.kinds) expect(fish.catchChance * fish.multiplier).toBeCloseTo(0.96, 12);
  });

  it('moves the balance by exactly -bet or -bet + bet × multiplier per shot, through the signed wallet API', async () => {
    const fairness = await call<{ serverSeedHash: string; nonce: number }>('GET', '/wps/house/fairness?game=house-fish', { token: angler.token });
    expect(fairness.body.value).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: 0 });
    let caughtOnce = false;
    for (let shot = 0; shot < 40; shot++) {
      // Paced under the member's ten shots a second, as the client paces its five.
      const paced = sleep(120);
      const fish = FISH_KINDS[shot % 3]!;
      const before = await balance(angler);
      const answer = await shoot(angler, { amount: '2.00', kind: fish.kind, requestId: `fish-shot-${String(shot).padStart(4, '0')}` });
      expect(answer.status).toBe(200);
      const round = answer.body.value;
      const result = round.result as unknown as FishResult;
      expect(round).toMatchObject({
        game: 'house-fish',
        state: 'settled',
        amount: '2.00',
        nonce: shot,
        serverSeedHash: fairness.body.value.serverSeedHash,
        params: { kind: fish.kind, payout: fish.multiplier },
      });
      expect(round.win).toBe(result.caught ? (2 * fish.multiplier).toFixed(2) : '0.00');
      const after = await balance(angler);
      expect(cents(after) - cents(before)).toBe(-200 + (result.caught ? 200 * fish.multiplier : 0));
      expect(round.balance).toBe(after);
      caughtOnce ||= result.caught;
      await paced;
    }
    // 40 shots at 48 %, 32 % and 19.2 % chances: missing every one has odds below 1e-8.
    expect(caughtOnce).toBe(true);
    const [walletRound] = await rows<{ vendor: string; state: string }>(platform.db.orm, sql`SELECT vendor, state FROM wallet.rounds WHERE round_id = ${'HS' + (await lastRoundId(angler))}`);
    expect(walletRound).toMatchObject({ vendor: 'HOUSE', state: 'settled' });
  });

  const lastRoundId = async (member: Member) => (await rows<{ id: string }>(platform.db.orm, sql`SELECT max(id)::text AS id FROM house.rounds WHERE member_id = ${member.id}`))[0]!.id;

  it('answers a replayed request id with the first shot and charges once', async () => {
    await nextRateWindow();
    const first = await shoot(angler, { amount: '5.00', kind: 'shark', requestId: 'fish-replay-0001' });
    expect(first.status).toBe(200);
    const balanceAfter = await balance(angler);
    const count = await roundCount(angler);
    for (const attempt of [1, 2]) {
      const replay = await shoot(angler, { amount: '5.00', kind: 'shark', requestId: 'fish-replay-0001' });
      expect({ attempt, roundId: replay.body.value.roundId, win: replay.body.value.win }).toEqual({ attempt, roundId: first.body.value.roundId, win: first.body.value.win });
    }
    // The Idempotency-Key header names a retry the same way.
    const keyed = await call<HouseRound>('POST', '/wps/house/fish/shoot', { token: angler.token, key: 'fish-header-0001', body: { amount: '1.00', kind: 'turtle' } });
    const keyedAgain = await call<HouseRound>('POST', '/wps/house/fish/shoot', { token: angler.token, key: 'fish-header-0001', body: { amount: '1.00', kind: 'turtle' } });
    expect(keyedAgain.body.value.roundId).toBe(keyed.body.value.roundId);
    expect(await roundCount(angler)).toBe(count + 1);
    expect(cents(await balance(angler))).toBe(cents(balanceAfter) - 100 + cents(keyed.body.value.win));
  });

  it('refuses a stake outside the limits, an unknown kind and a shot above the balance, changing nothing', async () => {
    const poor = await register('fishpoor001', '3.00');
    const cases: Array<[string, Record<string, unknown>, string, number]> = [
      ['below the table limit', { amount: '0.09', kind: 'clownfish' }, 'HOUSE_BET_OUT_OF_LIMITS', 400],
      ['above the table limit', { amount: '100.01', kind: 'clownfish' }, 'HOUSE_BET_OUT_OF_LIMITS', 400],
      ['an unknown kind', { amount: '1.00', kind: 'mermaid' }, 'HOUSE_FISH_KIND_UNKNOWN', 400],
      ['no kind', { amount: '1.00' }, 'INPUT_EMPTY', 400],
      ['above the balance', { amount: '5.00', kind: 'kraken' }, 'INSUFFICIENT_FUNDS', 409],
    ];
    const before = await balance(poor);
    for (const [what, body, code, status] of cases) {
      const refused = await shoot(poor, body);
      expect({ what, status: refused.status, code: refused.body.code }).toEqual({ what, status, code });
    }
    const limits = await shoot(poor, { amount: '100.01', kind: 'clownfish' });
    expect(limits.body.message).toBe('The bet must be between 0.10 and 100.00');
    expect((await shoot(poor, { amount: '1.00', kind: 'mermaid' })).body.message).toBe('Aim at one of the published fish kinds');
    expect(await balance(poor)).toBe(before);
    expect(await roundCount(poor)).toBe(0);
    expect((await call<{ nonce: number }>('GET', '/wps/house/fairness?game=house-fish', { token: poor.token })).body.value.nonce).toBe(0);
    expect((await call('POST', '/wps/house/fish/shoot', { body: { amount: '1.00', kind: 'clownfish' } })).body.code).toBe('NOT_LOGGED_IN');
  });

  it('limits a member to ten shots a second and lets the next second through', async () => {
    const rapid = await register('fishrapid01', '100.00');
    const before = await balance(rapid);
    // Shots refused by the house service cost no database work, so all sixteen reach the limiter within the second.
    const answers = await Promise.all(Array.from({ length: 16 }, () => shoot(rapid, { amount: '0.10', kind: 'mermaid' })));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 'HOUSE_FISH_KIND_UNKNOWN')).toHaveLength(10);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(6);
    expect(answers.find((answer) => answer.body.code === 'TOO_MANY_REQUESTS')!.status).toBe(429);
    await nextRateWindow();
    const next = await shoot(rapid, { amount: '0.10', kind: 'clownfish' });
    expect(next.status).toBe(200);
    expect(await roundCount(rapid)).toBe(1);
    expect(cents(await balance(rapid))).toBe(cents(before) - 10 + cents(next.body.value.win));
  });

  it('reveals the seed on rotation so every shot can be recomputed with Web Crypto', async () => {
    const rotated = await call<{ revealedServerSeed: string; revealedServerSeedHash: string }>('POST', '/wps/house/fairness/rotate', { token: angler.token, body: { game: 'house-fish' } });
    expect(rotated.status).toBe(200);
    expect(await serverSeedHash(rotated.body.value.revealedServerSeed)).toBe(rotated.body.value.revealedServerSeedHash);
    const history = await call<{ content: HouseRound[]; total: number }>('GET', '/wps/house/rounds?game=house-fish&pageNo=1&pageSize=100', { token: angler.token });
    expect(history.body.value.total).toBe(42);
    for (const round of history.body.value.content) {
      expect(round.serverSeed).toBe(rotated.body.value.revealedServerSeed);
      const result = round.result as unknown as FishResult;
      const shot = drawFishShot(new DrawStream(precomputedBlocks(await outcomeBytes(round.serverSeed!, round.clientSeed, round.nonce, FISH_ROUND_BLOCKS))), fishKindOf(result.kind)!);
      expect({ nonce: round.nonce, roll: formatFishRoll(shot.roll), caught: shot.caught }).toEqual({ nonce: round.nonce, roll: result.roll, caught: result.caught });
    }
  });

  it('leaves the wallet ledger balanced', async () => {
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});
