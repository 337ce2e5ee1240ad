import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { pushDataSchemas, TOPICS, type BetSettled, type EventEnvelope } from '@wps/contracts';
import { rows, sleep } from '@wps/platform';
import { eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { signVendorRequest, VendorClient } from '../../../../../tools/vendor-sim/client.js';

const SECRET = 'int-test-secret-0123456789abcdef';
const waitFor = (check: () => boolean | Promise<boolean>, what = 'the condition') => eventually(check, what, 5_000);

describe('the seamless-wallet vendor API, through the gateway (embedded)', () => {
  let platform: EmbeddedPlatform;
  let vendor: VendorClient;
  const settledEvents: Array<EventEnvelope<BetSettled>> = [];
  let player = '';
  let token = '';
  let otherPlayer = '';
  const id = () => randomUUID();

  const api = async <T>(method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(platform.url + url, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': 'EN', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as { success: boolean; code?: string; value: T } };
  };
  const register = async (referralCode?: string): Promise<{ token: string; memberId: string }> => {
    const username = `vp${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const response = await api<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true, ...(referralCode ? { referralCode } : {}) },
    });
    expect(response.status).toBe(200);
    const memberId = response.body.value.user.id;
    await waitFor(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${memberId}`)).length === 1, 'the wallet account');
    return { token: response.body.value.token, memberId };
  };
  const deposit = async (memberToken: string, amount: string) => {
    const response = await api('POST', '/wps/v2/wallets/deposit/demo', { token: memberToken, body: { amount }, headers: { 'idempotency-key': id() } });
    expect(response.status).toBe(200);
  };
  const balanceOf = async (memberId: string) => (await vendor.call('balance', { player: memberId, currency: 'MXN' })).value!.balance;
  const ledgerFingerprint = async () => (await rows<{ n: number; sum: string | null }>(platform.db.orm, sql`SELECT count(*)::int AS n, sum(abs(amount_minor))::text AS sum FROM wallet.entries`))[0]!;
  const vendorCallCount = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM wallet.vendor_transactions`))[0]!.n;
  const settledFor = (roundId: string) => settledEvents.filter((event) => event.payload.roundId === roundId);

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { WALLET_VENDOR_SECRETS: `SIMVENDOR:${SECRET}` } });
    vendor = new VendorClient({ url: platform.url, vendor: 'SIMVENDOR', secret: SECRET });
    await platform.bus.subscribe({
      group: 'test.bets-observer',
      topics: [TOPICS.bets],
      handler: async (message) => {
        if (message.value.type === 'bet.settled') settledEvents.push(message.value as EventEnvelope<BetSettled>);
      },
    });
    ({ token, memberId: player } = await register());
    await deposit(token, '1000.00');
    otherPlayer = (await register()).memberId;
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  describe('who may call', () => {
    it('refuses a wrong signature, an unknown vendor and missing headers with 401, and moves nothing', async () => {
      const before = await ledgerFingerprint();
      const body = { player, currency: 'MXN', transactionId: id(), roundId: id(), gameType: 'RNG', amount: '10.00' };
      const wrong = await vendor.call('bet', body, { signature: 'f'.repeat(64) });
      expect(wrong.status).toBe(401);
      expect(wrong).toMatchObject({ success: false, code: 'VENDOR_UNAUTHORIZED', message: 'Unknown vendor or invalid signature' });
      const otherSecret = await new VendorClient({ url: platform.url, vendor: 'SIMVENDOR', secret: 'not-the-secret-at-all-000' }).call('bet', body);
      expect(otherSecret.code).toBe('VENDOR_UNAUTHORIZED');
      expect((await vendor.call('bet', body, { vendor: 'NOSUCHVENDOR' })).status).toBe(401);
      // The signature covers the exact bytes: a body changed after signing is refused.
      const raw = JSON.stringify(body);
      const timestamp = String(Date.now());
      const tampered = await vendor.call('bet', undefined, { rawBody: raw.replace('10.00', '1.00'), timestamp, signature: signVendorRequest(SECRET, timestamp, raw) });
      expect(tampered.status).toBe(401);
      const bare = await fetch(`${platform.url}/api/vendor/v1/bet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
      expect(bare.status).toBe(401);
      expect(await ledgerFingerprint()).toEqual(before);
    });

    it('refuses a stale or future timestamp with its own code', async () => {
      const before = await ledgerFingerprint();
      const body = { player, currency: 'MXN', transactionId: id(), roundId: id(), gameType: 'RNG', amount: '10.00' };
      const stale = await vendor.call('bet', body, { timestamp: String(Date.now() - 301_000) });
      expect(stale.status).toBe(401);
      expect(stale.code).toBe('VENDOR_TIMESTAMP_EXPIRED');
      expect((await vendor.call('bet', body, { timestamp: String(Date.now() + 301_000) })).code).toBe('VENDOR_TIMESTAMP_EXPIRED');
      expect((await vendor.call('bet', body, { timestamp: 'yesterday' })).code).toBe('VENDOR_TIMESTAMP_EXPIRED');
      expect(await ledgerFingerprint()).toEqual(before);
    });

    it('answers 404 for an operation that does not exist', async () => {
      const reply = await vendor.call('steal', { player, currency: 'MXN' });
      expect(reply.status).toBe(404);
    });
  });

  describe('bodies', () => {
    it.each([
      ['not json', undefined, '{"player":', 400, 'VALIDATION_FAILED'],
      ['a missing field', { currency: 'MXN', transactionId: 'a', roundId: 'r', gameType: 'RNG', amount: '1.00' }, undefined, 400, 'INPUT_EMPTY'],
      ['a float amount', { player: 'p', currency: 'MXN', transactionId: 'a', roundId: 'r', gameType: 'RNG', amount: 1.5 }, undefined, 400, 'VALIDATION_FAILED'],
      ['an unknown currency', { player: 'p', currency: 'XXX', transactionId: 'a', roundId: 'r', gameType: 'RNG', amount: '1.00' }, undefined, 400, 'VALIDATION_FAILED'],
    ])('refuses %s with 400', async (_name, body, rawBody, status, code) => {
      const reply = await vendor.call('bet', body, rawBody ? { rawBody } : {});
      expect(reply.status).toBe(status);
      expect(reply.code).toBe(code);
    });

    it('refuses more decimals than the currency has, naming the field', async () => {
      const reply = await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId: id(), gameType: 'RNG', amount: '1.001' });
      expect(reply).toMatchObject({ status: 400, code: 'AMOUNT_INVALID' });
    });

    it('answers PLAYER_NOT_FOUND for an unknown player or a currency the player has no account in', async () => {
      expect(await vendor.call('balance', { player: 'no-such-player', currency: 'MXN' })).toMatchObject({ status: 404, code: 'PLAYER_NOT_FOUND' });
      expect(await vendor.call('bet', { player, currency: 'USD', transactionId: id(), roundId: id(), gameType: 'RNG', amount: '1.00' })).toMatchObject({ status: 404, code: 'PLAYER_NOT_FOUND' });
    });
  });

  describe('bets, wins and replays', () => {
    it('debits a bet, replays it with the identical answer, and refuses the same id with another body', async () => {
      const start = await balanceOf(player);
      expect(start).toBe('1000.00');
      const transactionId = id();
      const roundId = id();
      const bet = { player, currency: 'MXN', transactionId, roundId, gameType: 'RNG', gameCode: 'fruits', amount: '25.50' };
      const first = await vendor.call('bet', bet);
      expect(first).toMatchObject({ status: 200, success: true, value: { balance: '974.50', currency: 'MXN', transactionId, roundState: 'open' } });
      const again = await vendor.call('bet', bet);
      expect(again).toEqual(first);
      expect(await balanceOf(player)).toBe('974.50');
      const conflict = await vendor.call('bet', { ...bet, amount: '30.00' });
      expect(conflict).toMatchObject({ status: 409, code: 'IDEMPOTENCY_CONFLICT' });
      // Another operation under a used transaction id is the same conflict.
      expect((await vendor.call('win', { player, currency: 'MXN', transactionId, roundId, amount: '1.00' })).code).toBe('IDEMPOTENCY_CONFLICT');

      const win = { player, currency: 'MXN', transactionId: id(), roundId, betTransactionId: transactionId, amount: '60.00', settle: true };
      const paid = await vendor.call('win', win);
      expect(paid).toMatchObject({ status: 200, value: { balance: '1034.50', roundState: 'settled' } });
      expect(await vendor.call('win', win)).toEqual(paid);
      await waitFor(() => settledFor(roundId).length === 1, 'bet.settled');
      expect(settledFor(roundId)[0]!.payload).toMatchObject({
        betId: `SIMVENDOR:${roundId}`,
        vendor: 'SIMVENDOR',
        gameType: 'RNG',
        gameCode: 'fruits',
        memberId: player,
        merchantCode: 'DEMO',
        currency: 'MXN',
        betAmountMinor: '2550',
        validBetMinor: '2550',
        winAmountMinor: '6000',
      });
      expect(settledFor(roundId)[0]!.payload.account).toMatch(/^vp/);
      expect(settledFor(roundId)[0]!.payload.agentPath).toEqual([]);
      // A win on a settled round is refused; the round was announced once.
      expect(await vendor.call('win', { ...win, transactionId: id() })).toMatchObject({ status: 409, code: 'ROUND_SETTLED' });
      await sleep(100);
      expect(settledFor(roundId)).toHaveLength(1);
    });

    it('moves the money once when the same bet arrives many times at once', async () => {
      const before = await balanceOf(player);
      const bet = { player, currency: 'MXN', transactionId: id(), roundId: id(), gameType: 'RNG', amount: '2.00' };
      const replies = await Promise.all(Array.from({ length: 8 }, () => vendor.call('bet', bet)));
      expect(new Set(replies.map((reply) => JSON.stringify(reply))).size).toBe(1);
      expect(replies[0]!.status).toBe(200);
      expect(Number(await balanceOf(player))).toBeCloseTo(Number(before) - 2, 2);
    });

    it('takes a bet with its win in one call and settles the round', async () => {
      const before = await balanceOf(player);
      const roundId = id();
      const reply = await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId, gameType: 'SLOT', amount: '10.00', win: '4.00', settle: true });
      expect(reply).toMatchObject({ status: 200, value: { roundState: 'settled' } });
      expect(Number(reply.value!.balance)).toBeCloseTo(Number(before) - 6, 2);
      await waitFor(() => settledFor(roundId).length === 1, 'bet.settled');
      expect(settledFor(roundId)[0]!.payload).toMatchObject({ betAmountMinor: '1000', validBetMinor: '1000', winAmountMinor: '400', gameType: 'SLOT' });
    });

    it("names the player's agent path in bet.settled", async () => {
      const { token: invited, memberId } = await register('demoagent');
      await deposit(invited, '10.00');
      const [agent] = await rows<{ id: string }>(platform.db.orm, sql`SELECT id FROM identity.members WHERE username_key = 'demoagent'`);
      const roundId = id();
      await vendor.call('bet', { player: memberId, currency: 'MXN', transactionId: id(), roundId, gameType: 'RNG', amount: '1.00', win: '0', settle: true });
      await waitFor(() => settledFor(roundId).length === 1, 'bet.settled');
      expect(settledFor(roundId)[0]!.payload.agentPath?.at(-1)).toBe(agent!.id);
    });

    it('answers a win for an unknown bet with its own code', async () => {
      const before = await ledgerFingerprint();
      const reply = await vendor.call('win', { player, currency: 'MXN', transactionId: id(), roundId: id(), amount: '5.00' });
      expect(reply).toMatchObject({ status: 404, code: 'WIN_WITHOUT_BET', message: 'No bet found for this win' });
      const roundId = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId, gameType: 'RNG', amount: '1.00' });
      const wrongBet = await vendor.call('win', { player, currency: 'MXN', transactionId: id(), roundId, betTransactionId: 'never-sent', amount: '5.00' });
      expect(wrongBet.code).toBe('WIN_WITHOUT_BET');
      expect((await ledgerFingerprint()).n).toBe(before.n + 2);
    });

    it('refuses a bet above the balance with 409 and changes nothing', async () => {
      const before = await balanceOf(player);
      const ledger = await ledgerFingerprint();
      const calls = await vendorCallCount();
      const reply = await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId: id(), gameType: 'RNG', amount: '999999.00' });
      expect(reply).toMatchObject({ status: 409, code: 'INSUFFICIENT_FUNDS' });
      expect(await balanceOf(player)).toBe(before);
      expect(await ledgerFingerprint()).toEqual(ledger);
      expect(await vendorCallCount()).toBe(calls);
    });

    it('keeps a round to its player', async () => {
      const roundId = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId, gameType: 'RNG', amount: '1.00' });
      const stolen = await vendor.call('win', { player: otherPlayer, currency: 'MXN', transactionId: id(), roundId, amount: '100.00' });
      expect(stolen).toMatchObject({ status: 409, code: 'ROUND_CONFLICT' });
    });
  });

  describe('rollbacks', () => {
    it('refunds a bet of an open round, once', async () => {
      const before = await balanceOf(player);
      const roundId = id();
      const betId = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: betId, roundId, gameType: 'RNG', amount: '40.00' });
      const rollback = await vendor.call('rollback', { player, currency: 'MXN', transactionId: id(), betTransactionId: betId, roundId });
      expect(rollback).toMatchObject({ status: 200, value: { balance: before } });
      const second = await vendor.call('rollback', { player, currency: 'MXN', transactionId: id(), betTransactionId: betId });
      expect(second).toMatchObject({ status: 200, value: { balance: before } });
      expect(await balanceOf(player)).toBe(before);
      // A win naming the rolled-back bet is refused.
      expect((await vendor.call('win', { player, currency: 'MXN', transactionId: id(), roundId, betTransactionId: betId, amount: '1.00' })).code).toBe('TRANSACTION_ROLLED_BACK');
    });

    it('accepts a rollback that arrives before its bet, then refuses the bet', async () => {
      const before = await balanceOf(player);
      const betId = id();
      const roundId = id();
      const early = await vendor.call('rollback', { player, currency: 'MXN', transactionId: id(), betTransactionId: betId, roundId });
      expect(early).toMatchObject({ status: 200, success: true, value: { balance: before, currency: 'MXN' } });
      const late = await vendor.call('bet', { player, currency: 'MXN', transactionId: betId, roundId, gameType: 'RNG', amount: '15.00' });
      expect(late).toMatchObject({ status: 409, code: 'TRANSACTION_ROLLED_BACK' });
      expect(await balanceOf(player)).toBe(before);
    });

    it('accepts wins and rollbacks after the player logged out', async () => {
      const { token: leaving, memberId } = await register();
      await deposit(leaving, '20.00');
      const roundId = id();
      const betId = id();
      await vendor.call('bet', { player: memberId, currency: 'MXN', transactionId: betId, roundId, gameType: 'LIVE', amount: '5.00' });
      await vendor.call('bet', { player: memberId, currency: 'MXN', transactionId: id(), roundId, gameType: 'LIVE', amount: '5.00' });
      expect((await api('DELETE', '/wps/session/logout', { token: leaving })).status).toBe(200);
      expect(await vendor.call('rollback', { player: memberId, currency: 'MXN', transactionId: id(), betTransactionId: betId })).toMatchObject({ status: 200, value: { balance: '15.00' } });
      expect(await vendor.call('win', { player: memberId, currency: 'MXN', transactionId: id(), roundId, amount: '9.00', settle: true })).toMatchObject({ status: 200, value: { balance: '24.00' } });
    });

    it('refuses to roll back a bet once its round is settled', async () => {
      const roundId = id();
      const betId = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: betId, roundId, gameType: 'RNG', amount: '5.00' });
      await vendor.call('win', { player, currency: 'MXN', transactionId: id(), roundId, amount: '0', settle: true });
      const before = await balanceOf(player);
      const refused = await vendor.call('rollback', { player, currency: 'MXN', transactionId: id(), betTransactionId: betId });
      expect(refused).toMatchObject({ status: 409, code: 'ROUND_SETTLED' });
      expect(await balanceOf(player)).toBe(before);
    });
  });

  describe('void, resettle, adjust, tip', () => {
    it('voids an open round: bets refunded, wins taken back, round cancelled with no valid bet', async () => {
      const before = await balanceOf(player);
      const roundId = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId, gameType: 'LIVE', amount: '50.00' });
      await vendor.call('win', { player, currency: 'MXN', transactionId: id(), roundId, amount: '20.00' });
      const voided = await vendor.call('void', { player, currency: 'MXN', transactionId: id(), roundId });
      expect(voided).toMatchObject({ status: 200, value: { balance: before, roundState: 'cancelled' } });
      await waitFor(() => settledFor(roundId).length === 1, 'bet.settled for the void');
      expect(settledFor(roundId)[0]!.payload).toMatchObject({ betAmountMinor: '5000', validBetMinor: '0' });
      expect((await vendor.call('void', { player, currency: 'MXN', transactionId: id(), roundId })).code).toBe('ROUND_CANCELLED');
      expect((await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId, gameType: 'LIVE', amount: '1.00' })).code).toBe('ROUND_CANCELLED');
      expect((await vendor.call('void', { player, currency: 'MXN', transactionId: id(), roundId: id() })).code).toBe('BET_NOT_FOUND');
    });

    it('resettles a settled round by posting the difference, and refuses an open one', async () => {
      const roundId = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId, gameType: 'SPORTS', amount: '10.00', win: '30.00', settle: true });
      const before = Number(await balanceOf(player));
      const lower = await vendor.call('resettle', { player, currency: 'MXN', transactionId: id(), roundId, winAmount: '12.00' });
      expect(Number(lower.value!.balance)).toBeCloseTo(before - 18, 2);
      const higher = await vendor.call('resettle', { player, currency: 'MXN', transactionId: id(), roundId, winAmount: '15.00' });
      expect(Number(higher.value!.balance)).toBeCloseTo(before - 15, 2);
      const openRound = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId: openRound, gameType: 'SPORTS', amount: '1.00' });
      expect((await vendor.call('resettle', { player, currency: 'MXN', transactionId: id(), roundId: openRound, winAmount: '2.00' })).code).toBe('ROUND_NOT_SETTLED');
      const [round] = await rows<{ win_total_minor: string }>(platform.db.orm, sql`SELECT win_total_minor FROM wallet.rounds WHERE vendor = 'SIMVENDOR' AND round_id = ${roundId}`);
      expect(round!.win_total_minor).toBe('1500');
    });

    it('publishes a corrected settled round again with the next revision, and keeps an open round quiet', async () => {
      const roundId = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId, gameType: 'SPORTS', amount: '10.00', win: '0', settle: true });
      await waitFor(() => settledFor(roundId).length === 1, 'the first bet.settled');
      await vendor.call('resettle', { player, currency: 'MXN', transactionId: id(), roundId, winAmount: '25.00' });
      await waitFor(() => settledFor(roundId).length === 2, 'the resettle correction');
      await vendor.call('adjust', { player, currency: 'MXN', transactionId: id(), roundId, amount: '-5.00' });
      await waitFor(() => settledFor(roundId).length === 3, 'the adjust correction');
      const payloads = settledFor(roundId).map((event) => event.payload);
      expect(payloads.map((payload) => payload.revision)).toEqual([0, 1, 2]);
      expect(payloads[1]).toMatchObject({ winAmountMinor: '2500', adjustAmountMinor: '0', validBetMinor: '1000', state: 'settled' });
      expect(payloads[2]).toMatchObject({ winAmountMinor: '2500', adjustAmountMinor: '-500' });
      // Each event carries the whole round, so the last revision alone says what the round is now.
      expect(payloads[2]!.settledAt).toBe(payloads[0]!.settledAt);

      const open = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId: open, gameType: 'SPORTS', amount: '1.00' });
      await vendor.call('adjust', { player, currency: 'MXN', transactionId: id(), roundId: open, amount: '0.50' });
      await sleep(100);
      expect(settledFor(open)).toHaveLength(0);
    });

    it('applies many calls of one player at once one after the other, each exactly once', async () => {
      const { token: busy, memberId } = await register();
      await deposit(busy, '100.00');
      const rounds = Array.from({ length: 12 }, () => ({ roundId: id(), betId: id(), winId: id() }));
      // Bets of different rounds race each other; every bet is also delivered twice at the same moment.
      const bets = rounds.flatMap(({ roundId, betId }) => {
        const bet = { player: memberId, currency: 'MXN', transactionId: betId, roundId, gameType: 'RNG', amount: '5.00' };
        return [vendor.call('bet', bet), vendor.call('bet', bet)];
      });
      const betReplies = await Promise.all(bets);
      expect(betReplies.every((reply) => reply.status === 200)).toBe(true);
      // The early rollback of one more bet races its bet: whichever lands first, the player ends up not charged.
      const raced = { roundId: id(), betId: id() };
      const [rollbackReply, lateBet] = await Promise.all([
        vendor.call('rollback', { player: memberId, currency: 'MXN', transactionId: id(), betTransactionId: raced.betId, roundId: raced.roundId }),
        vendor.call('bet', { player: memberId, currency: 'MXN', transactionId: raced.betId, roundId: raced.roundId, gameType: 'RNG', amount: '7.00' }),
      ]);
      expect(rollbackReply.status).toBe(200);
      expect([200, 409]).toContain(lateBet.status);
      const wins = await Promise.all(rounds.map(({ roundId, winId }) => vendor.call('win', { player: memberId, currency: 'MXN', transactionId: winId, roundId, amount: '1.00', settle: true })));
      expect(wins.every((reply) => reply.status === 200)).toBe(true);
      expect(Number(await balanceOf(memberId))).toBeCloseTo(100 - 12 * 5 + 12 * 1, 2);
      const [counts] = await rows<{ bets: number; rounds: number }>(
        platform.db.orm,
        sql`SELECT (SELECT count(*)::int FROM wallet.transactions t JOIN wallet.entries e ON e.transaction_id = t.id JOIN wallet.accounts a ON a.id = e.account_id
                     WHERE t.cause = 'bet' AND a.owner_type = 'member' AND a.owner_id = ${memberId}) AS bets,
                   (SELECT count(*)::int FROM wallet.rounds WHERE member_id = ${memberId} AND state = 'settled') AS rounds`,
      );
      // Twelve bets plus the raced one if it landed before its rollback (then the rollback refunded it).
      expect(counts!.bets).toBe(lateBet.status === 200 ? 13 : 12);
      expect(counts!.rounds).toBe(12);
    });

    it('adjusts a round both ways and refuses to take more than the player has', async () => {
      const roundId = id();
      await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId, gameType: 'RNG', amount: '2.00' });
      const before = Number(await balanceOf(player));
      expect(Number((await vendor.call('adjust', { player, currency: 'MXN', transactionId: id(), roundId, amount: '3.25' })).value!.balance)).toBeCloseTo(before + 3.25, 2);
      expect(Number((await vendor.call('adjust', { player, currency: 'MXN', transactionId: id(), roundId, amount: '-1.25' })).value!.balance)).toBeCloseTo(before + 2, 2);
      expect(await vendor.call('adjust', { player, currency: 'MXN', transactionId: id(), roundId, amount: '-99999.00' })).toMatchObject({ status: 409, code: 'INSUFFICIENT_FUNDS' });
      expect((await vendor.call('adjust', { player, currency: 'MXN', transactionId: id(), roundId, amount: '0' })).code).toBe('AMOUNT_INVALID');
    });

    it("moves a tip from the player to the vendor's tip account", async () => {
      const before = Number(await balanceOf(player));
      const tip = await vendor.call('tip', { player, currency: 'MXN', transactionId: id(), amount: '7.00' });
      expect(Number(tip.value!.balance)).toBeCloseTo(before - 7, 2);
      const [account] = await rows<{ balance_minor: string }>(
        platform.db.orm,
        sql`SELECT balance_minor FROM wallet.accounts WHERE owner_type = 'vendor' AND owner_id = 'SIMVENDOR' AND kind = 'tip' AND currency = 'MXN'`,
      );
      expect(account!.balance_minor).toBe('700');
      expect(await vendor.call('tip', { player, currency: 'MXN', transactionId: id(), amount: '100000.00' })).toMatchObject({ status: 409, code: 'INSUFFICIENT_FUNDS' });
    });
  });

  describe('house accounts, pushes and the betting record', () => {
    it("spreads the house side over shards whose sum mirrors the players' net", async () => {
      const { token: fresh, memberId } = await register();
      await deposit(fresh, '500.00');
      for (let round = 0; round < 12; round++) {
        await vendor.call('bet', {
          player: memberId,
          currency: 'MXN',
          transactionId: id(),
          roundId: `fish-${memberId}-${round}`,
          gameType: 'FISH',
          amount: '10.00',
          win: round % 3 === 0 ? '25.00' : '0',
          settle: true,
        });
      }
      const house = await platform.clients.wallet.houseBalance({ merchantCode: 'DEMO', vendor: 'SIMVENDOR', gameType: 'FISH', currency: 'MXN' });
      // 12 bets of 10 minus 4 wins of 25: the house is up 20.00.
      expect(house).toMatchObject({ balance: '20.00', balanceMinor: '2000', currency: 'MXN' });
      expect(house.shards).toBeGreaterThan(4);
      const kinds = await rows<{ kind: string }>(platform.db.orm, sql`SELECT kind FROM wallet.accounts WHERE owner_type = 'house' AND owner_id = 'SIMVENDOR:FISH'`);
      expect(kinds.every((row) => /^shard-(0\d|1[0-5])$/.test(row.kind))).toBe(true);
    });

    it('pushes every balance change of a vendor call to the player', async () => {
      const socket: Socket = io(platform.url, { auth: { token }, transports: ['websocket'] });
      const pushes: Array<{ type: string; data: { balance: string } }> = [];
      socket.on('push', (push: (typeof pushes)[number]) => pushes.push(push));
      await waitFor(() => socket.connected, 'the socket');
      const roundId = id();
      const bet = await vendor.call('bet', { player, currency: 'MXN', transactionId: id(), roundId, gameType: 'RNG', amount: '3.00' });
      const win = await vendor.call('win', { player, currency: 'MXN', transactionId: id(), roundId, amount: '1.00', settle: true });
      const balances = () => pushes.filter((push) => push.type === 'balance');
      await waitFor(() => balances().some((push) => push.data.balance === win.value!.balance), 'the win push');
      // Pushes of earlier tests' calls may still be on their way; these two must arrive, in this order.
      const ours = balances()
        .map((push) => push.data.balance)
        .filter((balance) => balance === bet.value!.balance || balance === win.value!.balance);
      expect(ours).toEqual([bet.value!.balance, win.value!.balance]);
      // The settled round may also move the brand's winner board or jackpot, which every socket is sent; nothing else.
      expect(pushes.every((push) => push.type in pushDataSchemas)).toBe(true);
      socket.close();
    });

    it("lists the member's own rounds, newest first, paged and filtered", async () => {
      const { token: fresh, memberId } = await register();
      await deposit(fresh, '100.00');
      await vendor.call('bet', { player: memberId, currency: 'MXN', transactionId: id(), roundId: `rec-${memberId}-1`, gameType: 'RNG', gameCode: 'g1', amount: '1.00', win: '2.50', settle: true });
      await vendor.call('bet', { player: memberId, currency: 'MXN', transactionId: id(), roundId: `rec-${memberId}-2`, gameType: 'LIVE', amount: '2.00' });
      await vendor.call('bet', { player: memberId, currency: 'MXN', transactionId: id(), roundId: `rec-${memberId}-3`, gameType: 'RNG', amount: '3.00' });
      await vendor.call('void', { player: memberId, currency: 'MXN', transactionId: id(), roundId: `rec-${memberId}-3` });

      type Page = { content: Array<Record<string, unknown>>; pageNum: number; totalPages: number; total: number };
      const all = await api<Page>('GET', '/wps/v2/bets?pageNo=1&pageSize=2', { token: fresh });
      expect(all.status).toBe(200);
      expect(all.body.value).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
      expect(all.body.value.content.map((row) => row.roundId)).toEqual([`rec-${memberId}-3`, `rec-${memberId}-2`]);
      expect(all.body.value.content[0]).toMatchObject({ status: 'cancelled', betAmount: '3.00', validBet: '0.00', vendor: 'SIMVENDOR', currency: 'MXN' });
      const second = await api<Page>('GET', '/wps/v2/bets?pageNo=2&pageSize=2', { token: fresh });
      expect(second.body.value.content[0]).toMatchObject({ roundId: `rec-${memberId}-1`, gameCode: 'g1', betAmount: '1.00', validBet: '1.00', winAmount: '2.50', status: 'settled' });
      expect(second.body.value.content[0]!.settledAt).toEqual(expect.any(String));
      const rng = await api<Page>('GET', '/wps/v2/bets?pageNo=1&pageSize=20&gameType=RNG', { token: fresh });
      expect(rng.body.value.total).toBe(2);
      const past = await api<Page>('GET', '/wps/v2/bets?pageNo=9&pageSize=20', { token: fresh });
      expect(past.body.value).toMatchObject({ content: [], total: 3 });
      const today = new Date().toISOString().slice(0, 10);
      expect((await api<Page>('GET', `/wps/v2/bets?from=${today}&to=${today}`, { token: fresh })).body.value.total).toBe(3);
      expect((await api<Page>('GET', '/wps/v2/bets?to=2000-01-01', { token: fresh })).body.value.total).toBe(0);
      expect((await api('GET', '/wps/v2/bets?pageSize=1000', { token: fresh })).status).toBe(400);
      expect((await api('GET', '/wps/v2/bets')).status).toBe(401);
    });

    it('leaves the ledger balanced with no account below zero', async () => {
      expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
    });
  });
});
