import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { SIMULATED_ACCOUNTS } from './simulated-players.js';

/**
 * The demo brand's simulated players on a fresh embedded install: the demo team plays the house's instant games on
 * its own through the real wallet, so the winner board and the jackpot move; nobody else is played for.
 */
describe('simulated players of the demo brand (embedded)', () => {
  let platform: EmbeddedPlatform;
  const memberIds = async (accounts: readonly string[]) =>
    (await rows<{ id: string }>(platform.db.orm, sql`SELECT id::text AS id FROM identity.members WHERE merchant_code = 'DEMO' AND username = ANY(${`{${accounts.join(',')}}`}::text[])`)).map(
      (row) => row.id,
    );
  const jackpot = async () => (await platform.clients.wallet.jackpotPool({ merchantCode: 'DEMO', currency: 'MXN' })).amountMinor;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { SEED_DEMO: 'true', HOUSE_DEMO_PLAYERS: 'true', HOUSE_DEMO_PLAYERS_PACE_MS: '60' } });
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('plays the demo team’s rounds through the wallet, moving the winner board and the jackpot, and never anyone else’s', async () => {
    const team = await memberIds(SIMULATED_ACCOUNTS);
    expect(team).toHaveLength(SIMULATED_ACCOUNTS.length);
    const seedJackpot = BigInt(await jackpot());
    await eventually(
      async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(DISTINCT member_id)::int AS n FROM house.rounds WHERE state = 'settled'`))[0]!.n >= 3,
      'rounds of several simulated players',
      60_000,
    );
    // Every round played on its own is a simulated player's, of the demo brand, settled through the wallet.
    const players = await rows<{ member_id: string; merchant_code: string; game: string }>(platform.db.orm, sql`SELECT DISTINCT member_id::text AS member_id, merchant_code, game FROM house.rounds`);
    for (const round of players) {
      expect(team).toContain(round.member_id);
      expect(round.merchant_code).toBe('DEMO');
    }
    const [demoPlayer] = await memberIds(['demoplayer']);
    expect(players.map((round) => round.member_id)).not.toContain(demoPlayer);
    const walletPlayers = await rows<{ player_id: string }>(platform.db.orm, sql`SELECT DISTINCT player_id FROM wallet.vendor_transactions WHERE vendor = 'HOUSE' AND round_id LIKE 'HS%'`);
    expect(walletPlayers.length).toBeGreaterThan(0);
    for (const row of walletPlayers) expect(team).toContain(row.player_id);
    // Their bets feed the brand's jackpot, and their wins reach the winner board under masked names.
    await eventually(async () => BigInt(await jackpot()) > seedJackpot, 'the jackpot to grow', 30_000);
    await eventually(
      async () => {
        const board = await platform.clients.games.winners({ merchantCode: 'DEMO', language: 'EN', limitNum: 20 });
        return board.list.some((winner) => winner.vo?.vendor === 'HOUSE' && /^de\*\*\*/.test(winner.customerName));
      },
      'a simulated win on the winner board',
      30_000,
    );
    // Money moved only between accounts: the ledger balances and no account went below zero.
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  }, 120_000);
});
