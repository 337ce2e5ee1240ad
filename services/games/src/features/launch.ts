import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, type Database } from '@wps/platform';
import type { LaunchResult, LotteryLaunchParams } from '@wps/contracts';
import { clientRouteFor } from '../domain/lobby.js';
import { isTransferAdapter, type LaunchingMember, type TransferVendorAdapter, type VendorAdapter } from '../vendors/adapter.js';
import type { Catalogue } from './catalogue.js';
import type { MemberGames } from './member-games.js';
import { isLotteryPageRoute } from './lottery-launch.js';

/** Account type of trial (free-play) members, spec section 6. */
const TRIAL_ACCOUNT_TYPE = 4;
const LAUNCH_TOKEN_TTL_SECONDS = 300;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export interface RedeemedLaunchToken {
  memberId: string;
  account: string;
  currency: string;
  language: string;
  gameCode: string;
  vendor: string;
  nodeId: string;
  name: string;
  vendorName: string;
}

export interface LaunchDeps {
  db: Database;
  catalogue: Catalogue;
  memberGames: MemberGames;
  /** The adapter of a vendor by its `adapter` column and launch URL; undefined when this deployment cannot launch it. */
  adapterFor(adapter: string, launchUrl: string | null, vassalage: string): VendorAdapter | undefined;
  /** Moves the member's money into a transfer-style vendor before play. */
  fundTransferVendor?(member: LaunchingMember, vassalage: string, adapter: TransferVendorAdapter): Promise<void>;
}

export class GameLaunch {
  constructor(private readonly deps: LaunchDeps) {}

  async launch(input: LaunchingMember & { type: number; nodeId: string; lottery?: LotteryLaunchParams | undefined }): Promise<LaunchResult> {
    if (input.type === TRIAL_ACCOUNT_TYPE) throw new AppError('TRIAL_ACCOUNT_REFUSED');
    const offered = await this.deps.catalogue.offeredGame(input.merchantCode, input.language, input.nodeId);
    let route = clientRouteFor(offered.game);
    // The lottery page itself asks with its lottery parameters: answering its own route again would loop.
    if (route && input.lottery && isLotteryPageRoute(route)) route = undefined;
    let result: LaunchResult;
    if (route) {
      result = { url: route, mode: 'route', route };
    } else {
      const adapter = this.deps.adapterFor(offered.adapter, offered.launchUrl, offered.game.vassalage);
      if (!adapter) throw new AppError('GAME_MAINTENANCE');
      if (isTransferAdapter(adapter)) {
        if (!this.deps.fundTransferVendor) throw new AppError('GAME_MAINTENANCE');
        await this.deps.fundTransferVendor(input, offered.game.vassalage, adapter);
      }
      const launched = await adapter.launch(input, offered.game, {
        launchUrl: offered.launchUrl,
        issueLaunchToken: () => this.issueLaunchToken(input, offered.game.nodeId),
        ...(input.lottery ? { lottery: input.lottery } : {}),
      });
      result = launched.mode === 'route' ? { ...launched, route: launched.url } : launched;
    }
    await this.deps.db.transaction((tx) => this.deps.memberGames.recordLaunch(tx, input));
    return result;
  }

  private async issueLaunchToken(member: LaunchingMember, nodeId: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.deps.db.orm.execute(
      sql`INSERT INTO games.launch_tokens (token_hash, member_id, merchant_code, node_id, expires_at, account, currency, language)
          VALUES (${hashToken(token)}, ${member.memberId}, ${member.merchantCode}, ${nodeId}, now() + make_interval(secs => ${LAUNCH_TOKEN_TTL_SECONDS}),
                  ${member.account}, ${member.currency}, ${member.language})`,
    );
    return token;
  }

  /**
   * Redeems a launch token once. With `vendor`, only a token for one of that vendor's games counts, and another
   * vendor's attempt leaves the token untouched. Used, expired, unknown and other vendors' tokens all answer undefined,
   * so a caller cannot tell them apart.
   */
  async redeemLaunchToken(token: string, vendor?: string): Promise<RedeemedLaunchToken | undefined> {
    const [redeemed] = await rows<RedeemedLaunchToken>(
      this.deps.db.orm,
      sql`UPDATE games.launch_tokens t SET used_at = now() FROM games.games g, games.vendors v
          WHERE t.token_hash = ${hashToken(token)} AND t.used_at IS NULL AND t.expires_at > now() AND g.node_id = t.node_id AND v.vassalage = g.vassalage
            AND (${vendor ?? null}::text IS NULL OR g.vassalage = ${vendor ?? null}::text)
          RETURNING t.member_id::text AS "memberId", coalesce(t.account, '') AS account, coalesce(t.currency, '') AS currency, coalesce(t.language, '') AS language,
            g.game_code AS "gameCode", g.vassalage AS vendor, g.node_id::text AS "nodeId", g.names->>'EN' AS name, v.display_name AS "vendorName"`,
    );
    return redeemed;
  }

  /**
   * The demo vendors' game page. It redeems the launch token once, the way a vendor would exchange it for the player;
   * a used, expired or unknown token gets the same refusal.
   */
  async demoPlayPage(input: { token: string }): Promise<{ html: string }> {
    const redeemed = await this.redeemLaunchToken(input.token);
    if (!redeemed) throw new AppError('NOT_FOUND');
    const escape = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
    const html =
      `<!doctype html><html><head><meta charset="utf-8"><title>${escape(redeemed.name)}</title>` +
      `<style>body{margin:0;display:grid;place-items:center;height:100vh;background:#111827;color:#f9fafb;font-family:sans-serif}</style></head>` +
      `<body><main><h1>${escape(redeemed.name)}</h1><p>${escape(redeemed.vendorName)} &middot; demo</p>` +
      `<p>This demo vendor has no game engine: real vendors play rounds against the wallet's signed vendor API.</p></main></body></html>`;
    return { html };
  }
}
