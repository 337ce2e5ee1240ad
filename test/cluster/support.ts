import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import pg from 'pg';
import { walletRpc } from '@wps/contracts';
import { createHttpClient, vendorSignature } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';

/** What the cluster specs share: the variables `npm run test:cluster` passes, members with money, signed vendor calls. */

export type ClusterCaller = ReturnType<typeof apiCaller>;

/** A spec started on its own, without the runner's services, stops at once with the one instruction that helps. */
export function clusterEnv<const Name extends string>(...names: Name[]): Record<Name, string> {
  if (names.some((name) => !process.env[name])) {
    const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
    throw new Error(`${listed} must be set: run \`npm run test:cluster\``);
  }
  return Object.fromEntries(names.map((name) => [name, process.env[name]!])) as Record<Name, string>;
}

/** The wallet's internal API, as the gateway and the house service call it with the service token. */
export const walletServiceClient = (serviceToken: string) => createHttpClient('wallet', walletRpc, { baseUrl: 'http://127.0.0.1:8102', serviceToken });

export const demoWalletBalance = async (wallet: ReturnType<typeof walletServiceClient>, memberId: string): Promise<string> =>
  (await wallet.getBalance({ merchantCode: 'DEMO', memberId, currency: 'MXN' })).balance;

/** A PostgreSQL client open for the whole describe block; call it inside `describe`. */
export function useClusterDatabase(connectionString: string): pg.Client {
  const db = new pg.Client({ connectionString });
  beforeAll(async () => {
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
  });
  return db;
}

/** Usernames unique per run, so the suite can run again on the same database. */
export const uniqueUsername = (prefix: string, randomChars = 8): string => `${prefix}${randomUUID().replace(/-/g, '').slice(0, randomChars)}`;

const MEMBER_PASSWORD = 'cluster123';

export interface RegisteredMember {
  token: string;
  memberId: string;
}

export async function registerMember(call: ClusterCaller, username: string): Promise<RegisteredMember> {
  const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
    body: { username, password: MEMBER_PASSWORD, confirmPassword: MEMBER_PASSWORD, acceptTerms: true },
  });
  expect(registered.status).toBe(200);
  return { token: registered.body.value.token, memberId: registered.body.value.user.id };
}

export interface ClusterMember extends RegisteredMember {
  username: string;
}

/**
 * A member registered before the block's tests run, with `funds.amount` in the demo wallet when `funds` is given. Call
 * it inside `describe`, after `useClusterDatabase`; the token and id are there once the block's `beforeAll` has run.
 */
export function useMember(call: ClusterCaller, usernamePrefix: string, funds?: { db: pg.Client; amount: string }): ClusterMember {
  const member: ClusterMember = { username: uniqueUsername(usernamePrefix), token: '', memberId: '' };
  beforeAll(async () => {
    const registered = funds ? await registerFundedMember(call, funds.db, member.username, funds.amount) : await registerMember(call, member.username);
    Object.assign(member, registered);
  });
  return member;
}

/** The wallet opens the account from the registration event on Kafka, so it comes a little after the member. */
export async function walletAccountOpened(db: pg.Client, memberId: string): Promise<void> {
  await eventually(async () => (await db.query(`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = $1`, [memberId])).rowCount === 1, 'the wallet account', 20_000);
}

/** A new member with `amount` in the demo wallet. */
export async function registerFundedMember(call: ClusterCaller, db: pg.Client, username: string, amount: string): Promise<RegisteredMember> {
  const member = await registerMember(call, username);
  await walletAccountOpened(db, member.memberId);
  const deposit = await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, key: randomUUID(), body: { amount } });
  expect(deposit.status).toBe(200);
  return member;
}

/** A call as a game vendor would make it: signed over the timestamp and the raw body with the vendor's secret. */
export function signedVendorCall(call: ClusterCaller, vendor: string, operation: string, body: unknown, secret: string) {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  return call<Record<string, unknown>>('POST', `/api/vendor/v1/${operation}`, {
    raw,
    headers: { 'x-vendor-code': vendor, 'x-timestamp': timestamp, 'x-signature': vendorSignature(secret, timestamp, raw) },
  });
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * One more gateway process on `port`, beside the runner's, with the same settings and the same services: for specs of
 * what crosses gateways (pushes through the shared Socket.IO adapter, per-gateway consumer groups). Its log goes to
 * infra/.state/logs/<logName>.log. Resolves once it is ready; the caller kills it.
 */
export async function startExtraGateway(port: number, logName: string): Promise<ChildProcess> {
  const logDir = path.join(root, 'infra', '.state', 'logs');
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `${logName}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services', 'gateway', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      GATEWAY_REQUESTS_PER_IP_PER_MINUTE: '100000',
      IDENTITY_URL: 'http://127.0.0.1:8101',
      WALLET_URL: 'http://127.0.0.1:8102',
      GAMES_URL: 'http://127.0.0.1:8103',
      AGENT_CONTRACTS_URL: 'http://127.0.0.1:8104',
      POINTS_URL: 'http://127.0.0.1:8105',
      NOTICES_URL: 'http://127.0.0.1:8106',
      HOUSE_URL: 'http://127.0.0.1:8107',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the gateway on port ${port} exited with ${child.exitCode}; see infra/.state/logs/${logName}.log`);
      return fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      );
    },
    `the gateway on port ${port}`,
    90_000,
  );
  return child;
}

/** Stops a gateway `startExtraGateway` started: SIGTERM, then SIGKILL when it has not exited within 8 s. */
export async function stopExtraGateway(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
