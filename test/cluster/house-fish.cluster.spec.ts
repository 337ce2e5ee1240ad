import { beforeAll, describe, expect, it } from 'vitest';
import { drawFishShot, DrawStream, FISH_ROUND_BLOCKS, fishKindOf, formatFishRoll, outcomeBytes, precomputedBlocks, type HouseRound } from '@wps/contracts';
import { apiCaller } from '@wps/platform/testing';
import { clusterEnv, demoWalletBalance, useClusterDatabase, useMember, walletServiceClient } from './support.js';

/**
 * FISH with every service in its own process: shots through the gateway, the house service and its signed vendor
 * calls to the wallet over HTTP; the per-member shot limit on Redis; the catch recomputed from the revealed seed.
 * Started by `npm run test:cluster`.
 */
const env = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'SERVICE_TOKEN');
const call = apiCaller(env.GATEWAY_URL);
const wallet = walletServiceClient(env.SERVICE_TOKEN);
const cents = (amount: string): number => Math.round(Number(amount) * 100);

describe('FISH in cluster mode', () => {
  const db = useClusterDatabase(env.DATABASE_URL);
  const member = useMember(call, 'fish', { db, amount: '100.00' });
  const balance = () => demoWalletBalance(wallet, member.memberId);

  beforeAll(async () => {
    expect(await balance()).toBe('100.00');
  });

  it('settles shots through the signed wallet API, replays idempotently, refuses bad shots, and recomputes every catch', async () => {
    let expected = 10_000;
    for (const [index, kind] of ['clownfish', 'turtle', 'kraken'].entries()) {
      const shot = await call<HouseRound>('POST', '/wps/house/fish/shoot', { token: member.token, body: { amount: '1.00', kind, requestId: `fish-${member.username}-${index}` } });
      expect(shot.status).toBe(200);
      expect(shot.body.value).toMatchObject({ game: 'house-fish', state: 'settled', amount: '1.00', nonce: index });
      expected += -100 + cents(shot.body.value.win);
      expect(cents(await balance())).toBe(expected);
    }
    const replay = await call<HouseRound>('POST', '/wps/house/fish/shoot', { token: member.token, body: { amount: '1.00', kind: 'clownfish', requestId: `fish-${member.username}-0` } });
    expect(replay.body.value.nonce).toBe(0);
    expect(cents(await balance())).toBe(expected);

    for (const [body, code] of [
      [{ amount: '100.01', kind: 'shark' }, 'HOUSE_BET_OUT_OF_LIMITS'],
      [{ amount: '1.00', kind: 'mermaid' }, 'HOUSE_FISH_KIND_UNKNOWN'],
    ] as const) {
      expect((await call('POST', '/wps/house/fish/shoot', { token: member.token, body })).body.code).toBe(code);
    }
    expect(cents(await balance())).toBe(expected);

    const rotated = await call<{ revealedServerSeed: string }>('POST', '/wps/house/fairness/rotate', { token: member.token, body: { game: 'house-fish' } });
    const history = await call<{ content: HouseRound[] }>('GET', '/wps/house/rounds?game=house-fish&pageNo=1&pageSize=10', { token: member.token });
    expect(history.body.value.content).toHaveLength(3);
    for (const round of history.body.value.content) {
      const result = round.result as { kind: string; roll: string; caught: boolean };
      const shot = drawFishShot(
        new DrawStream(precomputedBlocks(await outcomeBytes(rotated.body.value.revealedServerSeed, round.clientSeed, round.nonce, FISH_ROUND_BLOCKS))),
        fishKindOf(result.kind)!,
      );
      expect({ roll: formatFishRoll(shot.roll), caught: shot.caught }).toEqual({ roll: result.roll, caught: result.caught });
    }

    const { rows } = await db.query<{ state: string }>(`SELECT state FROM wallet.rounds WHERE vendor = 'HOUSE' AND member_id = $1`, [member.memberId]);
    expect(rows.map((row) => row.state)).toEqual(['settled', 'settled', 'settled']);
    expect(await wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('holds a member to ten shots a second on the shared store', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const answers = await Promise.all(Array.from({ length: 14 }, () => call('POST', '/wps/house/fish/shoot', { token: member.token, body: { amount: '1.00', kind: 'mermaid' } })));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(4);
    expect(codes.filter((code) => code === 'HOUSE_FISH_KIND_UNKNOWN')).toHaveLength(10);
  });
});
