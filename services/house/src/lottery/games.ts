import { LOTTERY_FAMILY_INFO, lotteryBetTypesOf, LOTTERY_MAX_MULTIPLIER, LOTTERY_SLIP_MAX_BETS, lotteryRoom, type LotteryFamily, type LotteryGame } from '@wps/contracts';
import type { HouseLotteryConfig } from './config.js';

/**
 * When a game draws: every `seconds` (aligned to the epoch), or at a local time of the game's zone on every day or, with
 * `weekdays` (0 is Sunday), on those days of the week only.
 */
export type LotterySchedule = { kind: 'interval'; seconds: number } | { kind: 'daily'; hour: number; minute: number; weekdays?: readonly number[] };

export interface LotteryGameDefinition {
  gameCode: string;
  vendor: 'LOTT' | 'ELOTT' | 'TCG_LOTTO_VN' | 'TCG_SEA';
  /** The catalogue's game type of the tile; the wallet records the tickets under it. */
  gameType: 'LOTT' | 'ELOTT';
  family: LotteryFamily;
  region: string | null;
  schedule: LotterySchedule;
  /** The zone draw numbers and daily times are counted in. */
  utcOffsetMinutes: number;
  closeSeconds: number;
}

/** Limits of every game, in major units of two-decimal currencies (whole units otherwise). */
export const LOTTERY_LIMITS = { minUnitStake: '1', maxUnitStake: '1000', maxTicketStake: '50000' } as const;

const VIETNAM = 7 * 60;
const SOUTH_EAST_ASIA = 8 * 60;
const FAST_CLOSE_SECONDS = 10;
const DAILY_CLOSE_SECONDS = 15 * 60;

const fast = (gameCode: string, vendor: 'LOTT' | 'ELOTT', family: LotteryFamily, minutes: 1 | 3 | 5): LotteryGameDefinition => ({
  gameCode,
  vendor,
  gameType: vendor,
  family,
  region: null,
  schedule: { kind: 'interval', seconds: minutes * 60 },
  utcOffsetMinutes: 0,
  closeSeconds: FAST_CLOSE_SECONDS,
});
const daily = (
  gameCode: string,
  vendor: 'TCG_LOTTO_VN' | 'TCG_SEA',
  family: LotteryFamily,
  region: string | null,
  time: string,
  utcOffsetMinutes: number,
  weekdays?: readonly number[],
): LotteryGameDefinition => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const schedule: LotterySchedule = { kind: 'daily', hour, minute, ...(weekdays ? { weekdays } : {}) };
  return { gameCode, vendor, gameType: 'LOTT', family, region, schedule, utcOffsetMinutes, closeSeconds: DAILY_CLOSE_SECONDS };
};
const [SUN, MON, TUE, WED, , , SAT] = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * Every lottery game of the demo catalogue (services/games/src/infra/seed-catalogue.ts: vendors LOTT and ELOTT with
 * eight games each, TCG_LOTTO_VN with eight, TCG_SEA with six), under the catalogue's game codes. Fast games draw every
 * 1, 3 or 5 minutes; the Vietnamese draws follow the real schedule in Vietnam's time (UTC+7): the north every day at
 * 18:15, the central provinces at 17:15 and the south at 16:15, each province on its own days of the week; the 4D
 * games draw daily in the evening, UTC+8.
 */
export const LOTTERY_GAMES: readonly LotteryGameDefinition[] = [
  fast('lott-001', 'LOTT', 'ssc', 1),
  fast('lott-002', 'LOTT', 'ssc', 3),
  fast('lott-003', 'LOTT', 'ssc', 5),
  fast('lott-004', 'LOTT', 'k3', 1),
  fast('lott-005', 'LOTT', 'k3', 3),
  fast('lott-006', 'LOTT', 'pk10', 1),
  fast('lott-007', 'LOTT', 'pk10', 5),
  fast('lott-008', 'LOTT', 'x115', 3),
  fast('elott-001', 'ELOTT', 'ssc', 1),
  fast('elott-002', 'ELOTT', 'k3', 1),
  fast('elott-003', 'ELOTT', 'pk10', 3),
  fast('elott-004', 'ELOTT', 'x115', 1),
  fast('elott-005', 'ELOTT', 'ssc', 5),
  fast('elott-006', 'ELOTT', 'k3', 5),
  fast('elott-007', 'ELOTT', 'pk10', 1),
  fast('elott-008', 'ELOTT', 'x115', 5),
  daily('tcg_lotto_vn-001', 'TCG_LOTTO_VN', 'vn_north', 'Hà Nội', '18:15', VIETNAM),
  daily('tcg_lotto_vn-002', 'TCG_LOTTO_VN', 'vn_central', 'Đà Nẵng', '17:15', VIETNAM, [WED, SAT]),
  daily('tcg_lotto_vn-003', 'TCG_LOTTO_VN', 'vn_central', 'Khánh Hòa', '17:15', VIETNAM, [WED, SUN]),
  daily('tcg_lotto_vn-004', 'TCG_LOTTO_VN', 'vn_central', 'Thừa Thiên Huế', '17:15', VIETNAM, [MON, SUN]),
  daily('tcg_lotto_vn-005', 'TCG_LOTTO_VN', 'vn_south', 'TP. Hồ Chí Minh', '16:15', VIETNAM, [MON, SAT]),
  daily('tcg_lotto_vn-006', 'TCG_LOTTO_VN', 'vn_south', 'Đồng Tháp', '16:15', VIETNAM, [MON]),
  daily('tcg_lotto_vn-007', 'TCG_LOTTO_VN', 'vn_south', 'Cà Mau', '16:15', VIETNAM, [MON]),
  daily('tcg_lotto_vn-008', 'TCG_LOTTO_VN', 'vn_south', 'Vũng Tàu', '16:15', VIETNAM, [TUE]),
  daily('tcg_sea-001', 'TCG_SEA', 'sea_4d', null, '18:00', SOUTH_EAST_ASIA),
  daily('tcg_sea-002', 'TCG_SEA', 'sea_4d', null, '18:30', SOUTH_EAST_ASIA),
  daily('tcg_sea-003', 'TCG_SEA', 'sea_4d', null, '19:00', SOUTH_EAST_ASIA),
  daily('tcg_sea-004', 'TCG_SEA', 'sea_4d', null, '19:30', SOUTH_EAST_ASIA),
  daily('tcg_sea-005', 'TCG_SEA', 'sea_4d', null, '20:00', SOUTH_EAST_ASIA),
  daily('tcg_sea-006', 'TCG_SEA', 'sea_4d', null, '20:30', SOUTH_EAST_ASIA),
];

const BY_CODE = new Map(LOTTERY_GAMES.map((game) => [game.gameCode, game]));
if (BY_CODE.size !== LOTTERY_GAMES.length) throw new Error('lottery game codes must be unique');

/** The game as this instance runs it: the configuration may put every game on one short interval. */
export function effectiveGame(game: LotteryGameDefinition, config: Pick<HouseLotteryConfig, 'HOUSE_LOTTERY_INTERVAL_SECONDS' | 'HOUSE_LOTTERY_CLOSE_SECONDS'>): LotteryGameDefinition {
  const schedule: LotterySchedule = config.HOUSE_LOTTERY_INTERVAL_SECONDS ? { kind: 'interval', seconds: config.HOUSE_LOTTERY_INTERVAL_SECONDS } : game.schedule;
  // The close never reaches back past the draw before (a day is the shortest gap of a daily game).
  const period = schedule.kind === 'interval' ? schedule.seconds : 86_400;
  const closeSeconds = Math.min(config.HOUSE_LOTTERY_CLOSE_SECONDS ?? game.closeSeconds, Math.max(0, period - 1));
  return { ...game, schedule, closeSeconds };
}

export const findLotteryGame = (gameCode: string): LotteryGameDefinition | undefined => BY_CODE.get(gameCode);

export function lotteryGameView(game: LotteryGameDefinition): LotteryGame {
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    gameCode: game.gameCode,
    vendor: game.vendor,
    gameType: game.gameType,
    family: game.family,
    name: LOTTERY_FAMILY_INFO[game.family].label,
    region: game.region,
    kind: game.schedule.kind === 'interval' ? 'fast' : 'daily',
    intervalSeconds: game.schedule.kind === 'interval' ? game.schedule.seconds : null,
    dailyTime: game.schedule.kind === 'daily' ? `${pad(game.schedule.hour)}:${pad(game.schedule.minute)}` : null,
    drawWeekdays: game.schedule.kind === 'daily' && game.schedule.weekdays ? [...game.schedule.weekdays] : null,
    utcOffsetMinutes: game.utcOffsetMinutes,
    closeSeconds: game.closeSeconds,
    room: lotteryRoom(game.gameCode),
    limits: { ...LOTTERY_LIMITS, maxMultiplier: LOTTERY_MAX_MULTIPLIER, maxBetsPerSlip: LOTTERY_SLIP_MAX_BETS },
    betTypes: lotteryBetTypesOf(game.family).map((betType) => betType.code),
  };
}
