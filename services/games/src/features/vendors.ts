import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';

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
