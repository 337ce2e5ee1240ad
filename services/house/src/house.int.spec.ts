import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DrawStream, outcomeBytes, precomputedBlocks, rollDice, ROUND_BLOCKS, serverSeedHash, type HouseRound } from '@wps/contracts';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

interface Member {
  token: string;
  id: string;
}

const setup = (platform: () => EmbeddedPlatform) => {
  const call = apiCaller(() => platform().url);
  const register = async (username: string, deposit = '100.00'): Promise<Member> => {
    const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
    });
    expect(registered.body.success).toBe(true);
    const member = { token: registered.body.value.token, id: registered.body.value.user.id };
    await eventually(async () => (await rows(platform().db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${member.id}`)).length === 1, 'the wallet account');
    if (deposit !== '0') {
      const funded = await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, key: `fund-${username}`, body: { amount: deposit } });
      expect(funded.status).toBe(200);
    }
    return member;
  };
  const balance = async (member: Member) => (await platform().clients.wallet.getBalance({ merchantCode: 'DEMO', memberId: member.id, currency: 'MXN' })).balance;
  const roundCount = async (member: Member) => (await rows<{ n: number }>(platform().db.orm, sql`SELECT count(*)::int AS n FROM house.rounds WHERE member_id = ${member.id}`))[0]!.n;
  return { call, register, balance, roundCount };
};

describe('house games through the public API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const api = setup(() => platform);
  let alice: Member;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', requestsPerIpPerMinute: 100_000 });
    alice = await api.register('housealice1');
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('shows the seed hash before play, plays dice through the signed wallet API, and replays a retried request', async () => {
    const fairness = await api.call<{ serverSeedHash: string; clientSeed: string; nonce: number }>('GET', '/wps/house/fairness?game=house-dice', { token: alice.token });
    expect(fairness.body.value).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: 0 });
    const seeded = await api.call('PUT', '/wps/house/fairness/client-seed', { token: alice.token, body: { game: 'house-dice', clientSeed: 'alice-lucky' } });
    expect(seeded.body.value).toMatchObject({ clientSeed: 'alice-lucky', serverSeedHash: fairness.body.value.serverSeedHash });

    const before = await api.balance(alice);
    const played = await api.call<HouseRound>('POST', '/wps/house/dice/play', { token: alice.token, body: { amount: '10.00', direction: 'under', target: '50.00', requestId: 'dice-request-0001' } });
    expect(played.status).toBe(200);
    const round = played.body.value;
    expect(round).toMatchObject({ game: 'house-dice', state: 'settled', amount: '10.00', nonce: 0, clientSeed: 'alice-lucky', serverSeed: null, serverSeedHash: fairness.body.value.serverSeedHash });
    const won = (round.result as { won: boolean }).won;
    expect(round.win).toBe(won ? '19.80' : '0.00');
    const after = await api.balance(alice);
    expect(Number(after)).toBeCloseTo(Number(before) - 10 + Number(round.win), 2);
    expect(round.balance).toBe(after);

    const replay = await api.call<HouseRound>('POST', '/wps/house/dice/play', { token: alice.token, body: { amount: '10.00', direction: 'under', target: '50.00', requestId: 'dice-request-0001' } });
    expect(replay.body.value.roundId).toBe(round.roundId);
    expect(await api.balance(alice)).toBe(after);
    expect(await api.roundCount(alice)).toBe(1);

    // The wallet saw the house vendor's signed round with the same stake and win.
    const [walletRound] = await rows<{ vendor: string; state: string }>(platform.db.orm, sql`SELECT vendor, state FROM wallet.rounds WHERE round_id = ${`HS${round.roundId}`}`);
    expect(walletRound).toMatchObject({ vendor: 'HOUSE', state: 'settled' });
  });

  it('reveals the server seed on rotation so a past round can be recomputed from it', async () => {
    const rotated = await api.call<{ revealedServerSeed: string; revealedServerSeedHash: string; newServerSeedHash: string; nonce: number }>('POST', '/wps/house/fairness/rotate', {
      token: alice.token,
      body: { game: 'house-dice' },
    });
    expect(rotated.status).toBe(200);
    const { revealedServerSeed, newServerSeedHash } = rotated.body.value;
    expect(await serverSeedHash(revealedServerSeed)).toBe(rotated.body.value.revealedServerSeedHash);
    expect(newServerSeedHash).not.toBe(rotated.body.value.revealedServerSeedHash);
    expect(rotated.body.value.nonce).toBe(0);

    const history = await api.call<{ content: HouseRound[]; total: number }>('GET', '/wps/house/rounds?game=house-dice&pageNo=1&pageSize=10', { token: alice.token });
    expect(history.body.value.total).toBe(1);
    const [past] = history.body.value.content;
    expect(past!.serverSeed).toBe(revealedServerSeed);
    const roll = rollDice(new DrawStream(precomputedBlocks(await outcomeBytes(past!.serverSeed!, past!.clientSeed, past!.nonce, ROUND_BLOCKS.dice))));
    expect((roll / 100).toFixed(2)).toBe((past!.result as { roll: string }).roll);
  });

  it('refuses bad input and a bet above the balance with clear codes, changing nothing', async () => {
    const poor = await api.register('housepoor01', '5.00');
    const cases: Array<[string, string, Record<string, unknown>, string, number]> = [
      ['/wps/house/dice/play', 'above the balance', { amount: '50.00', direction: 'over', target: '50.00' }, 'INSUFFICIENT_FUNDS', 409],
      ['/wps/house/dice/play', 'above the table limit', { amount: '1000.01', direction: 'over', target: '50.00' }, 'HOUSE_BET_OUT_OF_LIMITS', 400],
      ['/wps/house/dice/play', 'below the table limit', { amount: '0.01', direction: 'over', target: '50.00' }, 'HOUSE_BET_OUT_OF_LIMITS', 400],
      ['/wps/house/dice/play', 'a 99 % chance', { amount: '1.00', direction: 'under', target: '99.00' }, 'HOUSE_DICE_TARGET_INVALID', 400],
      ['/wps/house/plinko/play', 'seven rows', { amount: '1.00', rows: 7, risk: 'low' }, 'HOUSE_PLINKO_SETTINGS_INVALID', 400],
      ['/wps/house/plinko/play', 'an unknown risk', { amount: '1.00', rows: 8, risk: 'extreme' }, 'HOUSE_PLINKO_SETTINGS_INVALID', 400],
      ['/wps/house/mines/start', '25 mines', { amount: '1.00', mines: 25 }, 'HOUSE_MINES_COUNT_INVALID', 400],
      ['/wps/house/slots/spin', 'an unknown slot', { amount: '1.00', game: 'house-slot-nope' }, 'VALIDATION_FAILED', 400],
    ];
    const before = await api.balance(poor);
    for (const [url, what, body, code, status] of cases) {
      const refused = await api.call('POST', url, { token: poor.token, body });
      expect({ what, status: refused.status, code: refused.body.code }).toEqual({ what, status, code });
    }
    const insufficient = await api.call('POST', '/wps/house/dice/play', { token: poor.token, body: { amount: '50.00', direction: 'over', target: '50.00' } });
    expect(insufficient.body.message).toBe('Insufficient balance');
    expect(await api.balance(poor)).toBe(before);
    expect(await api.roundCount(poor)).toBe(0);
    const fairness = await api.call<{ nonce: number }>('GET', '/wps/house/fairness?game=house-dice', { token: poor.token });
    expect(fairness.body.value.nonce).toBe(0);
    expect((await api.call('POST', '/wps/house/dice/play', { body: { amount: '1.00', direction: 'over', target: '50.00' } })).body.code).toBe('NOT_LOGGED_IN');
  });

  it('plays plinko and both slots, serving the paytables with their exactly computed return', async () => {
    const plinko = await api.call<HouseRound>('POST', '/wps/house/plinko/play', { token: alice.token, body: { amount: '2.00', rows: 12, risk: 'high' } });
    expect(plinko.body.value).toMatchObject({ game: 'house-plinko', state: 'settled', params: { rows: 12, risk: 'high' } });
    const { path: ballPath, slot } = plinko.body.value.result as { path: number[]; slot: number };
    expect(ballPath).toHaveLength(12);
    expect(slot).toBe(ballPath.reduce((sum, step) => sum + step, 0));
    const rules = await api.call<{ tables: Array<{ rows: number; risk: string; multipliers: number[] }> }>('GET', '/wps/house/games/house-plinko/rules');
    const table = rules.body.value.tables.find((entry) => entry.rows === 12 && entry.risk === 'high')!;
    expect(plinko.body.value.multiplier).toBe(table.multipliers[slot]!.toFixed(4));

    for (const game of ['house-slot-pharaoh', 'house-slot-fruits']) {
      const paytable = await api.call<{ rtp: number; symbols: unknown[]; lines: unknown[] }>('GET', `/wps/house/games/${game}/rules`);
      expect(paytable.body.value.rtp).toBeGreaterThan(0.95);
      expect(paytable.body.value.rtp).toBeLessThan(0.98);
      expect(paytable.body.value.lines.length).toBeGreaterThanOrEqual(10);
      const before = await api.balance(alice);
      const spin = await api.call<HouseRound>('POST', '/wps/house/slots/spin', { token: alice.token, body: { game, amount: '1.00' } });
      expect(spin.body.value).toMatchObject({ game, state: 'settled', amount: '1.00' });
      expect((spin.body.value.result as { base: { grid: string[][] } }).base.grid).toHaveLength(3);
      expect(Number(await api.balance(alice))).toBeCloseTo(Number(before) - 1 + Number(spin.body.value.win), 2);
    }
  });

  it('plays mines: fixed mines, reveals, cash-out at the shown multiplier, another member cannot touch the round', async () => {
    const before = await api.balance(alice);
    const started = await api.call<HouseRound>('POST', '/wps/house/mines/start', { token: alice.token, body: { amount: '5.00', mines: 3 } });
    expect(started.body.value).toMatchObject({ state: 'open', params: { mines: 3 }, result: { revealed: [] } });
    expect(started.body.value.result).not.toHaveProperty('mines');
    const roundId = started.body.value.roundId;
    const second = await api.call('POST', '/wps/house/mines/start', { token: alice.token, body: { amount: '5.00', mines: 3 } });
    expect(second.body.code).toBe('HOUSE_ROUND_IN_PROGRESS');
    expect((await api.call('POST', '/wps/house/mines/cashout', { token: alice.token, body: { roundId } })).body.code).toBe('HOUSE_NOTHING_TO_CASH_OUT');
    // Its seed would reveal its mines: no rotation while the round is in play.
    expect((await api.call('POST', '/wps/house/fairness/rotate', { token: alice.token, body: { game: 'house-mines' } })).body.code).toBe('HOUSE_ROUND_IN_PROGRESS');

    const [stored] = await rows<{ result: { mines: number[] } }>(platform.db.orm, sql`SELECT result FROM house.rounds WHERE id = ${roundId}`);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !stored!.result.mines.includes(tile));
    const bob = await api.register('housebob001', '0');
    expect((await api.call('POST', '/wps/house/mines/reveal', { token: bob.token, body: { roundId, tile: safe[0] } })).body.code).toBe('HOUSE_ROUND_NOT_FOUND');

    const first = await api.call<HouseRound>('POST', '/wps/house/mines/reveal', { token: alice.token, body: { roundId, tile: safe[0] } });
    expect(first.body.value).toMatchObject({ state: 'open', multiplier: '1.1250' });
    expect((await api.call('POST', '/wps/house/mines/reveal', { token: alice.token, body: { roundId, tile: safe[0] } })).body.code).toBe('HOUSE_TILE_INVALID');
    await api.call('POST', '/wps/house/mines/reveal', { token: alice.token, body: { roundId, tile: safe[1] } });
    const cashed = await api.call<HouseRound>('POST', '/wps/house/mines/cashout', { token: alice.token, body: { roundId } });
    expect(cashed.body.value).toMatchObject({ state: 'settled', multiplier: '1.2857', win: '6.42' });
    expect((cashed.body.value.result as { mines: number[] }).mines).toEqual(stored!.result.mines);
    expect(Number(await api.balance(alice))).toBeCloseTo(Number(before) - 5 + 6.42, 2);
    expect((await api.call('POST', '/wps/house/mines/reveal', { token: alice.token, body: { roundId, tile: safe[2] } })).body.code).toBe('HOUSE_ROUND_CLOSED');

    const lost = await api.call<HouseRound>('POST', '/wps/house/mines/start', { token: alice.token, body: { amount: '1.00', mines: 24 } });
    const [lostRound] = await rows<{ result: { mines: number[] } }>(platform.db.orm, sql`SELECT result FROM house.rounds WHERE id = ${lost.body.value.roundId}`);
    const hit = await api.call<HouseRound>('POST', '/wps/house/mines/reveal', { token: alice.token, body: { roundId: lost.body.value.roundId, tile: lostRound!.result.mines[0] } });
    expect(hit.body.value).toMatchObject({ state: 'settled', win: '0.00' });
  });

  it('leaves the wallet ledger balanced', async () => {
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});

describe('house mines across a restart', () => {
  let dataDir = '';
  let platform: EmbeddedPlatform;
  const api = setup(() => platform);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'house-restart-'));
  });
  afterAll(async () => {
    await platform?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('cashes out a round cut by a restart at its last safe multiplier and refunds one with nothing revealed', async () => {
    const env = { HOUSE_VENDOR_SECRET: 'restart-test-house-secret-0123456789' };
    platform = await startEmbedded({ logLevel: 'silent', dataDir, env });
    const carol = await api.register('housecarol1');
    const dave = await api.register('housedave01');
    const before = { carol: await api.balance(carol), dave: await api.balance(dave) };
    const carolRound = await api.call<HouseRound>('POST', '/wps/house/mines/start', { token: carol.token, body: { amount: '10.00', mines: 3 } });
    const [stored] = await rows<{ result: { mines: number[] } }>(platform.db.orm, sql`SELECT result FROM house.rounds WHERE id = ${carolRound.body.value.roundId}`);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !stored!.result.mines.includes(tile))!;
    await api.call('POST', '/wps/house/mines/reveal', { token: carol.token, body: { roundId: carolRound.body.value.roundId, tile: safe } });
    const daveRound = await api.call<HouseRound>('POST', '/wps/house/mines/start', { token: dave.token, body: { amount: '4.00', mines: 10 } });
    expect(await api.balance(dave)).toBe((Number(before.dave) - 4).toFixed(2));
    await platform.close();

    platform = await startEmbedded({ logLevel: 'silent', dataDir, env });
    const settled = await rows<{ id: string; state: string; win_minor: string }>(platform.db.orm, sql`SELECT id::text, state, win_minor::text FROM house.rounds ORDER BY id`);
    expect(settled).toEqual([
      { id: carolRound.body.value.roundId, state: 'settled', win_minor: '1125' },
      { id: daveRound.body.value.roundId, state: 'refunded', win_minor: '0' },
    ]);
    expect(Number(await api.balance(carol))).toBeCloseTo(Number(before.carol) - 10 + 11.25, 2);
    expect(await api.balance(dave)).toBe(before.dave);
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  }, 120_000);
});
