import { sql } from 'drizzle-orm';
import { rows, type Executor, type Outbox } from '@wps/platform';
import { formatMinor, LANGUAGES, WINNER_BOARD_LIMIT, type BetSettled, type Winner } from '@wps/contracts';
import { lobbyGameType, maskCustomerName } from '../domain/lobby.js';
import { houseProductName } from '../domain/house-products.js';
import { tileArt } from './catalogue.js';

/** The board counts wins settled within this window. */
const BOARD_WINDOW_HOURS = 24;

interface WinnerRow {
  bet_id: string;
  account: string | null;
  win_amount_minor: string;
  currency: string;
  vendor: string;
  game_type: string;
  settled_at: Date | string;
  node_id: string | null;
  name: string | null;
  game_code: string | null;
  image_url: string | null;
}

/** The winner board: the brand's biggest wins of the last 24 hours from settled bets, pushed when it changes. */
export class WinnerBoard {
  constructor(private readonly deps: { outbox: Outbox }) {}

  /**
   * Whether a settled bet can touch the board: a win, or a correction (which may take a win off it). A first settlement
   * without a win is never on the board, and a later correction of it is recorded then.
   */
  static concerns(this: void, bet: BetSettled): boolean {
    return bet.revision > 0 || (bet.state !== 'cancelled' && BigInt(bet.winAmountMinor) > 0n);
  }

  async list(executor: Executor, input: { merchantCode: string; language: string; limitNum: number }): Promise<{ list: Winner[]; betIds: string[] }> {
    const found = await rows<WinnerRow>(
      executor,
      sql`SELECT s.bet_id, s.account, s.win_amount_minor::text AS win_amount_minor, s.currency, s.vendor, s.game_type, s.settled_at, s.game_code,
            g.node_id::text AS node_id, coalesce(g.names->>${input.language}, g.names->>'EN') AS name, g.image_url
          FROM games.settled_bets s LEFT JOIN games.games g ON g.vassalage = s.vendor AND g.game_code = s.game_code
          WHERE s.merchant_code = ${input.merchantCode} AND s.win_amount_minor > 0
            AND s.settled_at > now() - make_interval(hours => ${BOARD_WINDOW_HOURS})
          ORDER BY s.win_amount_minor DESC, s.settled_at DESC, s.bet_id LIMIT ${input.limitNum}`,
    );
    return {
      betIds: found.map((row) => row.bet_id),
      list: found.map((row) => ({
        customerName: maskCustomerName(row.account),
        winAmount: formatMinor(BigInt(row.win_amount_minor), row.currency),
        currency: row.currency,
        gameName: row.name ?? houseProductName(row.game_code, input.language) ?? row.game_code ?? row.vendor,
        ...tileArt(row.image_url, row.node_id ?? (houseProductName(row.game_code, 'EN') ? `product-${row.game_code}` : `vendor-${row.vendor}`)),
        vo: { vendor: row.vendor, gameType: lobbyGameType(row.vendor, row.game_type), at: new Date(row.settled_at).toISOString() },
      })),
    };
  }

  /**
   * Records a batch of settled bets, keeping the highest revision of each (a corrected round arrives again with a
   * higher one). When a bet of the batch is on a brand's board, or was and left it, the brand's sockets get the new
   * board, once per batch.
   */
  async recordSettledBets(tx: Executor, bets: BetSettled[]): Promise<void> {
    const latest = new Map<string, BetSettled>();
    for (const bet of bets) {
      const seen = latest.get(bet.betId);
      if (!seen || seen.revision < bet.revision) latest.set(bet.betId, bet);
    }
    const byMerchant = new Map<string, BetSettled[]>();
    for (const bet of latest.values()) byMerchant.set(bet.merchantCode, [...(byMerchant.get(bet.merchantCode) ?? []), bet]);
    for (const [merchantCode, merchantBets] of byMerchant) {
      const board = async () => new Set((await this.list(tx, { merchantCode, language: 'EN', limitNum: WINNER_BOARD_LIMIT })).betIds);
      // A first revision cannot have been on the board; only corrections need the board as it was.
      const before = merchantBets.some((bet) => bet.revision > 0) ? await board() : new Set<string>();
      const values = merchantBets.map((bet) => ({
        bet_id: bet.betId,
        revision: bet.revision,
        merchant_code: bet.merchantCode,
        account: bet.account,
        vendor: bet.vendor,
        game_type: bet.gameType,
        game_code: bet.gameCode,
        currency: bet.currency,
        win_amount_minor: bet.state === 'cancelled' ? '0' : bet.winAmountMinor,
        settled_at: bet.settledAt,
      }));
      const changed = await rows<{ bet_id: string }>(
        tx,
        sql`INSERT INTO games.settled_bets (bet_id, revision, merchant_code, account, vendor, game_type, game_code, currency, win_amount_minor, settled_at)
            SELECT bet_id, revision, merchant_code, account, vendor, game_type, game_code, currency, win_amount_minor::bigint, settled_at
              FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
                AS b(bet_id text, revision int, merchant_code text, account text, vendor text, game_type text, game_code text, currency text, win_amount_minor text, settled_at timestamptz)
            ON CONFLICT (bet_id) DO UPDATE SET revision = EXCLUDED.revision, win_amount_minor = EXCLUDED.win_amount_minor, settled_at = EXCLUDED.settled_at
            WHERE games.settled_bets.revision < EXCLUDED.revision
            RETURNING bet_id`,
      );
      if (changed.length === 0) continue;
      const after = await board();
      if (changed.some((row) => before.has(row.bet_id) || after.has(row.bet_id))) await this.publish(tx, merchantCode);
    }
  }

  private async publish(tx: Executor, merchantCode: string): Promise<void> {
    const [version] = await rows<{ version: string }>(
      tx,
      sql`INSERT INTO games.lobby_versions (merchant_code, push_type, version) VALUES (${merchantCode}, 'winners', 1)
          ON CONFLICT (merchant_code, push_type) DO UPDATE SET version = games.lobby_versions.version + 1 RETURNING version::text AS version`,
    );
    const lists: Record<string, Winner[]> = {};
    for (const language of LANGUAGES) lists[language] = (await this.list(tx, { merchantCode, language, limitNum: WINNER_BOARD_LIMIT })).list;
    await this.deps.outbox.add(tx, 'lobby.changed', merchantCode, {
      merchantCode,
      pushType: 'winners',
      version: Number(version!.version),
      data: { list: lists.ES ?? [], lists },
    });
  }
}
