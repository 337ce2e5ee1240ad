import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseMajor, TOPICS, type BonusList, type EventPayload, type FreeRoundsGrant, type FreeSpin, type OperatorPromotion, type PromotionAction, type PromotionPage } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import type { HouseServiceInstance } from '../app.js';

interface Member {
  token: string;
  id: string;
}

/** Free rounds from a promotion's claim to the bonus their wins become, through the public API of the embedded platform. */
describe('free rounds on the house slots (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  let ip = 1;
  const operator = <T>(method: string, url: string, body?: unknown) => call<T>(method, url, { body, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });

  const register = async (): Promise<Member> => {
    const username = `frr${randomUUID().slice(0, 8)}`;
    const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
      headers: { 'x-forwarded-for': `198.51.100.${ip++ % 250}` },
    });
    expect(registered.status).toBe(200);
    const member = { token: registered.body.value.token, id: registered.body.value.user.id };
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${member.id}`)).length > 0, 'the wallet account');
    return member;
  };
  const promotion = async (terms: Record<string, unknown>) => {
    const created = await operator<OperatorPromotion>('POST', '/operator/v1/merchants/DEMO/promotions', {
      kind: 'free_rounds',
      category: 'casino',
      titles: { ES: 'Giros de prueba', EN: 'Test spins' },
      currency: 'MXN',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      terms: { game: 'house-slot-fruits', rounds: 3, stakeMinor: '100', playDays: 7, multiple: 5, days: 7, ...terms },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.value.promotionId;
  };
  const claim = (member: Member, promotionId: string, key = randomUUID()) =>
    call<PromotionAction>('POST', `/wps/promotions/${promotionId}/claim`, {
      token: member.token,
      key,
      body: { deviceId: `device-${randomUUID()}` },
      headers: { 'x-forwarded-for': `203.0.113.${ip++ % 250}` },
    });
  const grants = async (member: Member) => (await call<FreeRoundsGrant[]>('GET', '/wps/house/free-rounds?game=house-slot-fruits', { token: member.token, language: 'EN' })).body.value;
  const grantOf = async (member: Member) => {
    await eventually(async () => (await grants(member)).length > 0, 'the free rounds grant');
    return (await grants(member))[0]!;
  };
  const spin = (member: Member, grantId: string, requestId?: string) =>
    call<FreeSpin>('POST', '/wps/house/slots/free-spin', { token: member.token, body: { grantId, ...(requestId ? { requestId } : {}) } });
  const balance = async (member: Member) => (await platform.clients.wallet.getBalance({ merchantCode: 'DEMO', memberId: member.id, currency: 'MXN' })).balance;
  const card = async (member: Member, promotionId: string) =>
    (await call<PromotionPage>('GET', '/wps/promotions', { token: member.token, language: 'EN' })).body.value.list.find((one) => one.promotionId === promotionId)!;
  const bonuses = async (member: Member) => (await call<BonusList>('GET', '/wps/bonuses', { token: member.token })).body.value.bonuses;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', requestsPerIpPerMinute: 100_000 });
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('plays every spin without moving money, then gives what they won as a bonus with the promotion’s wagering', async () => {
    const promotionId = await promotion({ rounds: 30 });
    const alice = await register();
    const claimed = await claim(alice, promotionId);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.value.promotion).toMatchObject({ kind: 'free_rounds', state: 'claimed' });
    const grant = await grantOf(alice);
    expect(grant).toMatchObject({ game: 'house-slot-fruits', title: 'Test spins', stake: '1.00', roundsTotal: 30, roundsLeft: 30, win: '0.00', state: 'active', winningsAs: 'bonus' });
    const before = await balance(alice);
    // This file's tests run one after another: nothing else calls the wallet meanwhile.
    const vendorCalls = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM wallet.vendor_transactions`))[0]!.n;
    const callsBefore = await vendorCalls();

    let won = 0n;
    for (let played = 1; played <= 30; played++) {
      const result = await spin(alice, grant.grantId);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const { round, grant: after } = result.body.value;
      expect(round).toMatchObject({ game: 'house-slot-fruits', state: 'settled', amount: '1.00', params: { freeRoundsId: grant.grantId } });
      won += parseMajor(round.win, 'MXN')!;
      expect(after.roundsLeft).toBe(30 - played);
      expect(parseMajor(after.win, 'MXN')!).toBe(won);
    }
    // No money moved while the spins were played, and the wallet saw none of them.
    expect(await balance(alice)).toBe(before);
    expect(await vendorCalls()).toBe(callsBefore);
    const over = await spin(alice, grant.grantId);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'FREE_ROUNDS_USED', message: 'All these free rounds have been played' });
    expect(await grants(alice)).toEqual([]);

    // Thirty spins all losing is a chance of well under one in ten thousand on this slot.
    expect(won).toBeGreaterThan(0n);
    await eventually(async () => (await bonuses(alice)).some((bonus) => bonus.title === 'Test spins'), 'the bonus from the free rounds');
    const bonus = (await bonuses(alice)).find((one) => one.title === 'Test spins')!;
    expect(bonus).toMatchObject({ amountMinor: won.toString(), requiredMinor: (won * 5n).toString(), state: 'wagering', source: 'promotion' });
    await eventually(async () => (await card(alice, promotionId)).state === 'issued', 'the promotion issued');
    expect((await card(alice, promotionId)).participation).toMatchObject({ state: 'issued', bonusMinor: won.toString() });
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('keeps a grant to its member, answers a retried spin once, and grants once however often the claim is announced', async () => {
    const promotionId = await promotion({ rounds: 3 });
    const bob = await register();
    const eve = await register();
    expect((await claim(bob, promotionId)).status).toBe(200);
    const grant = await grantOf(bob);

    // Another member's grant does not exist for them, and nothing changes.
    const stolen = await spin(eve, grant.grantId);
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('FREE_ROUNDS_NOT_FOUND');
    expect((await spin(bob, 'abc')).body.code).toBe('FREE_ROUNDS_NOT_FOUND');
    expect((await grants(bob))[0]!.roundsLeft).toBe(3);

    // The same request twice, even at once, is one spin.
    const requestId = `spin-${randomUUID()}`;
    const [first, second] = await Promise.all([spin(bob, grant.grantId, requestId), spin(bob, grant.grantId, requestId)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.value.round.roundId).toBe(first.body.value.round.roundId);
    expect((await grants(bob))[0]!.roundsLeft).toBe(2);

    // The announcement delivered again (a redelivery, a replay) makes no second grant.
    const [announced] = await rows<{ envelope: unknown }>(
      platform.db.orm,
      sql`SELECT envelope FROM points.outbox WHERE envelope->>'type' = 'free_rounds.granted' AND envelope->'payload'->>'memberId' = ${bob.id}`,
    );
    const original = (typeof announced!.envelope === 'string' ? JSON.parse(announced!.envelope) : announced!.envelope) as { payload: EventPayload<'free_rounds.granted'> };
    const again = createEnvelope('free_rounds.granted', bob.id, original.payload, 'test');
    await platform.bus.publish([{ topic: TOPICS.promotions, key: bob.id, value: again }]);
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM house.inbox WHERE message_id::text = ${again.id}`)).length === 1, 'the replay handled');
    expect(await rows(platform.db.orm, sql`SELECT id FROM house.free_rounds WHERE member_id = ${bob.id}`)).toHaveLength(1);

    // A second claim is refused.
    expect((await claim(bob, promotionId)).body.code).toBe('PROMOTION_ALREADY_CLAIMED');
  });

  it('ends an overdue grant with what it won so far, and refuses its spins', async () => {
    const promotionId = await promotion({ rounds: 5 });
    const carol = await register();
    expect((await claim(carol, promotionId)).status).toBe(200);
    const grant = await grantOf(carol);
    expect((await spin(carol, grant.grantId)).status).toBe(200);
    await platform.db.orm.execute(sql`UPDATE house.free_rounds SET expires_at = now() - interval '1 second' WHERE id = ${grant.grantId}`);
    const late = await spin(carol, grant.grantId);
    expect(late.body).toMatchObject({ code: 'FREE_ROUNDS_EXPIRED' });
    expect(late.status).toBe(409);
    const won = (await rows<{ win_minor: string }>(platform.db.orm, sql`SELECT win_minor::text AS win_minor FROM house.free_rounds WHERE id = ${grant.grantId}`))[0]!.win_minor;

    const house = platform.instances.house as HouseServiceInstance;
    expect(await house.freeRounds.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await rows<{ state: string }>(platform.db.orm, sql`SELECT state FROM house.free_rounds WHERE id = ${grant.grantId}`))[0]!.state).toBe('expired');
    await eventually(async () => (await card(carol, promotionId)).participation?.bonusMinor === won, 'the participation told what the spins won');
    // A win is in process until the wallet has given it, then issued; no win leaves the claim as it was.
    await eventually(async () => (await card(carol, promotionId)).state === (BigInt(won) > 0n ? 'issued' : 'claimed'), 'the promotion’s state');
    if (BigInt(won) > 0n) await eventually(async () => (await bonuses(carol)).some((bonus) => bonus.amountMinor === won), 'the bonus');
    else expect(await bonuses(carol)).toEqual([]);
  });
});
