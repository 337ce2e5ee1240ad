import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { PUSH_EVENT, type AnyPush, type BetSettled, type BonusView, type PushData, type RaffleState, type RaffleVerification } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually, settledBet } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { drawWinners } from './draw.js';

interface Member {
  token: string;
  memberId: string;
  account: string;
  pushes: Array<PushData<'raffle'>>;
}

const mask = (account: string) => `${account.slice(0, 2)}***${account.at(-1)}`;
const PRIZES = [
  { rank: 1, amountMinor: '50000' },
  { rank: 2, amountMinor: '20000' },
  { rank: 3, amountMinor: '10000' },
];

/** Raffles through the real HTTP API and socket of the embedded platform: join, tickets from bets, the verifiable draw. */
describe('raffles through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  let ipCounter = 1;

  let registered = 0;
  const register = async (): Promise<Member> => {
    // Masked names show the first two letters and the last: a last letter of its own keeps members apart.
    const account = `raf${randomUUID().slice(0, 8).replace(/-/g, '')}${'abcdefghijklmnopqrstuvwxyz'[registered++ % 26]}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username: account, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
      headers: { 'x-forwarded-for': `198.18.0.${ipCounter++}` },
    });
    expect(response.status).toBe(200);
    const member: Member = { token: response.body.value.token, memberId: response.body.value.user.id, account, pushes: [] };
    // Names are shown masked once the service knows the account.
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM points.mission_members WHERE member_id = ${member.memberId}`)).length === 1, 'the account');
    await new Promise<void>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'raffle') member.pushes.push(push.data);
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return member;
  };
  const createRaffle = async (terms: Partial<{ ticketPerMinor: string; drawAt: string; prizes: typeof PRIZES; multiple: number }> = {}, startsAt = new Date(Date.now() - 60_000)) => {
    const [created] = await rows<{ id: string }>(
      platform.db.orm,
      sql`INSERT INTO points.promotions (merchant_code, kind, category, titles, terms, currency, starts_at, created_by, updated_by)
          VALUES ('DEMO', 'raffle', 'other', '{"ES": "Gran sorteo", "EN": "Big raffle"}'::jsonb,
                  ${JSON.stringify({ ticketPerMinor: '10000', drawAt: new Date(Date.now() + 3_600_000).toISOString(), prizes: PRIZES, multiple: 0, ...terms })}::jsonb,
                  'MXN', ${startsAt.toISOString()}::timestamptz, 'test', 'test')
          RETURNING id::text AS id`,
    );
    return created!.id;
  };
  const state = async (promotionId: string, member?: Member) => {
    const response = await call<RaffleState>('GET', `/wps/relay/MCS2_getRafflePromotion?promotionId=${promotionId}`, { token: member?.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  const join = (promotionId: string, member: Member) => call<RaffleState>('POST', '/wps/relay/MCS2_claimRafflePromotion', { token: member.token, body: { promotionId } });
  const verify = async (promotionId: string) => (await call<RaffleVerification>('GET', `/wps/relay/MCS2_verifyRafflePromotion?promotionId=${promotionId}`)).body.value;
  const operator = <T>(method: string, url: string) => call<T>(method, url, { headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });
  const bet = (member: Member, betId: string, validBetMinor: string, changes: Partial<BetSettled> = {}): BetSettled => settledBet({ betId, memberId: member.memberId, validBetMinor, ...changes });
  const publish = (...bets: BetSettled[]) => platform.bus.publish(bets.map((one) => ({ topic: 'bets.v1', key: one.betId, value: createEnvelope('bet.settled', one.betId, one, 'test') })));
  const balanceMinor = async (member: Member) => {
    const response = await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token: member.token });
    return BigInt(Math.round(Number(response.body.value.balance) * 100));
  };
  const walletPayouts = async (key: string) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM wallet.loyalty_payouts WHERE key = ${key}`))[0]!.n;
  /** Recomputes the draw from what verify publishes, as anyone can. */
  const recompute = (verification: RaffleVerification) =>
    drawWinners(
      verification.seed!,
      verification.entries!.map((entry) => ({ position: entry.position, tickets: BigInt(entry.tickets) })),
      PRIZES.length,
    );

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('refuses unknown and malformed raffles, and joining without a session', async () => {
    expect((await call('GET', '/wps/relay/MCS2_getRafflePromotion?promotionId=999999999')).body).toMatchObject({ code: 'RAFFLE_NOT_FOUND' });
    expect((await call('GET', '/wps/relay/MCS2_getRafflePromotion?promotionId=../etc')).status).toBe(400);
    expect((await call('GET', '/wps/relay/MCS2_getRafflePromotion')).status).toBe(400);
    const promotionId = await createRaffle();
    expect((await call('POST', '/wps/relay/MCS2_claimRafflePromotion', { body: { promotionId } })).status).toBe(401);
    const alice = await register();
    expect((await call('POST', '/wps/relay/MCS2_claimRafflePromotion', { token: alice.token, body: {} })).status).toBe(400);
    expect((await join('424242424', alice)).status).toBe(404);
    // A raffle that has not started cannot be joined yet.
    const upcoming = await createRaffle({}, new Date(Date.now() + 3_600_000));
    expect((await state(upcoming, alice)).status).toBe('upcoming');
    expect((await join(upcoming, alice)).body).toMatchObject({ code: 'RAFFLE_NOT_OPEN' });
    // Not a raffle: another kind of promotion is not found here.
    const [other] = await rows<{ id: string }>(
      platform.db.orm,
      sql`INSERT INTO points.promotions (merchant_code, kind, category, titles, terms, currency, starts_at, created_by, updated_by)
          VALUES ('DEMO', 'tournament', 'other', '{"ES": "T", "EN": "T"}'::jsonb, '{"prizePoolMinor": "100", "gameTypes": []}'::jsonb, 'MXN', now(), 'test', 'test') RETURNING id::text AS id`,
    );
    expect((await join(other!.id, alice)).body).toMatchObject({ code: 'RAFFLE_NOT_FOUND' });
  });

  it('publishes the hash, joins once however often asked, counts tickets from valid bet since the start, and draws verifiably once', async () => {
    // Members first: their sockets are connected before the raffle opens and its hash goes to the brand.
    const alice = await register();
    const bob = await register();
    const carol = await register();
    const promotionId = await createRaffle();
    const guestView = await state(promotionId);
    expect(guestView).toMatchObject({ status: 'open', seed: null, me: null, entrants: 0, totalTickets: '0', ticketPerMinor: '10000', currency: 'MXN', prizes: PRIZES, winners: [] });
    expect(guestView.hash).toMatch(/^[0-9a-f]{64}$/);
    await eventually(() => alice.pushes.some((push) => push.promotionId === promotionId && push.state === 'open' && push.hash === guestView.hash), 'the hash pushed to the brand');

    // Joining three times at once: one entry.
    const joins = await Promise.all([join(promotionId, alice), join(promotionId, alice), join(promotionId, alice)]);
    expect(joins.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(joins[0].body.value.me).toMatchObject({ joined: true, tickets: '0', nextTicketMinor: '10000' });
    expect((await state(promotionId)).entrants).toBe(1);

    // 250 (corrected to 350, the old revision again), a cancelled bet, one settled before the start, one in another currency.
    await publish(bet(alice, `${alice.memberId}-1`, '25000'));
    await publish(bet(alice, `${alice.memberId}-1`, '35000', { revision: 1 }), bet(alice, `${alice.memberId}-1`, '25000'));
    await publish(bet(alice, `${alice.memberId}-2`, '90000'), bet(alice, `${alice.memberId}-2`, '0', { revision: 1, state: 'cancelled' }));
    await publish(bet(alice, `${alice.memberId}-3`, '500000', { settledAt: new Date(Date.now() - 3_600_000).toISOString() }));
    await publish(bet(alice, `${alice.memberId}-4`, '500000', { currency: 'USD' }));
    // Bob plays before joining: his tickets count once he joins.
    await publish(bet(bob, `${bob.memberId}-1`, '100000'));
    await publish(bet(carol, `${carol.memberId}-1`, '40000', { gameType: 'LIVE' }));
    await eventually(async () => (await state(promotionId, bob)).me?.tickets === '10', 'bob’s tickets');
    await eventually(async () => (await state(promotionId, alice)).me?.tickets === '3', 'alice’s tickets');
    expect((await state(promotionId, alice)).me).toMatchObject({ joined: true, validBetMinor: '35000', nextTicketMinor: '5000' });
    expect((await state(promotionId, bob)).me).toMatchObject({ joined: false, tickets: '10' });
    expect(await state(promotionId)).toMatchObject({ entrants: 1, totalTickets: '3' });
    expect((await join(promotionId, bob)).status).toBe(200);
    expect((await join(promotionId, carol)).status).toBe(200);
    expect(await state(promotionId)).toMatchObject({ entrants: 3, totalTickets: '17' });
    expect((await verify(promotionId)).seed).toBeNull();

    // The operator sees every entry; the draw happens once.
    const entries = await operator<{ list: Array<{ memberId: string; position: number; tickets: string }> }>('GET', `/operator/v1/merchants/DEMO/raffles/${promotionId}/entries`);
    expect(entries.status).toBe(200);
    expect(entries.body.value.list.map((entry) => [entry.position, entry.tickets])).toEqual([
      [1, '3'],
      [2, '10'],
      [3, '4'],
    ]);
    const before = { alice: await balanceMinor(alice), bob: await balanceMinor(bob), carol: await balanceMinor(carol) };
    const drawn = await operator<RaffleVerification>('POST', `/operator/v1/merchants/DEMO/raffles/${promotionId}/draw`);
    expect(drawn.status).toBe(200);
    expect((await operator('POST', `/operator/v1/merchants/DEMO/raffles/${promotionId}/draw`)).body).toMatchObject({ code: 'RAFFLE_ALREADY_DRAWN' });
    expect((await join(promotionId, await register())).body).toMatchObject({ code: 'RAFFLE_ALREADY_DRAWN' });

    // Anyone can check it: the seed hashes to what was published, and drawing from it gives the same winners.
    const verification = await verify(promotionId);
    expect(verification).toEqual(drawn.body.value);
    expect(createHash('sha256').update(verification.seed!).digest('hex')).toBe(guestView.hash);
    expect(verification.entries).toEqual([
      { position: 1, name: mask(alice.account), tickets: '3' },
      { position: 2, name: mask(bob.account), tickets: '10' },
      { position: 3, name: mask(carol.account), tickets: '4' },
    ]);
    expect(verification.winners.map((winner) => winner.position)).toEqual(recompute(verification));
    expect(verification.winners.map((winner) => [winner.rank, winner.amountMinor])).toEqual([
      [1, '50000'],
      [2, '20000'],
      [3, '10000'],
    ]);
    expect(new Set(verification.winners.map((winner) => winner.position)).size).toBe(3);

    // Each prize paid once, to its winner; pushed to the brand with the seed.
    const members = [alice, bob, carol];
    const prizeOf = (member: Member) => BigInt(verification.winners.find((winner) => winner.name === mask(member.account))!.amountMinor);
    await eventually(async () => (await balanceMinor(bob)) === before.bob + prizeOf(bob), 'the prizes paid', 10_000);
    for (const member of members) {
      expect(await balanceMinor(member)).toBe(before[member === alice ? 'alice' : member === bob ? 'bob' : 'carol'] + prizeOf(member));
      const mine = await state(promotionId, member);
      expect(mine.me?.prize).toMatchObject({ name: mask(member.account), amountMinor: prizeOf(member).toString() });
    }
    for (const rank of [1, 2, 3]) expect(await walletPayouts(`promo:raffle:DEMO:${promotionId}:rank:${rank}`)).toBe(1);
    await eventually(() => carol.pushes.some((push) => push.promotionId === promotionId && push.state === 'drawn'), 'the draw pushed');
    expect(carol.pushes.find((push) => push.state === 'drawn')).toMatchObject({ seed: verification.seed, hash: guestView.hash, winners: verification.winners });

    // A bet settled after the draw changes nothing.
    await publish(bet(alice, `${alice.memberId}-5`, '900000'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await state(promotionId)).toMatchObject({ status: 'drawn', totalTickets: '17', seed: verification.seed });
  }, 40_000);

  it('draws by itself at the draw time, with fewer entrants than prizes, and pays a prize with wagering as bonus money', async () => {
    const promotionId = await createRaffle({ drawAt: new Date(Date.now() + 4_000).toISOString(), multiple: 5 });
    const dave = await register();
    const eve = await register();
    const hash = (await state(promotionId)).hash;
    expect((await join(promotionId, dave)).status).toBe(200);
    expect((await join(promotionId, eve)).status).toBe(200);
    await publish(bet(dave, `${dave.memberId}-1`, '20000'));
    await eventually(async () => (await state(promotionId)).totalTickets === '2', 'dave’s tickets');
    // Eve has no tickets: she takes no part in the draw.
    await eventually(async () => (await state(promotionId)).status === 'drawn', 'the timer’s draw', 15_000);
    const verification = await verify(promotionId);
    expect(createHash('sha256').update(verification.seed!).digest('hex')).toBe(hash);
    expect(verification.winners).toEqual([{ rank: 1, position: 1, name: mask(dave.account), amountMinor: '50000' }]);
    expect(verification.winners.map((winner) => winner.position)).toEqual(recompute(verification));
    await eventually(
      async () => (await rows(platform.db.orm, sql`SELECT 1 FROM points.promotion_payouts WHERE source_ref = ${`${promotionId}:rank:1`} AND paid_at IS NOT NULL`)).length === 1,
      'the prize paid',
      10_000,
    );
    const bonuses = (await call<{ bonuses: BonusView[] }>('GET', '/wps/bonuses', { token: dave.token })).body.value.bonuses;
    expect(bonuses).toEqual([expect.objectContaining({ source: 'raffle', amountMinor: '50000', state: 'wagering', requiredMinor: '250000' })]);
    expect(dave.pushes.some((push) => push.promotionId === promotionId && push.state === 'drawn')).toBe(true);
  }, 40_000);
});
