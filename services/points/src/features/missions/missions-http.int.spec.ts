import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { PUSH_EVENT, TOPICS, type AnyPush, type BetSettled, type Leaderboard, type MissionSummary, type MissionsPush, type OperatorMission } from '@wps/contracts';
import { createEnvelope, Outbox, rows } from '@wps/platform';
import { apiCaller, eventually, settledBet } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { awardEndedWeeks } from './leaderboard.js';
import { calendarsOf } from './progress.js';

interface Member {
  token: string;
  memberId: string;
  account: string;
  pushes: MissionsPush[];
}

const DAY_MS = 86_400_000;

/** Missions and the mission leaderboard through the real HTTP API and socket of the embedded platform. */
describe('missions and the leaderboard through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  const password = 'secreto12';
  const operator = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
    call<T>(method, url, { body, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });

  const register = async (): Promise<Member> => {
    const username = `mis${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string; account: string } }>('PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, acceptTerms: true },
    });
    expect(response.status).toBe(200);
    return { token: response.body.value.token, memberId: response.body.value.user.id, account: response.body.value.user.account, pushes: [] };
  };
  const listen = (member: Member) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'missions') member.pushes.push(push.data);
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const summary = async (member: Member, language = 'EN') => {
    const response = await call<MissionSummary>('GET', '/wps/relay/MCS2_missionSummaryDetails', { token: member.token, language });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const mission = async (member: Member, missionId: string) => (await summary(member)).missions.find((one) => one.missionId === missionId)!;
  const leaderboard = async (member: Member) => {
    const response = await call<Leaderboard>('GET', '/wps/relay/MCS2_missionLeaderboard', { token: member.token });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const createMission = async (body: Record<string, unknown>) => {
    const response = await operator<OperatorMission>('POST', '/operator/v1/merchants/DEMO/missions', {
      rewardKind: 'points',
      rewardAmount: '100',
      missionPoints: 10,
      titleEn: 'A mission',
      titleEs: 'Una misión',
      ...body,
    });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const grants = async (memberId: string, missionId: string) =>
    rows<{ id: string; status: string; points: string }>(
      platform.db.orm,
      sql`SELECT id::text AS id, status, points::text AS points FROM points.reward_grants WHERE member_id = ${memberId} AND source = 'mission' AND source_ref LIKE ${`${missionId}:%`}`,
    );

  let betSeq = 0;
  const bet = (member: Member, fields: Partial<BetSettled> = {}): BetSettled =>
    settledBet({
      betId: `mb-${randomUUID()}`,
      vendor: 'TEST',
      roundId: `r-${++betSeq}`,
      memberId: member.memberId,
      account: member.account,
      validBetMinor: '10000',
      betAmountMinor: fields.validBetMinor ?? '10000',
      ...fields,
    });
  /** Delivers envelopes on their topic and waits until the points service has handled every one of them. */
  const deliver = async (consumer: string, topic: string, envelopes: ReadonlyArray<{ id: string; key: string; value: ReturnType<typeof createEnvelope> }>) => {
    await platform.bus.publish(envelopes.map((one) => ({ topic, key: one.key, value: one.value })));
    const ids = [...new Set(envelopes.map((one) => one.value.id))];
    await eventually(async () => {
      const [handled] = await rows<{ n: number }>(
        platform.db.orm,
        sql`SELECT count(*)::int AS n FROM points.inbox WHERE consumer = ${consumer} AND message_id::text IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      return handled!.n === ids.length;
    }, `${ids.length} ${consumer} messages handled`);
  };
  const settle = (...envelopes: Array<ReturnType<typeof createEnvelope>>) =>
    deliver(
      'points.mission-bets',
      TOPICS.bets,
      envelopes.map((value) => ({ id: value.id, key: (value.payload as BetSettled).betId, value })),
    );
  const settled = (one: BetSettled) => createEnvelope('bet.settled', one.betId, one, 'test');
  const signIns = (member: Member, ats: Date[]) =>
    deliver(
      'points.sign-ins',
      TOPICS.sessions,
      ats.map((at) => {
        const value = createEnvelope('member.signed_in', member.memberId, { memberId: member.memberId, merchantCode: 'DEMO', signedInAt: at.toISOString() }, 'test');
        return { id: value.id, key: member.memberId, value };
      }),
    );

  let alice: Member;
  let bob: Member;
  let carol: Member;
  let dave: Member;
  let betRng: OperatorMission;
  let rounds: OperatorMission;
  let deposit: OperatorMission;
  let signInToday: OperatorMission;
  let streak: OperatorMission;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    const settings = await operator('PUT', '/operator/v1/merchants/DEMO/mission-settings', {
      timeZone: 'UTC',
      metric: 'turnover',
      size: 5,
      currency: 'MXN',
      prizes: [{ rank: 1, kind: 'cash', amount: '50000' }],
    });
    expect(settings.status).toBe(200);
    betRng = await createMission({ period: 'daily', kind: 'bet', category: 'RNG', target: '30000', sort: 1 });
    rounds = await createMission({ period: 'weekly', kind: 'rounds', target: '3', sort: 2 });
    deposit = await createMission({ period: 'daily', kind: 'deposit', target: '50000', rewardKind: 'bonus', rewardAmount: '2000', sort: 3 });
    signInToday = await createMission({ period: 'daily', kind: 'sign_in', target: '1', sort: 4 });
    streak = await createMission({ period: 'daily', kind: 'sign_in', target: '3', sort: 5, titleEn: 'Three days in a row', titleEs: 'Tres días seguidos' });
    [alice, bob, carol, dave] = await Promise.all([register(), register(), register(), register()]);
    await Promise.all([listen(alice), listen(dave)]);
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('seeds the demo brand: six missions of every kind and the demo team on this week’s leaderboard', async () => {
    const demo = await rows<{ period: string; kind: string }>(platform.db.orm, sql`SELECT period, kind FROM points.missions WHERE merchant_code = 'DEMO' AND seed_key IS NOT NULL`);
    expect(demo).toHaveLength(6);
    expect(new Set(demo.map((one) => one.kind))).toEqual(new Set(['bet', 'deposit', 'sign_in', 'rounds']));
    expect(new Set(demo.map((one) => one.period))).toEqual(new Set(['daily', 'weekly']));
    await eventually(async () => {
      const [board] = await rows<{ n: number }>(
        platform.db.orm,
        sql`SELECT count(*)::int AS n FROM points.mission_leaderboard l JOIN points.mission_members m USING (member_id)
            WHERE l.merchant_code = 'DEMO' AND l.points > 0 AND m.account IN ('demoplayer', 'demo111', 'demoplayer2')`,
      );
      return board!.n === 3;
    }, 'the demo team on the leaderboard');
  });

  it('lists the brand’s missions for the operator and refuses a mission that does not fit its kind, storing nothing', async () => {
    const listed = await operator<{ missions: OperatorMission[]; settings: { metric: string; timeZone: string } }>('GET', '/operator/v1/merchants/DEMO/missions');
    expect(listed.status).toBe(200);
    // The demo brand's own missions are listed too (embedded seeds the demo); ours in the order they were made.
    const mine = new Set([betRng, rounds, deposit, signInToday, streak].map((one) => one.missionId));
    const before = listed.body.value.missions.length;
    expect(listed.body.value.missions.map((one) => one.missionId).filter((id) => mine.has(id))).toEqual([betRng, rounds, deposit, signInToday, streak].map((one) => one.missionId));
    expect(listed.body.value.settings).toMatchObject({ metric: 'turnover', timeZone: 'UTC' });

    const refused = [
      await operator('POST', '/operator/v1/merchants/DEMO/missions', {
        period: 'daily',
        kind: 'deposit',
        category: 'RNG',
        target: '100',
        rewardKind: 'points',
        rewardAmount: '1',
        titleEn: 'x',
        titleEs: 'x',
      }),
      await operator('POST', '/operator/v1/merchants/DEMO/missions', { period: 'weekly', kind: 'sign_in', target: '8', rewardKind: 'points', rewardAmount: '1', titleEn: 'x', titleEs: 'x' }),
      await operator('PUT', '/operator/v1/merchants/DEMO/missions/999999', { period: 'daily', kind: 'bet', target: '100', rewardKind: 'points', rewardAmount: '1', titleEn: 'x', titleEs: 'x' }),
      await operator('PUT', '/operator/v1/merchants/DEMO/mission-settings', { timeZone: 'Mars/Olympus', metric: 'points', size: 3, currency: 'MXN', prizes: [] }),
      await operator('PUT', '/operator/v1/merchants/DEMO/mission-settings', { timeZone: 'UTC', metric: 'points', size: 3, currency: 'MXN', prizes: [{ rank: 4, kind: 'cash', amount: '1' }] }),
    ];
    expect(refused.map((one) => [one.status, one.body.code])).toEqual([
      [400, 'MISSION_CATEGORY_INVALID'],
      [400, 'MISSION_TARGET_INVALID'],
      [404, 'MISSION_NOT_FOUND'],
      [400, 'MISSION_TIME_ZONE_INVALID'],
      [400, 'LEADERBOARD_PRIZES_INVALID'],
    ]);
    const after = await operator<{ missions: OperatorMission[]; settings: { metric: string } }>('GET', '/operator/v1/merchants/DEMO/missions');
    expect(after.body.value.missions).toHaveLength(before);
    expect(after.body.value.settings.metric).toBe('turnover');

    const renamed = await operator<OperatorMission>('PUT', `/operator/v1/merchants/DEMO/missions/${betRng.missionId}`, {
      period: 'daily',
      kind: 'bet',
      category: 'RNG',
      target: '30000',
      rewardKind: 'points',
      rewardAmount: '100',
      missionPoints: 10,
      titleEn: 'Bet $300 on slots',
      titleEs: 'Apuesta $300 en tragamonedas',
      sort: 1,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.value).toMatchObject({ titleEn: 'Bet $300 on slots', updatedBy: 'ana.ops' });
    expect((await mission(alice, betRng.missionId)).title).toBe('Bet $300 on slots');
    expect((await summary(alice, 'ES')).missions.find((one) => one.missionId === betRng.missionId)!.title).toBe('Apuesta $300 en tragamonedas');
  });

  it('counts each bet once: replays and older revisions change nothing, a correction applies its difference', async () => {
    const first = bet(alice, { validBetMinor: '10000' });
    const message = settled(first);
    await settle(message);
    expect(await mission(alice, betRng.missionId)).toMatchObject({ progress: '10000', state: 'in_progress', target: '30000' });
    expect((await mission(alice, rounds.missionId)).progress).toBe('1');

    // The same message again, the same revision under a new id, then a correction and the first revision once more.
    await settle(message, settled({ ...first }));
    await settle(settled({ ...first, validBetMinor: '15000', revision: 1 }));
    await settle(settled({ ...first, validBetMinor: '99999', revision: 0 }));
    expect((await mission(alice, betRng.missionId)).progress).toBe('15000');
    expect((await mission(alice, rounds.missionId)).progress).toBe('1');

    // Another game type counts as a round, not towards the slots mission.
    await settle(settled(bet(alice, { gameType: 'LIVE', validBetMinor: '20000' })));
    expect((await mission(alice, betRng.missionId)).progress).toBe('15000');
    expect((await mission(alice, rounds.missionId)).progress).toBe('2');
  });

  it('completes at the target granting once, takes the progress back on cancellation, and a claimed mission stays claimed', async () => {
    const second = bet(alice, { validBetMinor: '15000' });
    await settle(settled(second));
    const done = await mission(alice, betRng.missionId);
    expect(done).toMatchObject({ progress: '30000', state: 'completed' });
    expect(done.rewardId).not.toBeNull();
    expect((await mission(alice, rounds.missionId)).state).toBe('completed');
    expect(await grants(alice.memberId, betRng.missionId)).toEqual([{ id: done.rewardId, status: 'available', points: '100' }]);
    const current = await summary(alice);
    expect(current.claimable).toBe(current.missions.filter((one) => one.state === 'completed').length);
    expect(current.missions.filter((one) => one.state === 'completed').map((one) => one.missionId)).toEqual(expect.arrayContaining([betRng.missionId, rounds.missionId]));

    // A correction after completion leaves one grant.
    await settle(settled({ ...second, validBetMinor: '16000', revision: 1 }));
    expect(await grants(alice.memberId, betRng.missionId)).toHaveLength(1);

    // Cancelled: back to in progress, the unclaimed reward withdrawn; the round is taken back too.
    await settle(settled({ ...second, validBetMinor: '0', state: 'cancelled', revision: 2 }));
    expect(await mission(alice, betRng.missionId)).toMatchObject({ progress: '15000', state: 'in_progress', rewardId: null });
    expect(await mission(alice, rounds.missionId)).toMatchObject({ progress: '2', state: 'in_progress' });
    expect(await grants(alice.memberId, betRng.missionId)).toEqual([]);

    // Completed again: one grant again. Once claimed (in the reward centre), a cancellation leaves it claimed.
    const third = bet(alice, { validBetMinor: '20000' });
    await settle(settled(third));
    const again = await mission(alice, betRng.missionId);
    expect(again.state).toBe('completed');
    expect(await grants(alice.memberId, betRng.missionId)).toHaveLength(1);
    const claimed = await call('POST', '/wps/relay/MCS2_claimReward', { token: alice.token, body: { grantId: again.rewardId } });
    expect(claimed.status).toBe(200);
    expect(await mission(alice, betRng.missionId)).toMatchObject({ state: 'claimed', rewardId: again.rewardId });
    await settle(settled({ ...third, validBetMinor: '0', state: 'cancelled', revision: 1 }));
    expect(await mission(alice, betRng.missionId)).toMatchObject({ progress: '15000', state: 'claimed', rewardId: again.rewardId });
  });

  it('adds deposits to the deposit mission', async () => {
    const deposits = ['20000', '30000'].map((amountMinor, index) =>
      createEnvelope(
        'balance.changed',
        bob.memberId,
        {
          memberId: bob.memberId,
          merchantCode: 'DEMO',
          currency: 'MXN',
          balanceMinor: amountMinor,
          balance: '0',
          version: index + 1,
          transactionId: randomUUID(),
          cause: 'deposit',
          amountMinor,
        },
        'test',
      ),
    );
    await deliver('points.deposits', TOPICS.balances, [{ id: deposits[0]!.id, key: bob.memberId, value: deposits[0]! }]);
    expect((await mission(bob, deposit.missionId)).progress).toBe('20000');
    await deliver('points.deposits', TOPICS.balances, [{ id: deposits[1]!.id, key: bob.memberId, value: deposits[1]! }]);
    expect(await mission(bob, deposit.missionId)).toMatchObject({ progress: '50000', state: 'completed', rewardKind: 'bonus', rewardAmount: '2000' });
  });

  it('counts a session opened as a sign-in, and consecutive days as a streak that a gap starts again', async () => {
    // Registering opened a session: the sign-in reached missions.
    await eventually(async () => (await mission(carol, signInToday.missionId)).state === 'completed', 'the registration’s sign-in counted');
    expect((await mission(carol, streak.missionId)).progress).toBe('1');

    // Members whose sign-in history begins three days ago.
    await platform.db.orm.execute(sql`DELETE FROM points.mission_streaks WHERE member_id IN (${bob.memberId}, ${carol.memberId})`);
    await platform.db.orm.execute(sql`DELETE FROM points.mission_progress WHERE member_id IN (${bob.memberId}, ${carol.memberId}) AND mission_id = ${streak.missionId}`);
    const now = Date.now();
    await signIns(bob, [new Date(now - 2 * DAY_MS), new Date(now - DAY_MS)]);
    await signIns(bob, [new Date(now - DAY_MS + 1000), new Date(now)]);
    expect(await mission(bob, streak.missionId)).toMatchObject({ progress: '3', state: 'completed' });

    await signIns(carol, [new Date(now - 3 * DAY_MS), new Date(now - 2 * DAY_MS)]);
    await signIns(carol, [new Date(now - 1000), new Date(now)]);
    expect(await mission(carol, streak.missionId)).toMatchObject({ progress: '1', state: 'in_progress' });
  });

  it('ranks the week by turnover, ties to who got there first, masks accounts and pushes the change to the socket', async () => {
    const base = Date.now() - 60_000;
    await settle(settled(bet(bob, { validBetMinor: '500000', settledAt: new Date(base).toISOString() })));
    await settle(settled(bet(carol, { validBetMinor: '500000', settledAt: new Date(base + 1000).toISOString() })));
    dave.pushes.length = 0;
    await settle(settled(bet(dave, { validBetMinor: '700000', gameType: 'LIVE', settledAt: new Date(base + 2000).toISOString() })));

    const board = await leaderboard(carol);
    const mask = (account: string) => `${account.slice(0, 2)}***${account.at(-1)}`;
    expect(board.metric).toBe('turnover');
    expect(board.top.slice(0, 3)).toEqual([
      { rank: 1, account: mask(dave.account), score: '700000', self: false },
      { rank: 2, account: mask(bob.account), score: '500000', self: false },
      { rank: 3, account: mask(carol.account), score: '500000', self: true },
    ]);
    expect(board.own).toEqual({ rank: 3, account: mask(carol.account), score: '500000' });
    expect(board.prizes).toEqual([{ rank: 1, kind: 'cash', amount: '50000' }]);

    // Dave's socket hears of its own standing and of the brand's new top.
    await eventually(() => dave.pushes.some((push) => push.scope === 'progress' && push.own?.rank === 1), 'dave’s progress push');
    await eventually(() => dave.pushes.some((push) => push.scope === 'leaderboard' && push.top?.[0]?.account === mask(dave.account)), 'the leaderboard push');
    // Alice's socket, of the same brand, receives the top too.
    await eventually(() => alice.pushes.some((push) => push.scope === 'leaderboard' && push.top?.[0]?.score === '700000'), 'the leaderboard push to the brand');
  });

  it('grants last week’s prize table once, to the top ranks, into the reward centre', async () => {
    const calendar = (await calendarsOf(platform.db.orm, ['DEMO'])).get('DEMO')!;
    const lastWeek = new Date(Date.now() - 7 * DAY_MS);
    const weekStart = lastWeek.toISOString().slice(0, 10);
    // Last week: bob and carol level, bob there first; alice below.
    await platform.db.orm.execute(sql`
      INSERT INTO points.mission_leaderboard (merchant_code, week_start, member_id, points, points_at, turnover, turnover_at)
      VALUES ('DEMO', date_trunc('week', ${weekStart}::date)::date, ${carol.memberId}, 0, now(), 900000, ${lastWeek.toISOString()}::timestamptz + interval '1 minute'),
             ('DEMO', date_trunc('week', ${weekStart}::date)::date, ${bob.memberId}, 0, now(), 900000, ${lastWeek.toISOString()}::timestamptz),
             ('DEMO', date_trunc('week', ${weekStart}::date)::date, ${alice.memberId}, 0, now(), 100, ${lastWeek.toISOString()}::timestamptz)`);
    const outbox = new Outbox('points', 'points');
    const first = await platform.db.transaction((tx) => awardEndedWeeks({ outbox }, tx, calendar));
    const again = await platform.db.transaction((tx) => awardEndedWeeks({ outbox }, tx, calendar));
    expect(first).toEqual([bob.memberId]);
    expect(again).toEqual([]);
    const prizes = await rows<{ member_id: string; kind: string; amount_minor: string }>(
      platform.db.orm,
      sql`SELECT member_id::text AS member_id, kind, amount_minor::text AS amount_minor FROM points.reward_grants
          WHERE source = 'leaderboard' AND member_id IN (${alice.memberId}, ${bob.memberId}, ${carol.memberId})`,
    );
    expect(prizes).toEqual([{ member_id: bob.memberId, kind: 'cash', amount_minor: '50000' }]);
  });
});
