import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { LoginHistoryPage } from '@wps/contracts';
import type { ClientMeta } from '../deps.js';

/** One row per sign-in attempt, successful or not, with the address and browser it came from. */
export async function recordLogin(executor: Executor, merchantCode: string, memberId: string | null, username: string, success: boolean, reason: string | null, meta: ClientMeta) {
  await executor.execute(sql`
      INSERT INTO identity.login_history (merchant_code, member_id, username, success, reason, ip, user_agent, device)
      VALUES (${merchantCode}, ${memberId}, ${username.slice(0, 100)}, ${success}, ${reason}, ${meta.ip}, ${meta.userAgent?.slice(0, 300) ?? null},
              ${deviceLabel(meta.userAgent)})`);
}

/** The member's own sign-ins, newest first: when, from which address and device, and whether it succeeded. */
export async function loginHistoryOf(executor: Executor, memberId: string, pageNo: number, pageSize: number): Promise<LoginHistoryPage> {
  if (!/^\d{1,18}$/.test(memberId)) throw new AppError('NOT_FOUND');
  const [{ total }] = (await rows<{ total: number }>(executor, sql`SELECT count(*)::int AS total FROM identity.login_history WHERE member_id = ${memberId}`)) as [{ total: number }];
  const list = await rows<{ at: Date | string; ip: string | null; device: string | null; success: boolean }>(
    executor,
    sql`SELECT at, ip, device, success FROM identity.login_history WHERE member_id = ${memberId}
        ORDER BY at DESC, id DESC LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`,
  );
  return {
    list: list.map((row) => ({ at: new Date(row.at).toISOString(), ip: row.ip, device: row.device, success: row.success })),
    pageNo,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
  };
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * A short label such as "Chrome on Android" for the login history, so a member recognises their own devices. Order
 * matters: Edge and Opera also claim to be Chrome, and Chrome claims to be Safari.
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return 'Other';
  const kind = /Mobi|iPhone|Android.*Mobile/.test(userAgent) ? ' (mobile)' : '';
  return `${browser ?? 'Browser'} on ${system ?? 'unknown system'}${kind}`;
}
