import { sql } from 'drizzle-orm';
import { AppError, type Executor } from '@wps/platform';
import type { MissionSettings, MissionSettingsBody } from '@wps/contracts';
import { prizesOf } from './leaderboard.js';
import { isTimeZone } from './periods.js';
import { calendarsOf } from './progress.js';

/** The rules of a brand's mission settings beyond their fields' shapes. */
export function checkSettings(body: MissionSettingsBody): void {
  if (!isTimeZone(body.timeZone)) throw new AppError('MISSION_TIME_ZONE_INVALID', { field: 'timeZone' });
  const ranks = body.prizes.map((prize) => prize.rank);
  if (new Set(ranks).size !== ranks.length || ranks.some((rank) => rank > body.size)) throw new AppError('LEADERBOARD_PRIZES_INVALID', { field: 'prizes' });
}

export async function saveSettings(executor: Executor, merchantCode: string, body: MissionSettingsBody, operator: string | null): Promise<void> {
  await executor.execute(
    sql`INSERT INTO points.mission_settings (merchant_code, time_zone, metric, size, currency, prizes, updated_by)
        VALUES (${merchantCode}, ${body.timeZone}, ${body.metric}, ${body.size}, ${body.currency}, ${JSON.stringify(body.prizes)}::jsonb, ${operator})
        ON CONFLICT (merchant_code) DO UPDATE SET time_zone = EXCLUDED.time_zone, metric = EXCLUDED.metric, size = EXCLUDED.size,
          currency = EXCLUDED.currency, prizes = EXCLUDED.prizes, updated_by = EXCLUDED.updated_by, updated_at = now()`,
  );
}

export async function settingsOf(executor: Executor, merchantCode: string): Promise<MissionSettings> {
  const calendar = (await calendarsOf(executor, [merchantCode])).get(merchantCode)!;
  return { timeZone: calendar.timeZone, metric: calendar.metric, size: calendar.size, currency: calendar.currency, prizes: await prizesOf(executor, merchantCode) };
}
