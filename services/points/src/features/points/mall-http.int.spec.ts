import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { PUSH_EVENT, type AnyPush, type BetSettled, type PointBalanceView, type PointDetail, type PointReward, type PointsPush, type Redemption } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually, settledBet } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

interface Member {
  token: string;
  memberId: string;
  pushes: PointsPush[];
}
interface Paged<T> {
  list: T[];
  total: number;
}

const PAY_PASSWORD = 'pago1234';

/** The points mall through the real HTTP API and socket of the embedded platform (PGlite, the in-memory bus, every service). */
describe('the points mall through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  const operator = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
    call<T>(method, `/operator/v1/merchants/DEMO/points${url}`, { body, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });

  const register = async (): Promise<Member> => {
    const username = `pts${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
    });
    expect(response.status).toBe(200);
    const member: Member = { token: response.body.value.token, memberId: response.body.value.user.id, pushes: [] };
    expect((await call('PUT', '/wps/member/payment-password', { token: member.token, body: { password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD } })).status).toBe(200);
    await new Promise<void>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'points') member.pushes.push(push.data);
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return member;
  };
  let betSeq = 0;
  const bet = (member: Member, gameType: string, validBetMinor: string, overrides: Partial<BetSettled> = {}): BetSettled => {
    const n = ++betSeq;
    return settledBet({ betId: `pm-${member.memberId}-${n}`, roundId: `r-${n}`, gameType, gameCode: 'demo', memberId: member.memberId, validBetMinor, ...overrides });
  };
  const publish = (...bets: BetSettled[]) => platform.bus.publish(bets.map((one) => ({ topic: 'bets.v1', key: one.betId, value: createEnvelope('bet.settled', one.betId, one, 'test') })));
  const balance = async (member: Member) => (await call<PointBalanceView>('GET', '/wps/relay/MCS2_getPointBalance', { token: member.token })).body.value;
  const points = async (member: Member) => (await balance(member)).points;
  const wallet = async (member: Member) => (await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token: member.token })).body.value.balance;
  const earn = async (member: Member, amount: number) => {
    const before = BigInt(await points(member));
    // Slots earn one point per 100.00 MXN of valid bet in the demo brand.
    await publish(bet(member, 'RNG', String(amount * 10_000)));
    await eventually(async () => BigInt(await points(member)) === before + BigInt(amount), `${amount} points earned`);
  };
  const redeem = (member: Member, body: Record<string, unknown>, key = randomUUID()) =>
    call<Redemption>('POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', { token: member.token, key, body: { paymentPassword: PAY_PASSWORD, ...body } });
  const convert = (member: Member, value: unknown, key = randomUUID(), paymentPassword = PAY_PASSWORD) =>
    call<{ referenceNo: string; amount: string; pointsLeft: string }>('POST', '/wps/relay/passwordCheck/MCS2_convertPoint', { token: member.token, key, body: { points: value, paymentPassword } });
  const createReward = async (body: Record<string, unknown>) => {
    const response = await operator<PointReward & { rewardId: string }>('POST', '/rewards', { description: '', image: '/rewards/cash.svg', ...body });
    expect(response.status).toBe(200);
    return response.body.value.rewardId;
  };

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('earns points per game type from the highest revision of each bet, takes back cancelled bets, and pushes each change', async () => {
    const member = await register();
    const first = bet(member, 'RNG', '1234567'); // 12,345.67 MXN on slots: 123 points
    const live = bet(member, 'LIVE', '1000000'); // 10,000.00 on live: 50 points
    const lottery = bet(member, 'LOTT', '9000000'); // lottery earns nothing
    await publish(first, live, lottery);
    await eventually(async () => (await points(member)) === '173', '173 points');
    // A correction posts the difference; a late copy of an older revision changes nothing.
    await publish({ ...first, validBetMinor: '2000000', revision: 1 });
    await publish({ ...first, validBetMinor: '9999999', revision: 0 });
    await eventually(async () => (await points(member)) === '250', '250 points');
    await publish({ ...live, state: 'cancelled', validBetMinor: '0', revision: 1 });
    await eventually(async () => (await points(member)) === '200', '200 points after the cancellation');
    await eventually(() => member.pushes.at(-1)?.points === '200', 'a push of 200 points');
    const versions = member.pushes.map((push) => push.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));

    const summary = await balance(member);
    expect(summary).toMatchObject({ points: '200', balance: '200', changedPoints: '200', ratio: '100', pointsValue: '2.00', currency: 'MXN' });
    const details = (await call<Paged<PointDetail>>('GET', '/wps/relay/MCS2_getPointDetails?pageSize=10', { token: member.token })).body.value;
    expect(details.total).toBe(4);
    expect(details.list.map((entry) => [entry.change, entry.balance])).toEqual([
      ['-50', '200'],
      ['77', '250'],
      ['50', '173'],
      ['123', '123'],
    ]);
    expect(details.list[0]).toMatchObject({ cause: 'bet', reference: `${live.betId}:1` });
    const config = (await call<{ ratios: Array<{ gameType: string; betPerPoint: string }>; convertAmount: string }>('GET', '/wps/relay/MCS2_getPointConfig', { token: member.token })).body.value;
    expect(config.ratios).toContainEqual({ gameType: 'RNG', minorPerPoint: '10000', betPerPoint: '100.00' });
    expect(config).toMatchObject({ convertPoints: '1000', convertAmount: '10.00', convertMinPoints: '100', convertEnabled: true });
  });

  it('a cancelled bet takes its points back even when they were spent since', async () => {
    const member = await register();
    const big = bet(member, 'RNG', '3000000'); // 300 points
    await publish(big);
    await eventually(async () => (await points(member)) === '300', '300 points');
    expect((await convert(member, '200')).status).toBe(200);
    await publish({ ...big, state: 'cancelled', validBetMinor: '0', revision: 1 });
    await eventually(async () => (await points(member)) === '-200', 'a negative balance of -200');
  });

  it('redeems an instant cash reward once per key, paid to the wallet, and refuses every bad request with nothing spent', async () => {
    const member = await register();
    await earn(member, 500);
    const rewardId = await createReward({ kind: 'cash', name: 'Cash 5', points: '100', amount: '5.00', stock: 3, dailyLimit: 2 });
    const walletBefore = await wallet(member);

    expect((await redeem(member, { rewardId, paymentPassword: 'wrong999' })).body).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG' });
    expect((await redeem(member, { rewardId, quantity: 6 })).body).toMatchObject({ code: 'POINT_REWARD_OUT_OF_STOCK' });
    expect((await redeem(member, { rewardId: '999999999' })).body).toMatchObject({ code: 'POINT_REWARD_NOT_FOUND' });
    expect((await redeem(member, { rewardId, quantity: 0 })).body.success).toBe(false);
    expect(await points(member)).toBe('500');

    const key = randomUUID();
    const first = await redeem(member, { rewardId }, key);
    expect(first.body.value).toMatchObject({ type: 'cash', status: 'approved', points: '100', amount: '5.00', quantity: 1 });
    const again = await redeem(member, { rewardId }, key);
    expect(again.body.value.referenceNo).toBe(first.body.value.referenceNo);
    expect(await points(member)).toBe('400');
    await eventually(async () => Number(await wallet(member)) === Number(walletBefore) + 5, 'the wallet paid 5.00 once');

    expect((await redeem(member, { rewardId })).status).toBe(200);
    expect((await redeem(member, { rewardId })).body).toMatchObject({ code: 'POINT_REWARD_LIMIT_REACHED', message: 'You have reached the redemption limit for this reward' });
    expect(await points(member)).toBe('300');

    const dear = await createReward({ kind: 'bonus', name: 'Bonus big', points: '1000', amount: '50.00' });
    expect((await redeem(member, { rewardId: dear })).body).toMatchObject({ code: 'POINTS_INSUFFICIENT' });
    const goods = await createReward({ kind: 'goods', name: 'Mug', points: '10' });
    expect((await redeem(member, { rewardId: goods })).body).toMatchObject({ code: 'POINT_DELIVERY_REQUIRED' });
    expect(await points(member)).toBe('300');

    const history = (await call<Paged<Redemption>>('GET', '/wps/relay/MCS2_getRedeemPointList', { token: member.token })).body.value;
    expect(history.total).toBe(2);
    expect(history.list[0]).toMatchObject({ type: 'cash', name: 'Cash 5', status: 'approved', remark: null });
  });

  it('two redeems at once for the last unit, or with points for one: one succeeds, the other is refused, nothing lost', async () => {
    const member = await register();
    await earn(member, 300);
    const last = await createReward({ kind: 'goods', name: 'Last one', points: '50', stock: 1 });
    const delivery = { name: 'Lucia Perez', phone: '5512345678', address: 'Av. Reforma 222, CDMX' };
    const both = await Promise.all([redeem(member, { rewardId: last, delivery }), redeem(member, { rewardId: last, delivery })]);
    expect(both.map((one) => one.body.success).sort()).toEqual([false, true]);
    expect(both.find((one) => !one.body.success)!.body).toMatchObject({ code: 'POINT_REWARD_OUT_OF_STOCK' });
    expect(await points(member)).toBe('250');

    const costly = await createReward({ kind: 'goods', name: 'Costly', points: '200' });
    const race = await Promise.all([redeem(member, { rewardId: costly, delivery }), redeem(member, { rewardId: costly, delivery })]);
    expect(race.map((one) => one.body.success).sort()).toEqual([false, true]);
    expect(race.find((one) => !one.body.success)!.body).toMatchObject({ code: 'POINTS_INSUFFICIENT' });
    expect(await points(member)).toBe('50');

    // The same key twice at once: one redemption.
    const cheap = await createReward({ kind: 'goods', name: 'Cheap', points: '10' });
    const key = randomUUID();
    const twice = await Promise.all([redeem(member, { rewardId: cheap, delivery }, key), redeem(member, { rewardId: cheap, delivery }, key)]);
    expect(twice.every((one) => one.body.success)).toBe(true);
    expect(twice[0].body.value.referenceNo).toBe(twice[1].body.value.referenceNo);
    expect(await points(member)).toBe('40');
  });

  it('an operator approves or rejects redemptions in process: rejection returns the points and the stock, approval pays or hands out the code', async () => {
    const member = await register();
    await earn(member, 1000);
    const goods = await createReward({ kind: 'goods', name: 'Headphones', points: '300', stock: 2 });
    const voucher = await createReward({ kind: 'voucher', name: 'Gift card', points: '100', needsApproval: true });
    const loaded = await operator<{ added: number; vouchersLeft: number }>('POST', `/rewards/${voucher}/codes`, { codes: ['GIFT-A', 'GIFT-B', 'GIFT-A'] });
    expect(loaded.body.value).toEqual({ added: 2, vouchersLeft: 2 });
    const cash = await createReward({ kind: 'cash', name: 'Cash approved', points: '100', amount: '7.50', needsApproval: true });
    const delivery = { name: 'Lucia Perez', phone: '5512345678', address: 'Av. Reforma 222, CDMX' };

    const parcel = (await redeem(member, { rewardId: goods, delivery })).body.value;
    const code = (await redeem(member, { rewardId: voucher })).body.value;
    const money = (await redeem(member, { rewardId: cash })).body.value;
    expect([parcel.status, code.status, money.status]).toEqual(['in_process', 'in_process', 'in_process']);
    expect(code.voucherCodes).toEqual([]);
    expect(await points(member)).toBe('500');
    const pending = (await operator<Paged<Redemption>>('GET', '/redemptions?status=in_process&pageSize=100')).body.value;
    expect(pending.list.map((one) => one.referenceNo)).toEqual(expect.arrayContaining([parcel.referenceNo, code.referenceNo, money.referenceNo]));

    const rejected = await operator<Redemption>('POST', `/redemptions/${parcel.referenceNo}/review`, { decision: 'reject', remark: 'Address outside the delivery area' });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', remark: 'Address outside the delivery area' });
    expect(await points(member)).toBe('800');
    const rewards = (await operator<{ list: Array<{ rewardId: string; stock: number | null }> }>('GET', '/rewards')).body.value.list;
    expect(rewards.find((one) => one.rewardId === goods)?.stock).toBe(2);
    expect((await operator('POST', `/redemptions/${parcel.referenceNo}/review`, { decision: 'approve' })).body).toMatchObject({ code: 'POINT_REDEMPTION_NOT_PENDING' });
    expect(await points(member)).toBe('800');

    expect((await operator<Redemption>('POST', `/redemptions/${code.referenceNo}/review`, { decision: 'approve' })).body.value.status).toBe('approved');
    const walletBefore = await wallet(member);
    expect((await operator<Redemption>('POST', `/redemptions/${money.referenceNo}/review`, { decision: 'approve' })).body.value.status).toBe('approved');
    await eventually(async () => Number(await wallet(member)) === Number(walletBefore) + 7.5, 'the wallet paid 7.50');
    const history = (await call<Paged<Redemption>>('GET', '/wps/relay/MCS2_getRedeemPointList?pageSize=10', { token: member.token })).body.value.list;
    expect(history.find((one) => one.referenceNo === code.referenceNo)?.voucherCodes).toEqual(['GIFT-A']);
    expect(history.find((one) => one.referenceNo === parcel.referenceNo)).toMatchObject({ status: 'rejected', delivery, remark: 'Address outside the delivery area' });
    expect((await operator('POST', '/redemptions/PM000/review', { decision: 'approve' })).body).toMatchObject({ code: 'POINT_REDEMPTION_NOT_FOUND' });
  });

  it('converts whole points to cash once per key and refuses negative, zero, fractional, too small or too many points', async () => {
    const member = await register();
    await earn(member, 2500);
    const walletBefore = Number(await wallet(member));
    for (const bad of ['-100', '0', '150.5', '1e3', 'abc', -5, 10.5, ''])
      expect((await convert(member, bad)).body, `points ${String(bad)}`).toMatchObject({ code: 'POINTS_AMOUNT_INVALID', message: 'Enter a whole number of points greater than zero' });
    expect((await convert(member, '99')).body).toMatchObject({ code: 'POINTS_CONVERT_MIN', message: 'The minimum conversion is 100 points' });
    expect((await convert(member, '3000')).body).toMatchObject({ code: 'POINTS_INSUFFICIENT' });
    expect((await convert(member, '1000', randomUUID(), 'wrong999')).body).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG' });
    expect(await points(member)).toBe('2500');

    const key = randomUUID();
    const first = await convert(member, '1000', key);
    expect(first.body.value).toMatchObject({ amount: '10.00', pointsLeft: '1500' });
    const repeat = await convert(member, '1000', key);
    expect(repeat.body.value.referenceNo).toBe(first.body.value.referenceNo);
    expect((await convert(member, '1200', key)).body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await points(member)).toBe('1500');
    await eventually(async () => Number(await wallet(member)) === walletBefore + 10, 'the wallet paid 10.00 once');
    const last = (await call<Paged<PointDetail>>('GET', '/wps/relay/MCS2_getPointDetails', { token: member.token })).body.value.list[0];
    expect(last).toMatchObject({ cause: 'convert', change: '-1000', balance: '1500', reference: first.body.value.referenceNo });
  });

  it('a conversion whose payment did not happen is paid on the repeat with the same key, exactly once', async () => {
    const member = await register();
    await earn(member, 1000);
    const walletBefore = Number(await wallet(member));
    const key = randomUUID();
    const first = await convert(member, '500', key);
    expect(first.status).toBe(200);
    // As if the service had stopped between spending the points and the wallet's answer: the record says unpaid.
    await platform.db.orm.execute(sql`UPDATE points.point_conversions SET paid_at = NULL WHERE reference_no = ${first.body.value.referenceNo}`);
    expect((await convert(member, '500', key)).body.value.referenceNo).toBe(first.body.value.referenceNo);
    await eventually(async () => Number(await wallet(member)) === walletBefore + 5, 'the wallet paid 5.00');
    expect(Number(await wallet(member))).toBe(walletBefore + 5);
    expect(await points(member)).toBe('500');
  });

  it('lets the operator change ratios, the conversion and rewards, refusing bad settings with nothing changed', async () => {
    const member = await register();
    const config = (body: unknown) => operator<{ ratios: Array<{ gameType: string; minorPerPoint: string }>; convertEnabled: boolean; convertMinPoints: string }>('PUT', '/config', body);
    expect((await config({ ratios: [{ gameType: 'NOPE', minorPerPoint: '100' }] })).body).toMatchObject({ code: 'POINT_CONFIG_INVALID' });
    expect((await config({ convertAmount: '1.234' })).body).toMatchObject({ code: 'POINT_CONFIG_INVALID' });
    const changed = await config({ ratios: [{ gameType: 'PVP', minorPerPoint: '500' }], convertEnabled: false });
    expect(changed.body.value.ratios).toContainEqual({ gameType: 'PVP', minorPerPoint: '500', betPerPoint: '5.00' });
    expect(changed.body.value.ratios).toContainEqual({ gameType: 'RNG', minorPerPoint: '10000', betPerPoint: '100.00' });
    try {
      await publish(bet(member, 'PVP', '2600')); // 26.00 at 5.00 per point: 5 points
      await eventually(async () => (await points(member)) === '5', '5 points on cards');
      expect((await convert(member, '5')).body).toMatchObject({ code: 'POINTS_CONVERT_UNAVAILABLE' });
    } finally {
      await config({ ratios: [{ gameType: 'PVP', minorPerPoint: '10000' }], convertEnabled: true });
    }

    const rewardId = await createReward({ kind: 'cash', name: 'Soon gone', points: '1', amount: '1.00' });
    expect((await operator('POST', '/rewards', { kind: 'cash', name: 'No amount', points: '1' })).body).toMatchObject({ code: 'POINT_REWARD_INVALID' });
    expect((await operator('POST', `/rewards/${rewardId}/codes`, { codes: ['X1'] })).body).toMatchObject({ code: 'POINT_REWARD_INVALID' });
    const updated = await operator<{ enabled: boolean; name: string }>('PUT', `/rewards/${rewardId}`, { kind: 'cash', name: 'Gone', points: '1', amount: '1.00', enabled: false });
    expect(updated.body.value).toMatchObject({ enabled: false, name: 'Gone' });
    expect((await operator('PUT', '/rewards/999999999', { kind: 'cash', name: 'Nobody', points: '1', amount: '1.00' })).body).toMatchObject({ code: 'POINT_REWARD_NOT_FOUND' });
    const offered = (await call<{ list: PointReward[] }>('GET', '/wps/relay/MCS2_getPointReward', { token: member.token })).body.value.list;
    expect(offered.map((reward) => reward.rewardId)).not.toContain(rewardId);
    expect((await redeem(member, { rewardId })).body).toMatchObject({ code: 'POINT_REWARD_NOT_FOUND' });
    expect(await points(member)).toBe('5');
  });

  it('keeps the points ledger summing to zero per brand and the wallet ledger clean', async () => {
    const sums = await rows<{ merchant_code: string; total: string }>(
      platform.db.orm,
      sql`SELECT merchant_code, sum(points)::text AS total FROM (
            SELECT merchant_code, points FROM points.point_accounts UNION ALL SELECT merchant_code, points FROM points.point_brand_accounts
          ) AS everyone GROUP BY merchant_code`,
    );
    for (const sum of sums) expect(sum.total, sum.merchant_code).toBe('0');
    const drift = await rows(
      platform.db.orm,
      sql`SELECT a.member_id FROM points.point_accounts a LEFT JOIN (SELECT member_id, sum(change) AS total FROM points.point_transactions GROUP BY member_id) t USING (member_id)
          WHERE a.points <> coalesce(t.total, 0)`,
    );
    expect(drift).toEqual([]);
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});
