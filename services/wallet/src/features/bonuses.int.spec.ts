import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { PUSH_EVENT, type BonusTerms, type BonusView } from '@wps/contracts';
import { rows } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded';
import { VendorClient } from '../../../../tools/vendor-sim/client.js';
import { ledgerEntryCount, PAY_PASSWORD, registerMember, waitFor, type Member } from './payments/payments-test-setup.js';

/** Bonus money end to end: granted through the wallet's operation, played through the vendor API, read and given up through the HTTP API. */

const SECRET = 'bonus-test-secret-0123456789abcdef';
const TERMS: BonusTerms = { multiple: 10, base: 'bonus', days: 7, weights: { RNG: 100, LIVE: 10 } };

describe('bonus money (embedded)', () => {
  let platform: EmbeddedPlatform;
  let vendor: VendorClient;
  let call: ReturnType<typeof apiCaller>;
  const sockets: Socket[] = [];

  const fund = async (member: Member, amount: string) => {
    const response = await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, body: { amount }, key: randomUUID() });
    expect(response.status).toBe(200);
  };
  const grant = (member: Member, amountMinor: string, terms: BonusTerms = TERMS, key = randomUUID()) =>
    platform.clients.wallet.grantBonus({
      key,
      merchantCode: 'DEMO',
      memberId: member.id,
      currency: 'MXN',
      amountMinor,
      source: 'promotion',
      sourceRef: `test:${key}`,
      title: 'Bono de bienvenida',
      titles: { ES: 'Bono de bienvenida', EN: 'Welcome bonus' },
      terms,
    });
  const bonuses = async (member: Member) => (await call<{ bonusBalance: string; bonuses: BonusView[] }>('GET', '/wps/bonuses', { token: member.token })).body.value;
  const cash = async (member: Member) => (await platform.clients.wallet.getBalance({ merchantCode: 'DEMO', memberId: member.id, currency: 'MXN' })).balance;
  const playable = async (member: Member) => (await vendor.call('balance', { player: member.id, currency: 'MXN' })).value!.balance;
  const bet = (member: Member, amount: string, options: { roundId?: string; gameType?: string; settle?: boolean; win?: string; transactionId?: string } = {}) =>
    vendor.call('bet', {
      player: member.id,
      currency: 'MXN',
      transactionId: options.transactionId ?? randomUUID(),
      roundId: options.roundId ?? randomUUID(),
      gameType: options.gameType ?? 'RNG',
      amount,
      ...(options.settle ? { settle: true } : {}),
      ...(options.win !== undefined ? { win: options.win } : {}),
    });
  const houseMinor = async () =>
    (await rows<{ b: string }>(platform.db.orm, sql`SELECT balance_minor::text AS b FROM wallet.accounts WHERE owner_type = 'house' AND owner_id = 'promotions' AND currency = 'MXN'`))[0]?.b;
  const listen = async (member: Member) => {
    const pushes: Array<{ type: string; data: unknown }> = [];
    const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'] });
    sockets.push(socket);
    socket.on(PUSH_EVENT, (push: { type: string; data: unknown }) => pushes.push(push));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return pushes;
  };

  beforeAll(async () => {
    platform = await startEmbedded({
      logLevel: 'silent',
      env: { WALLET_VENDOR_SECRETS: `SIMVENDOR:${SECRET}`, WALLET_BONUS_SWEEP_MS: '100', ARGON2_MEMORY_KIB: '1024', REGISTRATIONS_PER_IP_PER_HOUR: '1000' },
    });
    vendor = new VendorClient({ url: platform.url, vendor: 'SIMVENDOR', secret: SECRET });
    call = apiCaller(platform.url);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });
  afterEach(async () => {
    // Every movement of bonus money is a balanced ledger transaction and no member account goes below zero.
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('gives a bonus once per key from the promotions account, and only one wagering at a time', async () => {
    const member = await registerMember(platform);
    const key = randomUUID();
    const given = await grant(member, '5000', TERMS, key);
    expect(given).toMatchObject({ state: 'wagering', amount: '50.00', required: '500.00', wagered: '0.00', progress: 0, title: 'Bono de bienvenida' });
    expect(await grant(member, '5000', TERMS, key)).toEqual(given);
    await expect(grant(member, '6000', TERMS, key)).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    await expect(grant(member, '1000')).rejects.toMatchObject({ code: 'BONUS_ALREADY_ACTIVE' });
    // Read in the caller's language.
    expect(await bonuses(member)).toMatchObject({ bonusBalance: '50.00', bonuses: [{ bonusId: given.bonusId, state: 'wagering', title: 'Welcome bonus' }] });
    expect(await cash(member)).toBe('0.00');
    // The vendor sees what the member can play with: cash and the bonus.
    expect(await playable(member)).toBe('50.00');
    expect(BigInt((await houseMinor())!)).toBeLessThanOrEqual(-5000n);
  });

  it('spends cash first, pays a round back in the share its stakes were bonus money, and returns a rolled-back stake where it came from', async () => {
    const member = await registerMember(platform);
    await fund(member, '100.00');
    await grant(member, '5000');
    const roundId = randomUUID();
    const staked = await bet(member, '120.00', { roundId });
    expect(staked.value?.balance).toBe('30.00');
    expect(await cash(member)).toBe('0.00');
    expect((await bonuses(member)).bonusBalance).toBe('30.00');
    // 20 of the 120 staked was bonus money: a sixth of the win stays bonus money.
    const won = await vendor.call('win', { player: member.id, currency: 'MXN', transactionId: randomUUID(), roundId, amount: '240.00', settle: true });
    expect(won.success).toBe(true);
    expect(await cash(member)).toBe('200.00');
    expect((await bonuses(member)).bonusBalance).toBe('70.00');

    const other = randomUUID();
    const betId = randomUUID();
    await bet(member, '230.00', { roundId: other, transactionId: betId });
    expect(await cash(member)).toBe('0.00');
    expect((await bonuses(member)).bonusBalance).toBe('40.00');
    await vendor.call('rollback', { player: member.id, currency: 'MXN', transactionId: randomUUID(), roundId: other, betTransactionId: betId });
    expect(await cash(member)).toBe('200.00');
    expect((await bonuses(member)).bonusBalance).toBe('70.00');
  });

  it('refuses a bet above the maximum while wagering, in words, and moves nothing', async () => {
    const member = await registerMember(platform);
    await fund(member, '100.00');
    await grant(member, '5000', { ...TERMS, maxBetMinor: '500' });
    const entries = await ledgerEntryCount(platform);
    const refused = await bet(member, '5.01');
    expect(refused).toMatchObject({ success: false, code: 'BONUS_MAX_BET', message: 'The maximum bet while a bonus is being wagered is 5.00' });
    expect(await ledgerEntryCount(platform)).toBe(entries);
    expect((await bet(member, '5.00', { settle: true, win: '0' })).success).toBe(true);
  });

  it('counts settled bets weighted by game type, a corrected round once, and turns the bonus into cash when the requirement is met', async () => {
    const member = await registerMember(platform);
    await fund(member, '1000.00');
    const given = await grant(member, '1000'); // 10.00 × 10 = 100.00 to wager
    const pushes = await listen(member);
    await bet(member, '40.00', { settle: true, win: '0' });
    await bet(member, '100.00', { gameType: 'LIVE', settle: true, win: '0' }); // counts 10 %
    await waitFor(async () => (await bonuses(member)).bonuses[0]!.wagered === '50.00', 'slots in full and live at a tenth');
    // A settled round that is corrected is counted once, at its newest revision.
    const roundId = randomUUID();
    await bet(member, '30.00', { roundId });
    await vendor.call('win', { player: member.id, currency: 'MXN', transactionId: randomUUID(), roundId, amount: '0', settle: true });
    await waitFor(async () => (await bonuses(member)).bonuses[0]!.wagered === '80.00', 'the third bet counted');
    await vendor.call('resettle', { player: member.id, currency: 'MXN', transactionId: randomUUID(), roundId, winAmount: '0' });
    expect((await bonuses(member)).bonuses[0]!.wagered).toBe('80.00');
    const cashBefore = await cash(member);
    await bet(member, '25.00', { settle: true, win: '0' });
    await waitFor(async () => (await bonuses(member)).bonuses[0]!.state === 'completed', 'the bonus completed');
    const done = (await bonuses(member)).bonuses[0]!;
    expect(done).toMatchObject({ bonusId: given.bonusId, state: 'completed', wagered: '100.00', progress: 100, releasedMinor: '1000' });
    expect(await cash(member)).toBe((Number(cashBefore) - 25 + 10).toFixed(2));
    expect((await bonuses(member)).bonusBalance).toBe('0.00');
    await waitFor(() => pushes.some((push) => push.type === 'bonus' && (push.data as { bonus: BonusView }).bonus.state === 'completed'), 'the bonus push');
    await waitFor(() => pushes.some((push) => push.type === 'balance' && (push.data as { balance: string }).balance === (Number(cashBefore) - 15).toFixed(2)), 'the balance push');
  });

  it('counts nothing for a cancelled round', async () => {
    const member = await registerMember(platform);
    await fund(member, '100.00');
    await grant(member, '1000');
    const roundId = randomUUID();
    await bet(member, '20.00', { roundId });
    await vendor.call('win', { player: member.id, currency: 'MXN', transactionId: randomUUID(), roundId, amount: '5.00' });
    await vendor.call('void', { player: member.id, currency: 'MXN', transactionId: randomUUID(), roundId });
    await bet(member, '10.00', { settle: true, win: '0' });
    await waitFor(async () => (await bonuses(member)).bonuses[0]!.wagered === '10.00', 'only the settled bet counts');
  });

  it('asks before a withdrawal forfeits a wagering bonus, then gives what is left back to the house', async () => {
    const member = await registerMember(platform);
    await call('PUT', '/wps/member/payment-password', { token: member.token, body: { password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD } });
    await fund(member, '500.00');
    const given = await grant(member, '3000');
    const house = BigInt((await houseMinor())!);
    const entries = await ledgerEntryCount(platform);
    const body = { amount: '100.00', paymentPassword: PAY_PASSWORD, bankName: 'BBVA', accountName: 'Lucia Perez', accountNumber: '012345678901234567' };
    const asked = await call('POST', '/wps/v2/withdraw', { token: member.token, key: randomUUID(), body });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ success: false, code: 'BONUS_FORFEIT_CONFIRM', message: 'A withdrawal now forfeits your bonus of 30.00 and what it has won; confirm to go on' });
    expect(await ledgerEntryCount(platform)).toBe(entries);
    const confirmed = await call('POST', '/wps/v2/withdraw', { token: member.token, key: randomUUID(), body: { ...body, forfeitBonus: true } });
    expect(confirmed.status).toBe(200);
    expect((await bonuses(member)).bonuses[0]).toMatchObject({ bonusId: given.bonusId, state: 'forfeited', forfeitedMinor: '3000' });
    expect(BigInt((await houseMinor())!)).toBe(house + 3000n);
    expect(await cash(member)).toBe('400.00');
  });

  it('lets the member give a bonus up, only its own, and keeps a forfeited bonus’s winnings with the house', async () => {
    const member = await registerMember(platform);
    const stranger = await registerMember(platform);
    await grant(member, '2000');
    const roundId = randomUUID();
    await bet(member, '20.00', { roundId });
    const id = (await bonuses(member)).bonuses[0]!.bonusId;
    expect((await call('POST', '/wps/bonuses/forfeit', { token: stranger.token, body: { bonusId: id } })).body.code).toBe('BONUS_NOT_FOUND');
    // An id past bigint's range is refused by its shape, before it reaches the database.
    const tooLong = await call('POST', '/wps/bonuses/forfeit', { token: member.token, body: { bonusId: '9408347947230402970' } });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const given = await call<BonusView>('POST', '/wps/bonuses/forfeit', { token: member.token, body: { bonusId: id } });
    expect(given.body.value).toMatchObject({ state: 'forfeited', forfeitedMinor: '0' });
    expect((await call('POST', '/wps/bonuses/forfeit', { token: member.token, body: { bonusId: id } })).body.code).toBe('BONUS_NOT_ACTIVE');
    // The round was staked with bonus money only: its win goes nowhere the member can spend.
    await vendor.call('win', { player: member.id, currency: 'MXN', transactionId: randomUUID(), roundId, amount: '80.00', settle: true });
    expect(await cash(member)).toBe('0.00');
    expect((await bonuses(member)).bonusBalance).toBe('0.00');
  });

  it('expires a bonus whose time ran out', async () => {
    const member = await registerMember(platform);
    const given = await grant(member, '1500');
    await platform.db.orm.execute(sql`UPDATE wallet.bonuses SET expires_at = now() - interval '1 second' WHERE id = ${given.bonusId}::bigint`);
    await waitFor(async () => (await bonuses(member)).bonuses[0]!.state === 'expired', 'the expiry sweep');
    expect((await bonuses(member)).bonuses[0]).toMatchObject({ forfeitedMinor: '1500' });
    expect((await bonuses(member)).bonusBalance).toBe('0.00');
  });

  it('lets the operator give a bonus by hand, once per key, and read a member’s bonuses', async () => {
    const member = await registerMember(platform);
    const desk = (method: string, url: string, body?: unknown, key?: string) =>
      call<BonusView & { bonuses: BonusView[]; bonusBalance: string }>(method, url, { body, key, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });
    const key = randomUUID();
    const body = { amount: '25.00', currency: 'MXN', title: 'Goodwill bonus', terms: { multiple: 3, days: 14, maxBetMinor: '1000' } };
    const given = await desk('POST', `/operator/v1/members/${member.id}/bonuses`, body, key);
    expect(given.status).toBe(200);
    expect(given.body.value).toMatchObject({ source: 'operator', sourceRef: 'ana.ops', amount: '25.00', required: '75.00', maxBet: '10.00', state: 'wagering' });
    expect((await desk('POST', `/operator/v1/members/${member.id}/bonuses`, body, key)).body.value.bonusId).toBe(given.body.value.bonusId);
    expect((await desk('POST', '/operator/v1/members/999999999/bonuses', body, randomUUID())).body.code).toBe('NOT_FOUND');
    expect((await desk('POST', `/operator/v1/members/${member.id}/bonuses`, { ...body, amount: '-1' }, randomUUID())).status).toBe(400);
    const listed = await desk('GET', `/operator/v1/members/${member.id}/bonuses?currency=MXN`);
    expect(listed.body.value).toMatchObject({ bonusBalance: '25.00', bonuses: [{ bonusId: given.body.value.bonusId }] });
    expect((await call('POST', `/operator/v1/members/${member.id}/bonuses`, { body, key: randomUUID(), token: member.token })).status).toBe(401);
  });

  it('pays a bonus without wagering as cash at once', async () => {
    const member = await registerMember(platform);
    const given = await grant(member, '700', { multiple: 0, base: 'bonus', days: 1 });
    expect(given).toMatchObject({ state: 'completed', releasedMinor: '700', progress: 100 });
    expect(await cash(member)).toBe('7.00');
  });
});
