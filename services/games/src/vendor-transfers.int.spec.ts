import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GamesRpc, RpcClient } from '@wps/contracts';
import { createInProcessClient, createLogger, MemoryStore, rows, type ServiceInstance } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { createGamesService } from './app.js';
import { defaultGamesConfig } from './config.js';
import { walletTransfersPort } from './infra/wallet-port.js';

type VendorMode = 'accept' | 'refuse' | 'slow-accept' | 'lose';

/** A transfer-style vendor as a real HTTP server: its own player wallets and transfer log, and ways to misbehave. */
class FakeTransferVendor {
  mode: VendorMode = 'accept';
  readonly balances = new Map<string, bigint>();
  readonly transfers = new Map<string, 'done' | 'failed'>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer(
      (req, res) =>
        void (async () => {
          const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
          const url = new URL(req.url ?? '/', 'http://vendor');
          if (req.method === 'POST' && url.pathname === '/transfers') {
            const body = JSON.parse(await text(req)) as { transferId: string; direction: 'in' | 'out'; account: string; amountMinor: string };
            if (this.mode === 'lose') return; // never answers and never applies: the request is lost
            const held = this.balances.get(body.account) ?? 0n;
            const amount = BigInt(body.amountMinor);
            const refused = this.mode === 'refuse' || (body.direction === 'out' && held < amount);
            if (!refused) this.balances.set(body.account, body.direction === 'in' ? held + amount : held - amount);
            this.transfers.set(body.transferId, refused ? 'failed' : 'done');
            if (this.mode === 'slow-accept') return; // applied, but the answer never comes
            return send(200, { status: refused ? 'failed' : 'done' });
          }
          const status = /^\/transfers\/([\w-]+)$/.exec(url.pathname);
          if (req.method === 'GET' && status) {
            const known = this.transfers.get(status[1]!);
            return known ? send(200, { status: known }) : send(404, {});
          }
          const balance = /^\/players\/([^/]+)\/balance$/.exec(url.pathname);
          if (req.method === 'GET' && balance) return send(200, { balanceMinor: (this.balances.get(decodeURIComponent(balance[1]!)) ?? 0n).toString() });
          if (req.method === 'POST' && url.pathname === '/launch') {
            const body = JSON.parse(await text(req)) as { account: string; gameCode: string };
            return send(200, { url: `https://vendor.example/play/${body.gameCode}?player=${body.account}` });
          }
          send(404, {});
        })(),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const text = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

describe('transfer-style vendors: money in before play, back after, status checks and reconcile', () => {
  let platform: EmbeddedPlatform;
  let games: ServiceInstance<GamesRpc>;
  let client: RpcClient<GamesRpc>;
  const vendor = new FakeTransferVendor();
  const call = apiCaller(() => platform.url);
  let nodeId = '';

  const newMember = async (deposit: string) => {
    const username = `trf${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const registered = await call<{ token: string; user: { id: string; account: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
    });
    const memberId = registered.body.value.user.id;
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${memberId}`)).length > 0, 'the wallet account');
    await platform.clients.wallet.demoDeposit({ merchantCode: 'DEMO', memberId, currency: 'MXN', amount: deposit, idempotencyKey: randomUUID() });
    return { memberId, merchantCode: 'DEMO', account: registered.body.value.user.account, type: 0, currency: 'MXN', language: 'EN' as const };
  };
  const walletBalance = async (memberId: string) => (await platform.clients.wallet.getBalance({ merchantCode: 'DEMO', memberId, currency: 'MXN' })).balance;
  const transferStates = async (memberId: string) =>
    (await rows<{ direction: string; state: string }>(platform.db.orm, sql`SELECT direction, state FROM games.vendor_transfers WHERE member_id = ${memberId} ORDER BY created_at`)).map(
      (row) => `${row.direction}:${row.state}`,
    );

  beforeAll(async () => {
    await vendor.start();
    platform = await startEmbedded({ logLevel: 'silent' });
    await platform.db.orm.execute(
      sql`INSERT INTO games.vendors (vassalage, display_name, game_type, wallet_style, adapter, launch_url) VALUES ('TRF', 'Transfer Demo', 'RNG', 'transfer', 'transfer-http', ${vendor.url})`,
    );
    [{ node_id: nodeId }] = (await rows<{ node_id: string }>(
      platform.db.orm,
      sql`INSERT INTO games.games (vassalage, game_code, game_type, names) VALUES ('TRF', 'trf-slots', 'RNG', '{"EN": "Transfer Slots"}') RETURNING node_id::text AS node_id`,
    )) as [{ node_id: string }];
    // A second games instance on the same database, given the wallet port the embedded host does not pass yet.
    games = await createGamesService(
      { db: platform.db, bus: platform.bus, cache: new MemoryStore(), logger: createLogger({ service: 'games-test', level: 'silent' }) },
      defaultGamesConfig({ GAMES_VENDOR_TIMEOUT_MS: '300', GAMES_RECONCILE_INTERVAL_MS: '200', GAMES_RECONCILE_AFTER_MS: '1500' }),
      { wallet: walletTransfersPort(platform.clients.wallet) },
    );
    await games.start();
    client = createInProcessClient('games', games.contract, games.handlers);
  }, 60_000);
  afterAll(async () => {
    await games?.stop();
    await platform?.close();
    await vendor.stop();
  });

  it('moves the whole balance in on launch and the vendor balance back on recall, with a balanced ledger', async () => {
    vendor.mode = 'accept';
    const member = await newMember('100.00');
    const launched = await client.launchGame({ ...member, nodeId });
    expect(launched).toEqual({ url: `https://vendor.example/play/trf-slots?player=${member.account}`, mode: 'redirect' });
    expect(await walletBalance(member.memberId)).toBe('0.00');
    expect(vendor.balances.get(member.account)).toBe(10_000n);

    vendor.balances.set(member.account, 15_000n); // the player won 50.00 at the vendor
    expect(await client.recallFromVendors(member)).toEqual({ recalled: [{ vendor: 'TRF', amountMinor: '15000' }] });
    expect(await walletBalance(member.memberId)).toBe('150.00');
    expect(vendor.balances.get(member.account)).toBe(0n);
    expect(await client.recallFromVendors(member)).toEqual({ recalled: [] });
    expect(await walletBalance(member.memberId)).toBe('150.00');
    expect(await transferStates(member.memberId)).toEqual(['in:done', 'out:done']);
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('gives the money back when the vendor refuses the transfer', async () => {
    vendor.mode = 'refuse';
    const member = await newMember('40.00');
    await expect(client.launchGame({ ...member, nodeId })).rejects.toMatchObject({ code: 'VENDOR_TRANSFER_FAILED' });
    expect(await walletBalance(member.memberId)).toBe('40.00');
    expect(await transferStates(member.memberId)).toEqual(['in:failed']);
  });

  it('asks the vendor after a timeout and goes on when the transfer did happen', async () => {
    vendor.mode = 'slow-accept';
    const member = await newMember('25.00');
    const launched = await client.launchGame({ ...member, nodeId });
    expect(launched.mode).toBe('redirect');
    expect(await walletBalance(member.memberId)).toBe('0.00');
    expect(vendor.balances.get(member.account)).toBe(2_500n);
    expect(await transferStates(member.memberId)).toEqual(['in:done']);
  });

  it('leaves an unanswered transfer pending, and the reconcile job returns the money once the vendor has no record of it', async () => {
    vendor.mode = 'lose';
    const member = await newMember('30.00');
    await expect(client.launchGame({ ...member, nodeId })).rejects.toMatchObject({ code: 'VENDOR_TRANSFER_PENDING' });
    expect(await walletBalance(member.memberId)).toBe('0.00');
    await eventually(async () => (await walletBalance(member.memberId)) === '30.00', 'the reconcile job to give the money back');
    expect(await transferStates(member.memberId)).toEqual(['in:failed']);
    expect(vendor.balances.get(member.account)).toBeUndefined();
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});
