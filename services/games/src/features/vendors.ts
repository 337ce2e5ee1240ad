import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import { webOriginSchema } from '@wps/contracts';
import { launchOriginOf } from '../vendors/seamless.js';

export interface VendorView {
  vassalage: string;
  displayName: string;
  gameType: string;
}

/**
 * The vendors a brand's lobby shows, in display order. There is no per-brand vendor configuration yet, so every brand
 * sees the platform's enabled vendors; the merchant code is part of the query already so callers need not change.
 */
export async function listVendors(executor: Executor, _input: { merchantCode: string }): Promise<VendorView[]> {
  const found = await rows<{ vassalage: string; display_name: string; game_type: string }>(
    executor,
    sql`SELECT vassalage, display_name, game_type FROM games.vendors WHERE enabled ORDER BY sort_order, vassalage`,
  );
  return found.map((row) => ({ vassalage: row.vassalage, displayName: row.display_name, gameType: row.game_type }));
}

/**
 * The web origins a brand's game frames open on: those of the launch URL templates of the seamless vendors it offers
 * (enabled, and not switched off for the brand), each once, sorted. Transfer vendors are left out: their `launch_url`
 * is the API the games service calls, not a page, and their games open in a window of their own.
 */
export async function frameOrigins(executor: Executor, input: { merchantCode: string }): Promise<{ origins: string[] }> {
  const found = await rows<{ launch_url: string }>(
    executor,
    sql`SELECT DISTINCT v.launch_url FROM games.vendors v
          LEFT JOIN games.brand_vendors bv ON bv.merchant_code = ${input.merchantCode} AND bv.vassalage = v.vassalage
        WHERE v.enabled AND coalesce(bv.enabled, true) AND v.wallet_style = 'seamless' AND v.launch_url IS NOT NULL`,
  );
  const origins = new Set<string>();
  for (const row of found) {
    const origin = launchOriginOf(row.launch_url);
    if (origin && webOriginSchema.safeParse(origin).success) origins.add(origin);
  }
  return { origins: [...origins].sort() };
}
