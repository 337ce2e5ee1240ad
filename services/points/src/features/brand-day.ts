import { sql, type SQL } from 'drizzle-orm';

/**
 * The brand's time zone, as its loyalty settings hold it (the VIP programme, else the mission calendar), UTC for a
 * brand with neither: what "today" and a date range mean to its members.
 */
export const brandTimeZone = (merchantCode: string): SQL =>
  sql`coalesce((SELECT time_zone FROM points.vip_programmes WHERE merchant_code = ${merchantCode}),
               (SELECT time_zone FROM points.mission_settings WHERE merchant_code = ${merchantCode}), 'UTC')`;

/** The instant the brand's current day began. */
export const brandDayStart = (merchantCode: string): SQL => sql`(date_trunc('day', now() AT TIME ZONE ${brandTimeZone(merchantCode)}) AT TIME ZONE ${brandTimeZone(merchantCode)})`;

/** The instant brand day `date` (yyyy-MM-dd) began; `plusDays` moves it (1: the instant it ended). */
export const brandDateStart = (merchantCode: string, date: string, plusDays = 0): SQL => sql`((${date}::date + ${plusDays}::int)::timestamp AT TIME ZONE ${brandTimeZone(merchantCode)})`;
