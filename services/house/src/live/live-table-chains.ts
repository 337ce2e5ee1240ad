import { sql } from 'drizzle-orm';
import { chainLinks, CHAIN_LENGTH, newChainStart } from './fairness-chain.js';
import { DEFAULT_TABLES } from './config.js';
import { liveTable, type LiveTablesDeps } from './live-context.js';
import type { TableRow } from './store.js';

/** A fresh seed chain: its start stays secret, its head is published before the chain's first round. */
export function newChain(): { start: string; head: string; length: number } {
  const start = newChainStart();
  return { start, head: chainLinks(start, CHAIN_LENGTH).at(-1)!, length: CHAIN_LENGTH };
}

/** Creates the default tables once; a table's seed chain is made here and its head published from the start. */
export async function ensureLiveTables(deps: Pick<LiveTablesDeps, 'db' | 'schema'>): Promise<void> {
  for (const table of DEFAULT_TABLES) {
    const chain = newChain();
    await deps.db.orm.execute(sql`
      INSERT INTO ${liveTable(deps.schema, 'live_tables')} (table_id, game, game_code, min_bet, max_bet, betting_seconds, client_seed, chain_start, chain_head, chain_length)
      VALUES (${table.tableId}, ${table.game}, ${table.gameCode}, ${table.minBet}, ${table.maxBet}, ${table.bettingSeconds}, ${table.clientSeed}, ${chain.start}, ${chain.head}, ${chain.length})
      ON CONFLICT (table_id) DO NOTHING`);
  }
}

/** Every link of a table's chain, computed once per chain: a round's seed is a link, and hashing a chain costs. */
export class ChainLinks {
  private readonly chains = new Map<string, { start: string; links: string[] }>();

  linksFor(table: TableRow): string[] {
    const cached = this.chains.get(table.table_id);
    if (cached?.start === table.chain_start) return cached.links;
    const links = chainLinks(table.chain_start, table.chain_length);
    this.chains.set(table.table_id, { start: table.chain_start, links });
    return links;
  }
}
