import { sql } from 'drizzle-orm';
import { rows, type Database } from '@wps/platform';
import type { EnvelopeWindows, NewWindow } from './windows.js';

const DEMO_BRAND = 'DEMO';
const DEMO_ZONE = 'America/Mexico_City';

/** The demo brand's daily windows, in brand time: one all day (so a fresh install always shows one) and an evening one. */
const DEMO_WINDOWS: ReadonlyArray<{ series: string; title: string; from: string; to: string } & Pick<NewWindow, 'poolMinor' | 'count' | 'minMinor' | 'maxMinor' | 'eligibility'>> = [
  { series: 'demo-all-day', title: 'Sobre rojo del día', from: '00:00', to: '23:59', poolMinor: 100_000n, count: 200, minMinor: 100n, maxMinor: 2_000n, eligibility: 'everyone' },
  { series: 'demo-evening', title: 'Sobre rojo de la tarde', from: '20:00', to: '20:30', poolMinor: 500_000n, count: 100, minMinor: 1_000n, maxMinor: 20_000n, eligibility: 'active_today' },
];

/** Schedules today's (or, once it has ended, tomorrow's) copy of each demo window; a copy that exists is left alone. */
export async function seedDemoWindows(db: Database, windows: EnvelopeWindows): Promise<void> {
  for (const window of DEMO_WINDOWS) {
    const [times] = await rows<{ starts_at: string; ends_at: string }>(
      db.orm,
      sql`WITH today AS (SELECT date_trunc('day', now() AT TIME ZONE ${DEMO_ZONE}) AS day)
          SELECT ((day + ${window.from}::time) AT TIME ZONE ${DEMO_ZONE} + CASE WHEN (day + ${window.to}::time) AT TIME ZONE ${DEMO_ZONE} <= now() THEN interval '1 day' ELSE interval '0' END) AS starts_at,
                 ((day + ${window.to}::time) AT TIME ZONE ${DEMO_ZONE} + CASE WHEN (day + ${window.to}::time) AT TIME ZONE ${DEMO_ZONE} <= now() THEN interval '1 day' ELSE interval '0' END) AS ends_at
          FROM today`,
    );
    // A copy the daily schedule already made (today's or a later one) counts as seeded.
    const [existing] = await rows<{ n: number }>(
      db.orm,
      sql`SELECT count(*)::int AS n FROM points.envelope_windows WHERE merchant_code = ${DEMO_BRAND} AND series = ${window.series} AND status IN ('scheduled', 'open')`,
    );
    if (Number(existing?.n ?? 0) > 0) continue;
    await db.transaction((tx) =>
      windows.insert(tx, {
        merchantCode: DEMO_BRAND,
        title: window.title,
        startsAt: new Date(times!.starts_at),
        endsAt: new Date(times!.ends_at),
        currency: 'MXN',
        poolMinor: window.poolMinor,
        count: window.count,
        minMinor: window.minMinor,
        maxMinor: window.maxMinor,
        eligibility: window.eligibility,
        timeZone: DEMO_ZONE,
        daily: true,
        series: window.series,
        createdBy: 'demo',
      }),
    );
  }
  await windows.tick();
}
