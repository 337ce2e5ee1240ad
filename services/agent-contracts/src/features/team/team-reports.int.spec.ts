import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TOPICS, type AgentDownline, type AgentMemberProfit, type AgentTeamBets, type AgentTeamOverview, type BetSettled, type MemberRegistered } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { signInDemoTeam } from './demo-team.testing.js';
import { clockOf, reportRange } from './range.js';
import { teamCountReads } from './reports.js';

/** The demo brand is in Mexico City (UTC-6); every report here reads 1–2 March 2026 there. */
const MEXICO = -360;
const RANGE = `from=2026-03-01&to=2026-03-02&timeZoneOffsetMinutes=${MEXICO}`;
/** No deposit or withdrawal falls in that range. */
const NO_PAYMENTS = { depositCount: 0, deposits: '0.00', withdrawalCount: 0, withdrawals: '0.00' };

describe('team reports of the agent centre through the real HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const ids = new Map<string, string>();
  const id = (account: string) => ids.get(account)!;
  const tokens = new Map<string, string>();
  const get = <T>(as: string, path: string) => call<T>('GET', path, { token: tokens.get(as)! });

  const bet = (account: string, changes: Partial<BetSettled>): BetSettled => ({
    betId: `PG:${randomUUID()}`,
    vendor: 'PG',
    roundId: randomUUID(),
    gameType: 'RNG',
    gameCode: 'fortune',
    memberId: id(account),
    merchantCode: 'DEMO',
    account,
    agentPath: null,
    currency: 'MXN',
    betAmountMinor: '1000',
    validBetMinor: '1000',
    winAmountMinor: '0',
    adjustAmountMinor: '0',
    state: 'settled',
    revision: 0,
    settledAt: '2026-03-01T12:00:00.000Z',
    ...changes,
  });
  const publish = (...bets: BetSettled[]) => platform.bus.publish(bets.map((one) => ({ topic: 'bets.v1', key: one.betId, value: createEnvelope('bet.settled', one.betId, one, 'test') })));
  const stored = async (betId: string) => (await rows<{ revision: number }>(platform.db.orm, sql`SELECT revision FROM agent_contracts.team_bets WHERE bet_id = ${betId}`))[0]?.revision;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { SEED_DEMO: 'true' } });
    await signInDemoTeam(platform, ['demoagent', 'demosub1', 'demoplayer'], ids, tokens);
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('rolls settled bets up the tree once, keeping the latest revision, and answers the agent’s reports', async () => {
    const corrected = bet('demo111', { agentPath: [id('demoagent'), id('demosub1'), id('demosub11')] });
    const bets = [
      corrected,
      // The member's uplines come from the tree when the event has none.
      bet('demo11', { betAmountMinor: '5000', validBetMinor: '5000', winAmountMinor: '8000', settledAt: '2026-03-02T15:00:00.000Z' }),
      bet('demo21', { betAmountMinor: '2000', validBetMinor: '2000', agentPath: [id('demoagent'), id('demosub2')], settledAt: '2026-03-02T16:00:00.000Z' }),
      bet('demoplayer', { betAmountMinor: '3000', validBetMinor: '0', state: 'cancelled', settledAt: '2026-03-02T17:00:00.000Z' }),
      // 23:30 on 28 February in Mexico City: outside the range.
      bet('demo12', { betAmountMinor: '4000', validBetMinor: '4000', settledAt: '2026-03-01T05:30:00.000Z' }),
    ];
    await publish(...bets);
    await eventually(async () => (await Promise.all(bets.map((one) => stored(one.betId)))).every((revision) => revision === 0), 'the bets stored');
    // A correction wins the bet back to 5.00; an older revision and a redelivery arrive after it and change nothing.
    const correction = { ...corrected, revision: 1, winAmountMinor: '400', adjustAmountMinor: '100' };
    const correctionMessage = createEnvelope('bet.settled', correction.betId, correction, 'test');
    await platform.bus.publish([{ topic: 'bets.v1', key: correction.betId, value: correctionMessage }]);
    await eventually(async () => (await stored(corrected.betId)) === 1, 'the correction stored');
    // An older revision, the correction's message delivered again, and the same revision under a new message id.
    const late = [
      createEnvelope('bet.settled', corrected.betId, { ...corrected, winAmountMinor: '99999' }, 'test'),
      correctionMessage,
      createEnvelope('bet.settled', correction.betId, { ...correction, winAmountMinor: '777' }, 'test'),
    ];
    await platform.bus.publish(late.map((value) => ({ topic: 'bets.v1', key: corrected.betId, value })));
    await eventually(async () => {
      const [handled] = await rows<{ n: number }>(
        platform.db.orm,
        sql`SELECT count(*)::int AS n FROM agent_contracts.inbox
             WHERE consumer = 'agent-contracts.team-stats' AND message_id::text IN (${sql.join(
               late.map((envelope) => sql`${envelope.id}`),
               sql`, `,
             )})`,
      );
      return handled!.n === late.length;
    }, 'the late deliveries handled');

    const overview = await get<AgentTeamOverview>('demoagent', `/wps/agent/team/overview?${RANGE}`);
    expect(overview.status).toBe(200);
    expect(overview.body.value).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      currency: 'MXN',
      teamSize: 14,
      directMembers: 5,
      indirectMembers: 9,
      directAgents: 3,
      newMembers: 0,
      activeMembers: 3,
      betCount: 3,
      validBet: '80.00',
      profit: '5.00',
      houseProfit: '-5.00',
      ...NO_PAYMENTS,
      series: [
        { date: '2026-03-01', betCount: 1, validBet: '10.00', profit: '-5.00', houseProfit: '5.00', ...NO_PAYMENTS },
        { date: '2026-03-02', betCount: 2, validBet: '70.00', profit: '10.00', houseProfit: '-10.00', ...NO_PAYMENTS },
      ],
    });
    const sub = await get<AgentTeamOverview>('demosub1', `/wps/agent/team/overview?${RANGE}`);
    expect(sub.body.value).toMatchObject({ teamSize: 6, directMembers: 4, indirectMembers: 2, directAgents: 1, activeMembers: 2, betCount: 2, validBet: '60.00', profit: '25.00' });
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await get<AgentTeamOverview>('demoagent', `/wps/agent/team/overview?from=${yesterday}&to=${today}`)).body.value.newMembers).toBe(14);

    const downline = await get<AgentDownline>('demosub1', `/wps/agent/team/members?${RANGE}`);
    expect(downline.status).toBe(200);
    expect(downline.body.value.breadcrumb).toEqual([{ memberId: id('demosub1'), account: 'demosub1' }]);
    expect(downline.body.value.list.map((row) => [row.account, row.isAgent, row.level, row.teamSize, row.betCount, row.validBet, row.profit])).toEqual([
      ['demo11', false, 1, null, 1, '50.00', '30.00'],
      ['demo12', false, 1, null, 0, '0.00', '0.00'],
      ['demo13', false, 1, null, 0, '0.00', '0.00'],
      ['demosub11', true, 1, 2, 1, '10.00', '-5.00'],
    ]);
    expect(downline.body.value).toMatchObject({ total: 4, totalPages: 1, pageNo: 1 });
    const deeper = await get<AgentDownline>('demosub1', `/wps/agent/team/members?${RANGE}&parentId=${id('demosub11')}&pageSize=1&pageNo=2`);
    expect(deeper.body.value.breadcrumb.map((crumb) => crumb.account)).toEqual(['demosub1', 'demosub11']);
    expect(deeper.body.value.list.map((row) => [row.account, row.level])).toEqual([['demo112', 2]]);
    expect(deeper.body.value).toMatchObject({ total: 2, totalPages: 2 });
    const searched = await get<AgentDownline>('demoagent', `/wps/agent/team/members?account=SUB`);
    expect(searched.body.value.list.map((row) => row.account)).toEqual(['demosub1', 'demosub2', 'demosub3']);

    const teamBets = await get<AgentTeamBets>('demoagent', `/wps/agent/team/bets?${RANGE}&pageSize=3`);
    expect(teamBets.status).toBe(200);
    expect(teamBets.body.value.totals).toEqual({ betCount: 3, betAmount: '80.00', validBet: '80.00', winAmount: '85.00', profit: '5.00', houseProfit: '-5.00' });
    expect(teamBets.body.value).toMatchObject({ total: 4, totalPages: 2 });
    expect(teamBets.body.value.list.map((row) => [row.account, row.state, row.betAmount, row.profit])).toEqual([
      ['demoplayer', 'cancelled', '30.00', '0.00'],
      ['demo21', 'settled', '20.00', '-20.00'],
      ['demo11', 'settled', '50.00', '30.00'],
    ]);
    const filtered = await get<AgentTeamBets>('demosub1', `/wps/agent/team/bets?${RANGE}&teamMemberId=${id('demo111')}&gameType=RNG`);
    expect(filtered.body.value.list.map((row) => [row.betId, row.winAmount, row.profit])).toEqual([[corrected.betId, '5.00', '-5.00']]);

    const profit = await get<AgentMemberProfit>('demosub1', `/wps/agent/team/profit?${RANGE}&sortBy=profit`);
    expect(profit.status).toBe(200);
    expect(profit.body.value.list.map((row) => [row.account, row.level, row.validBet, row.profit, row.houseProfit])).toEqual([
      ['demo11', 1, '50.00', '30.00', '-30.00'],
      ['demo111', 2, '10.00', '-5.00', '5.00'],
    ]);
    expect(profit.body.value.totals).toEqual({ betCount: 2, validBet: '60.00', profit: '25.00', houseProfit: '-25.00' });
    const ascending = await get<AgentMemberProfit>('demoagent', `/wps/agent/team/profit?${RANGE}&sortBy=profit&sortOrder=asc&pageSize=1`);
    expect(ascending.body.value.list.map((row) => row.account)).toEqual(['demo21']);
    expect(ascending.body.value).toMatchObject({ total: 3, totalPages: 3 });
    const pastTheEnd = await get<AgentMemberProfit>('demoagent', `/wps/agent/team/profit?${RANGE}&pageNo=9`);
    expect(pastTheEnd.body.value).toMatchObject({ list: [], total: 3, totals: { betCount: 3, validBet: '80.00', profit: '5.00' } });

    // Every agent's team sums equal its members' own sums: nothing counted twice, nothing lost.
    const mismatched = await rows<{ agent_id: string }>(
      platform.db.orm,
      sql`SELECT a.member_id::text AS agent_id
            FROM agent_contracts.agent_tree a
           WHERE coalesce((SELECT sum(valid_bet_minor) FROM agent_contracts.team_hours WHERE agent_id = a.member_id), 0)
                 <> coalesce((SELECT sum(h.valid_bet_minor) FROM agent_contracts.member_hours h JOIN agent_contracts.agent_tree m ON m.member_id = h.member_id WHERE m.path LIKE a.path || '%'), 0)
              OR coalesce((SELECT sum(profit_minor) FROM agent_contracts.team_hours WHERE agent_id = a.member_id), 0)
                 <> coalesce((SELECT sum(h.profit_minor) FROM agent_contracts.member_hours h JOIN agent_contracts.agent_tree m ON m.member_id = h.member_id WHERE m.path LIKE a.path || '%'), 0)`,
    );
    expect(mismatched).toEqual([]);
  });

  it('totals a whole team’s bets from its team hours and the part-hours at the ends of a day, as the bets themselves add up', async () => {
    // In India (UTC+5:30) 10 April 2026 runs from 18:30 UTC on the 9th to 18:30 UTC on the 10th: both ends are half of a UTC hour.
    const bets = [
      bet('demo11', { betAmountMinor: '700', validBetMinor: '700', settledAt: '2026-04-09T18:10:00.000Z' }), // before the day, in its first UTC hour
      bet('demo11', { betAmountMinor: '1100', validBetMinor: '1100', winAmountMinor: '2000', settledAt: '2026-04-09T18:40:00.000Z' }),
      bet('demo21', { betAmountMinor: '1300', validBetMinor: '1300', winAmountMinor: '500', settledAt: '2026-04-10T03:00:00.000Z' }),
      bet('demoplayer', { betAmountMinor: '1700', validBetMinor: '0', state: 'cancelled', settledAt: '2026-04-10T09:00:00.000Z' }),
      bet('demo12', { betAmountMinor: '1900', validBetMinor: '1900', settledAt: '2026-04-10T18:20:00.000Z' }),
      bet('demo13', { betAmountMinor: '2300', validBetMinor: '2300', settledAt: '2026-04-10T18:45:00.000Z' }), // after the day, in its last UTC hour
    ];
    await publish(...bets);
    await eventually(async () => (await Promise.all(bets.map((one) => stored(one.betId)))).every((revision) => revision === 0), 'the bets stored');

    const totals = async (query: string) => {
      const answer = await get<AgentTeamBets>('demoagent', `/wps/agent/team/bets?from=2026-04-10&to=2026-04-10&${query}`);
      expect(answer.status).toBe(200);
      return { total: answer.body.value.total, totals: answer.body.value.totals };
    };
    const india = await totals('timeZoneOffsetMinutes=330');
    expect(india).toEqual({ total: 4, totals: { betCount: 3, betAmount: '43.00', validBet: '43.00', winAmount: '25.00', profit: '-18.00', houseProfit: '18.00' } });
    // Filtered by the one game type they all have, the totals are read from the bets: the same figures.
    expect(await totals('timeZoneOffsetMinutes=330&gameType=RNG')).toEqual(india);
    // A day of whole UTC hours reads the team hours alone.
    const utc = await totals('timeZoneOffsetMinutes=0');
    expect(utc).toEqual({ total: 4, totals: { betCount: 3, betAmount: '55.00', validBet: '55.00', winAmount: '5.00', profit: '-50.00', houseProfit: '50.00' } });
    expect(await totals('timeZoneOffsetMinutes=0&gameType=RNG')).toEqual(utc);

    // Every agent's record totals in its team hours equal its team's stored bets: nothing counted twice, nothing lost.
    const mismatched = await rows<{ agent_id: string }>(
      platform.db.orm,
      sql`SELECT a.member_id::text AS agent_id
            FROM agent_contracts.agent_tree a
            LEFT JOIN (SELECT agent_id, sum(record_count) AS n, sum(stake_minor) AS stake, sum(win_minor) AS win FROM agent_contracts.team_hours GROUP BY agent_id) h
                   ON h.agent_id = a.member_id
            LEFT JOIN LATERAL (SELECT count(*) AS n, coalesce(sum(b.bet_minor) FILTER (WHERE b.state = 'settled'), 0) AS stake,
                                      coalesce(sum(b.win_minor) FILTER (WHERE b.state = 'settled'), 0) AS win
                                 FROM agent_contracts.team_bets b JOIN agent_contracts.agent_tree m ON m.member_id = b.member_id
                                WHERE m.path LIKE a.path || '%') b ON true
           WHERE (coalesce(h.n, 0), coalesce(h.stake, 0), coalesce(h.win, 0)) <> (b.n, b.stake, b.win)`,
    );
    expect(mismatched).toEqual([]);
  });

  it('counts the active members of a range that reaches today from each member’s last active hour, as from the hours', async () => {
    const range = reportRange({ from: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10) }, clockOf(MEXICO, undefined));
    const query = `from=${range.from}&to=${range.to}&timeZoneOffsetMinutes=${MEXICO}`;
    const [agent] = await rows<{ path: string; depth: number }>(platform.db.orm, sql`SELECT path, depth FROM agent_contracts.agent_tree WHERE member_id = ${id('demoagent')}`);
    // The same count read from every member-hour of the range (the way of a range in the past).
    const { active } = teamCountReads({ memberId: id('demoagent'), path: agent!.path, depth: Number(agent!.depth) }, range.start, range.end, range.end);
    const fromHours = async () => (await rows<{ n: number }>(platform.db.orm, active!))[0]!.n;
    const lastActive = async () =>
      (await rows<{ ms: number }>(platform.db.orm, sql`SELECT (extract(epoch FROM last_active_hour) * 1000)::float8 AS ms FROM agent_contracts.agent_tree WHERE member_id = ${id('demo13')}`))[0]?.ms;
    const overview = async () => (await get<AgentTeamOverview>('demoagent', `/wps/agent/team/overview?${query}`)).body.value.activeMembers;
    const before = await lastActive();
    expect(await overview()).toBe(await fromHours());

    const played = bet('demo13', { settledAt: new Date().toISOString() });
    await publish(played);
    await eventually(async () => (await lastActive()) === Math.floor(Date.now() / 3_600_000) * 3_600_000, 'the bet’s hour as the member’s last active hour');
    expect(await overview()).toBe(await fromHours());

    // Cancelled, the bet leaves its hour without a valid bet: the member's last active hour goes back to what it was.
    await publish({ ...played, revision: 1, state: 'cancelled', validBetMinor: '0' });
    await eventually(async () => (await stored(played.betId)) === 1, 'the cancellation');
    expect(await lastActive()).toEqual(before);
    expect(await overview()).toBe(await fromHours());
  });

  it('gives a member whose bets came before its tree row the last active hour of those bets', async () => {
    const memberId = '990000013';
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await publish({ ...bet('demo13', { settledAt: new Date().toISOString() }), memberId, account: 'late13' });
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM agent_contracts.member_hours WHERE member_id = ${memberId}`)).length === 1, 'the early bet’s hour');
    const registered: MemberRegistered = { memberId, merchantCode: 'DEMO', account: 'late13', type: 0, currency: 'MXN', uplineId: id('demoagent'), registeredAt: new Date().toISOString() };
    await platform.bus.publish([{ topic: TOPICS.members, key: memberId, value: createEnvelope('member.registered', memberId, registered, 'test') }]);
    const lastActive = async () =>
      (await rows<{ ms: number | null }>(platform.db.orm, sql`SELECT (extract(epoch FROM last_active_hour) * 1000)::float8 AS ms FROM agent_contracts.agent_tree WHERE member_id = ${memberId}`))[0]
        ?.ms;
    await eventually(async () => (await lastActive()) !== undefined, 'the late tree row');
    expect(await lastActive()).toBe(hour);
  });

  it('refuses non-agents, and members outside the agent’s team alike whether they exist or not', async () => {
    const player = await get<unknown>('demoplayer', '/wps/agent/team/overview');
    expect(player.status).toBe(403);
    expect(player.body).toMatchObject({ success: false, code: 'AGENT_ONLY', message: 'Only agents can use the agent centre' });
    expect((await call('GET', '/wps/agent/team/members')).status).toBe(401);

    const outside = await get<unknown>('demosub1', `/wps/agent/team/members?parentId=${id('demosub2')}`);
    const unknown = await get<unknown>('demosub1', '/wps/agent/team/members?parentId=999999999');
    expect(outside.status).toBe(404);
    expect(outside.body).toMatchObject({ code: 'AGENT_MEMBER_NOT_FOUND' });
    expect(unknown.body).toEqual(outside.body);
    for (const path of ['/wps/agent/team/bets', '/wps/agent/team/profit']) {
      const upline = await get<unknown>('demosub1', `${path}?teamMemberId=${id('demoagent')}`);
      expect(upline.status).toBe(404);
      expect(upline.body).toMatchObject({ code: 'AGENT_MEMBER_NOT_FOUND' });
    }

    const tooLong = await get<unknown>('demoagent', '/wps/agent/team/overview?from=2026-01-01&to=2026-04-04');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'AGENT_REPORT_RANGE_INVALID' });
    expect((await get<unknown>('demoagent', '/wps/agent/team/profit?pageSize=101')).status).toBe(400);
  });
});
