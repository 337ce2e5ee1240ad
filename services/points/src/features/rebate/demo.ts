import { sql } from 'drizzle-orm';
import type { Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';
import { localDay } from '../vip/rules.js';

const DEMO_BRAND = 'DEMO';
const DEMO_TIME_ZONE = 'America/Mexico_City';
const DEMO_PLAYER = 'demoplayer';

/** Today's valid bet of the demo player by game type (pesos); VIP's demo gives it 4,500 for today in all. */
const DEMO_TODAY: ReadonlyArray<readonly [string, number]> = [
  ['RNG', 2_350],
  ['LIVE', 1_200],
  ['SPORTS', 650],
  ['FISH', 300],
];

export const isDemoPlayer = (member: Pick<MemberRegistered, 'merchantCode' | 'account'>): boolean => member.merchantCode === DEMO_BRAND && member.account === DEMO_PLAYER;

/** The demo player's valid bet of today by game type, so the manual rebate panel of a fresh install has a rebate to claim. */
export async function seedDemoRebate(tx: Executor, member: MemberRegistered): Promise<void> {
  const day = localDay(new Date(), DEMO_TIME_ZONE);
  const lines = DEMO_TODAY.map(([gameType, pesos]) => ({ game_type: gameType, valid_bet_minor: String(pesos * 100) }));
  await tx.execute(
    sql`INSERT INTO points.rebate_daily (member_id, day, currency, game_type, merchant_code, valid_bet_minor)
        SELECT ${member.memberId}, ${day}::date, ${member.currency}, game_type, ${member.merchantCode}, valid_bet_minor
        FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS t(game_type text, valid_bet_minor bigint)
        ON CONFLICT (member_id, day, currency, game_type) DO NOTHING`,
  );
}
