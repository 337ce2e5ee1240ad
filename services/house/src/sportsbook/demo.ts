import { sql } from 'drizzle-orm';
import type { FeedMarket, FeedMessage, MemberRegistered, OutcomeSettlement, SportsSlipBody } from '@wps/contracts';
import { rows, type Database, type Executor } from '@wps/platform';

export const DEMO_MERCHANT = 'DEMO';
const DEMO_PLAYER = 'demoplayer';

export const isDemoPlayer = (member: MemberRegistered): boolean => member.merchantCode === DEMO_MERCHANT && member.account === DEMO_PLAYER;

/** Remembers a demo player whose history is still to be made. */
export async function rememberDemoPlayer(tx: Executor, member: MemberRegistered): Promise<void> {
  await tx.execute(sql`INSERT INTO house.sb_demo_members (member_id, merchant_code, currency) VALUES (${member.memberId}, ${member.merchantCode}, ${member.currency}) ON CONFLICT DO NOTHING`);
}

export interface DemoPlayer {
  memberId: string;
  merchantCode: string;
  currency: string;
}

export const demoPlayersToSeed = (db: Database): Promise<DemoPlayer[]> =>
  rows<DemoPlayer>(db.orm, sql`SELECT member_id AS "memberId", merchant_code AS "merchantCode", currency FROM house.sb_demo_members WHERE seeded_at IS NULL`);

export const markSeeded = (db: Database, memberId: string) => db.orm.execute(sql`UPDATE house.sb_demo_members SET seeded_at = now() WHERE member_id = ${memberId}`);

const market = (key: string, spec: FeedMarket['spec'], prices: [string, number][]): FeedMarket => ({
  key,
  spec,
  status: 'active',
  outcomes: prices.map(([outcome, price]) => ({ outcome, price, active: true })),
});
const win = (outcome: string): OutcomeSettlement => ({ outcome, result: 1, voidFactor: 0 });
const lose = (outcome: string): OutcomeSettlement => ({ outcome, result: 0, voidFactor: 0 });

/**
 * Three matches of the demo player's past: offered, bet on, then played and settled, so that its settled bets went
 * through the wallet like any other (a single won, a parlay lost on its second leg, a single cashed out).
 */
export function demoPastEvents(memberId: string, now: number): { offered: FeedMessage[]; played: FeedMessage[]; ids: string[] } {
  const ids = [1, 2, 3].map((n) => `demo-${memberId}:past:${n}`);
  const [derby, clash, final] = ids as [string, string, string];
  const startsAt = now - 2 * 3_600_000;
  const football = (eventId: string, home: string, away: string, prices: [number, number, number]): FeedMessage[] => [
    { kind: 'fixture', eventId, seq: 1, at: now, sport: 'football', competition: 'Liga Demo', home: { id: `${eventId}:h`, name: home }, away: { id: `${eventId}:a`, name: away }, startsAt },
    {
      kind: 'odds_change',
      eventId,
      seq: 2,
      at: now,
      status: 'not_started',
      markets: [
        market('1x2', { type: '1x2' }, [
          ['home', prices[0]],
          ['draw', prices[1]],
          ['away', prices[2]],
        ]),
        market('total:10', { type: 'total', line: 10 }, [
          ['over', 1950],
          ['under', 1850],
        ]),
      ],
    },
  ];
  const offered: FeedMessage[] = [
    ...football(derby, 'Monterrey Azul', 'Puebla Río', [1850, 3500, 4300]),
    ...football(clash, 'Toluca Norte', 'León Dorado', [2400, 3200, 2900]),
    {
      kind: 'fixture',
      eventId: final,
      seq: 1,
      at: now,
      sport: 'cs2',
      competition: 'Demo Masters',
      home: { id: `${final}:h`, name: 'Nova Five' },
      away: { id: `${final}:a`, name: 'Iron Wolves' },
      startsAt,
      bestOf: 3,
    },
    {
      kind: 'odds_change',
      eventId: final,
      seq: 2,
      at: now,
      status: 'not_started',
      markets: [
        market('moneyline', { type: 'moneyline' }, [
          ['home', 1650],
          ['away', 2200],
        ]),
      ],
    },
  ];
  const played: FeedMessage[] = [
    // The favourite's price shortens before kick-off: the cashed-out single was worth more than its stake.
    {
      kind: 'odds_change',
      eventId: final,
      seq: 3,
      at: now,
      status: 'not_started',
      markets: [
        market('moneyline', { type: 'moneyline' }, [
          ['home', 1300],
          ['away', 3400],
        ]),
      ],
    },
    {
      kind: 'bet_settlement',
      eventId: derby,
      seq: 3,
      at: now,
      result: { home: 2, away: 0 },
      markets: [
        { key: '1x2', outcomes: [win('home'), lose('draw'), lose('away')] },
        { key: 'total:10', outcomes: [lose('over'), win('under')] },
      ],
    },
    { kind: 'odds_change', eventId: derby, seq: 4, at: now, status: 'closed', score: { home: 2, away: 0 }, markets: [] },
    {
      kind: 'bet_settlement',
      eventId: clash,
      seq: 3,
      at: now,
      result: { home: 1, away: 1 },
      markets: [
        { key: '1x2', outcomes: [lose('home'), win('draw'), lose('away')] },
        { key: 'total:10', outcomes: [lose('over'), win('under')] },
      ],
    },
    { kind: 'odds_change', eventId: clash, seq: 4, at: now, status: 'closed', score: { home: 1, away: 1 }, markets: [] },
  ];
  return { offered, played, ids };
}

/** The demo player's past bets on `demoPastEvents`: a single, a parlay and the single to cash out. */
export function demoPastSlips(ids: string[]): SportsSlipBody[] {
  const [derby, clash, final] = ids as [string, string, string];
  return [
    { type: 'single', selections: [{ eventId: derby, market: '1x2', outcome: 'home', price: 1850 }], stake: '50', acceptOdds: 'any' },
    {
      type: 'parlay',
      selections: [
        { eventId: derby, market: '1x2', outcome: 'home', price: 1850 },
        { eventId: clash, market: '1x2', outcome: 'home', price: 2400 },
      ],
      stake: '20',
      acceptOdds: 'any',
    },
    { type: 'single', selections: [{ eventId: final, market: 'moneyline', outcome: 'home', price: 1650 }], stake: '40', acceptOdds: 'any' },
  ];
}

/** What the final settlement of the cashed-out bet's match says (it happens after the cash-out). */
export function demoFinalSettlement(ids: string[], now: number): FeedMessage[] {
  const final = ids[2]!;
  return [
    { kind: 'bet_settlement', eventId: final, seq: 4, at: now, result: { home: 2, away: 1 }, markets: [{ key: 'moneyline', outcomes: [win('home'), lose('away')] }] },
    { kind: 'odds_change', eventId: final, seq: 5, at: now, status: 'closed', score: { home: 2, away: 1 }, markets: [] },
  ];
}
