import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BonusList, FreeRoundsGrant, FreeSpin, OperatorPromotion, PromotionAction } from '@wps/contracts';
import { apiCaller, eventually } from '@wps/platform/testing';
import { clusterEnv, useClusterDatabase, useMember } from './support.js';

/**
 * Free rounds in a cluster: a claim in the points service crosses Kafka (`promotions.v1`) to the house service, which
 * makes the grant; the spins are played through a gateway without moving money; the house's word that they are over
 * crosses back, and the points service gives what they won through the wallet as a bonus.
 */
const env = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'OPERATOR_TOKEN');
const call = apiCaller(env.GATEWAY_URL);
const operator = { authorization: `Operator ${env.OPERATOR_TOKEN}`, 'x-operator': 'cluster-free-rounds' };

describe('free rounds from a promotion (cluster)', () => {
  const db = useClusterDatabase(env.DATABASE_URL);
  const player = useMember(call, 'spins', { db, amount: '10.00' });
  const authed = () => ({ authorization: `Bearer ${player.token}` });

  it('gives the spins through the house and what they won back as a bonus', async () => {
    const created = await call<OperatorPromotion>('POST', '/operator/v1/merchants/DEMO/promotions', {
      headers: operator,
      body: {
        kind: 'free_rounds',
        category: 'casino',
        titles: { ES: 'Giros del clúster', EN: 'Cluster spins' },
        currency: 'MXN',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        terms: { game: 'house-slot-pharaoh', rounds: 25, stakeMinor: '200', playDays: 3, multiple: 0, days: 7 },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const claimed = await call<PromotionAction>('POST', `/wps/promotions/${created.body.value.promotionId}/claim`, {
      headers: authed(),
      key: randomUUID(),
      body: { deviceId: `device-${randomUUID()}` },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);

    const grants = async () => (await call<FreeRoundsGrant[]>('GET', '/wps/house/free-rounds', { headers: authed() })).body.value;
    await eventually(async () => (await grants()).length === 1, 'the grant made by the house', 30_000);
    const [grant] = await grants();
    expect(grant).toMatchObject({ game: 'house-slot-pharaoh', stake: '2.00', roundsLeft: 25, winningsAs: 'cash' });

    let last: FreeSpin | undefined;
    for (let spin = 0; spin < 25; spin++) {
      const played = await call<FreeSpin>('POST', '/wps/house/slots/free-spin', { headers: authed(), body: { grantId: grant!.grantId } });
      expect(played.status, JSON.stringify(played.body)).toBe(200);
      last = played.body.value;
    }
    expect(last!.grant).toMatchObject({ roundsLeft: 0, state: 'finished' });
    const won = last!.grant.win;

    // `multiple` 0: what the spins won is paid as cash; the 10.00 deposit is untouched by the spins.
    const balance = async () => (await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { headers: authed() })).body.value?.balance;
    const expected = (10 + Number(won)).toFixed(2);
    await eventually(async () => (await balance()) === expected, `the balance of ${expected}`, 30_000);
    const bonuses = (await call<BonusList>('GET', '/wps/bonuses', { headers: authed() })).body.value.bonuses;
    if (Number(won) > 0) expect(bonuses).toMatchObject([{ title: 'Cluster spins', state: 'completed' }]);
    const ledger = await db.query<{ sum: string | null }>(`SELECT sum(amount_minor)::text AS sum FROM wallet.entries`);
    expect(ledger.rows[0]!.sum).toBe('0');
  });
});
