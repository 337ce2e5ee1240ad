import { sql } from 'drizzle-orm';
import type { MemberRegistered } from '@wps/contracts';
import type { Database, Executor } from '@wps/platform';
import { addDays, localDay, type Level } from './rules.js';
import { loadProgrammes, saveBirthday, saveProgramme } from './store.js';

export const DEMO_MERCHANT = 'DEMO';
const DEMO_TIME_ZONE = 'America/Mexico_City';
const DEMO_PLAYER = 'demoplayer';
/** The level the demo player holds, with deposits and valid bet well on the way to the next one. */
const DEMO_PLAYER_LEVEL = 2;

const mxn = (pesos: number): bigint => BigInt(pesos) * 100n;
const level = (number: number, upgrade: [number, number], keep: [number, number], bonuses: [number, number, number], rebateBasisPoints: number, withdrawalLimit: string): Level => ({
  level: number,
  labelName: `VIP${number}`,
  upgradeDeposit: mxn(upgrade[0]),
  upgradeValidBet: mxn(upgrade[1]),
  keepDeposit: mxn(keep[0]),
  keepValidBet: mxn(keep[1]),
  upgradeBonus: mxn(bonuses[0]),
  monthlyBonus: mxn(bonuses[1]),
  birthdayBonus: mxn(bonuses[2]),
  rebateBasisPoints,
  withdrawalLimit,
});

/** The demo brand's six levels, in Mexican pesos: deposits and valid bet over 30 days. */
export const DEMO_LEVELS: readonly Level[] = [
  level(0, [0, 0], [0, 0], [0, 0, 0], 0, '10,000 MXN / día'),
  level(1, [1_000, 5_000], [500, 2_500], [50, 20, 50], 20, '20,000 MXN / día'),
  level(2, [5_000, 25_000], [2_500, 12_500], [200, 80, 150], 30, '50,000 MXN / día'),
  level(3, [20_000, 100_000], [10_000, 50_000], [800, 300, 500], 40, '100,000 MXN / día'),
  level(4, [50_000, 300_000], [25_000, 150_000], [2_000, 800, 1_000], 50, '200,000 MXN / día'),
  level(5, [150_000, 1_000_000], [75_000, 500_000], [6_000, 2_500, 3_000], 60, 'Sin límite'),
];

/** The demo brand's levels, unless it has a programme already (an operator's changes stay). */
export async function seedDemoLevels(db: Database): Promise<void> {
  const existing = await loadProgrammes(db.orm, [DEMO_MERCHANT]);
  if (existing.has(DEMO_MERCHANT)) return;
  await db.transaction((tx) => saveProgramme(tx, { merchantCode: DEMO_MERCHANT, currency: 'MXN', timeZone: DEMO_TIME_ZONE, levels: [...DEMO_LEVELS] }, 'system:demo'));
}

export const isDemoPlayer = (member: MemberRegistered): boolean => member.merchantCode === DEMO_MERCHANT && member.account === DEMO_PLAYER;

/**
 * The demo player starts at VIP2 with two weeks of deposits and valid bet behind it, about two thirds of the way to
 * VIP3, so the VIP page shows a level, progress and the next level's thresholds, and a birthday on file.
 */
export async function seedDemoPlayer(tx: Executor, member: MemberRegistered): Promise<void> {
  const today = localDay(new Date(), DEMO_TIME_ZONE);
  const days = Array.from({ length: 14 }, (_, index) => ({
    member_id: member.memberId,
    day: addDays(today, -index),
    currency: member.currency,
    merchant_code: member.merchantCode,
    deposit_minor: (mxn(1_000) - BigInt(index) * 1_000n).toString(),
    valid_bet_minor: (mxn(4_500) + BigInt(index) * 7_300n).toString(),
  }));
  await tx.execute(
    sql`INSERT INTO points.vip_daily (member_id, day, currency, merchant_code, deposit_minor, valid_bet_minor)
        SELECT member_id, day, currency, merchant_code, deposit_minor, valid_bet_minor
        FROM jsonb_to_recordset(${JSON.stringify(days)}::jsonb) AS t(member_id bigint, day date, currency text, merchant_code text, deposit_minor bigint, valid_bet_minor bigint)
        ON CONFLICT (member_id, day, currency) DO NOTHING`,
  );
  await tx.execute(
    sql`INSERT INTO points.vip_members (member_id, merchant_code, level, version) VALUES (${member.memberId}, ${member.merchantCode}, ${DEMO_PLAYER_LEVEL}, 1)
        ON CONFLICT (member_id) DO NOTHING`,
  );
  // A birthday saved long ago, a few days ahead: the VIP page shows it and the bonus it will bring.
  const birthday = `1992-${addDays(today, 3).slice(5)}`;
  await saveBirthday(tx, { memberId: member.memberId, merchantCode: member.merchantCode, birthday, bonusFrom: addDays(today, -365) });
}
