import { sql } from 'drizzle-orm';
import { DEFAULT_PVP_TABLES } from './config.js';
import type { PvpDeps } from './pvp-context.js';

/** Creates the default rooms once; a room already there keeps its settings and its hand numbers. */
export async function ensurePvpTables(deps: Pick<PvpDeps, 'db'>): Promise<void> {
  for (const table of DEFAULT_PVP_TABLES) {
    await deps.db.orm.execute(sql`
      INSERT INTO house.pvp_tables (table_id, name, boot, max_stake, pot_limit, seats, client_seed)
      VALUES (${table.tableId}, ${table.name}, ${table.boot}, ${table.maxStake}, ${table.potLimit}, ${table.seats}, ${table.clientSeed})
      ON CONFLICT (table_id) DO NOTHING`);
  }
}
