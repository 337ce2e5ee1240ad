import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { io, type Socket } from 'socket.io-client';
import { commonEnv, ConfigError, loadConfig, rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { identityEnv } from '@wps/identity/config';
import { gatewayEnv } from './config.js';

const NO_SANDBOX_BRAND = 'NOSANDBOX';
const PAY_PASSWORD = 'pay123456';

/** Sessions end everywhere, transfers tell nothing about who exists, production refuses demo secrets, play money stays on sandbox brands. */
describe('sessions, enumeration, production secrets and sandbox brands (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  let address = 10;
  const freshIp = () => ({ 'x-forwarded-for': `198.51.100.${address++}` });
  const register = async (merchantCode?: string) => {
    const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      headers: { ...freshIp(), ...(merchantCode ? { 'x-merchant-code': merchantCode } : {}) },
      body: { username: `ss${randomUUID().replace(/-/g, '').slice(0, 10)}`, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
    });
    expect(registered.status).toBe(200);
    const member = { token: registered.body.value.token, id: registered.body.value.user.id };
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${member.id}`)).length === 1, 'the wallet account');
    return member;
  };
  const demoDeposit = (token: string, amount = '100.00', headers: Record<string, string> = {}) => call('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount }, key: randomUUID(), headers });

  beforeAll(async () => {
    // The sweep of timed-out sessions runs every 100 ms here, so an idle session ends within the test's patience.
    platform = await startEmbedded({ logLevel: 'silent', requestsPerIpPerMinute: 100_000, env: { SESSION_SWEEP_MS: '100', ARGON2_MEMORY_KIB: '1024' } });
    await platform.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES (${NO_SANDBOX_BRAND}, 'Real Money Casino', '{}', 'ES', '{ES}', 'MXN', '$', 'UTC', ${JSON.stringify({ whitelabel: { USERNAMEREG3: true } })}::jsonb)`);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('closes the socket of a session that idles out, and sends it no more balance pushes', async () => {
    const member = await register();
    const socket: Socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
    const balances: string[] = [];
    socket.on('push', (push: { type: string; data: { balance: string } }) => push.type === 'balance' && balances.push(push.data.balance));
    try {
      await eventually(() => socket.connected, 'the socket connects');
      expect((await demoDeposit(member.token)).status).toBe(200);
      await eventually(() => balances.includes('100.00'), 'the first balance push');

      // Nothing is called for longer than the brand's idle limit (30 minutes by default): only the socket stays open.
      const tokenHash = createHash('sha256').update(member.token).digest();
      await platform.db.orm.execute(sql`UPDATE identity.sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = ${tokenHash}`);
      await eventually(() => !socket.connected, 'the idle session closes its socket', 5_000);
      const [ended] = await rows<{ end_reason: string }>(platform.db.orm, sql`SELECT end_reason FROM identity.sessions WHERE token_hash = ${tokenHash}`);
      expect(ended?.end_reason).toBe('idle');

      await platform.clients.wallet.demoDeposit({ merchantCode: 'DEMO', memberId: member.id, currency: 'MXN', amount: '5.00', idempotencyKey: randomUUID() });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(balances).toEqual(['100.00']);
      expect((await call('GET', '/wps/v2/wallets/balance', { token: member.token })).status).toBe(401);
    } finally {
      socket.close();
    }
  });

  it('answers a transfer to an unknown name exactly as one to a member the caller may not pay', async () => {
    const [payer, stranger] = [await register(), await register()];
    expect((await call('PUT', '/wps/member/payment-password', { token: payer.token, body: { password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD } })).status).toBe(200);
    const [target] = await rows<{ username: string }>(platform.db.orm, sql`SELECT username FROM identity.members WHERE id = ${stranger.id}`);
    const transfer = (toAccount: string) =>
      call('POST', '/wps/relay/GCS_walletTransfer', { token: payer.token, key: randomUUID(), body: { toAccount, amount: '10.00', paymentPassword: PAY_PASSWORD } });
    const known = await transfer(target?.username ?? '');
    const unknown = await transfer(`nobody${randomUUID().slice(0, 8)}`);
    expect(known.status).toBe(403);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    // A free-play (trial) account's name answers the same: nothing tells a trial name from a real or an unknown one.
    const trialName = `trial${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    await platform.db.orm.execute(
      sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash) VALUES ('DEMO', ${trialName}, ${trialName}, ${trialName}, 4, 'x')`,
    );
    const trial = await transfer(trialName);
    expect([trial.status, trial.body]).toEqual([known.status, known.body]);
  });

  it('refuses to start in production on a missing or demo secret, naming the setting', () => {
    const cluster = { DATABASE_URL: 'postgres://wps@db/wps', KAFKA_BROKERS: 'kafka:9092', REDIS_URL: 'redis://redis:6379' };
    const gateway = z.object({ ...commonEnv, ...gatewayEnv });
    const urls = Object.fromEntries(
      Object.keys(gatewayEnv)
        .filter((name) => name.endsWith('_URL'))
        .map((name) => [name, 'http://service.internal:8100']),
    );
    const strong = { ...cluster, ...urls, SERVICE_TOKEN: 'a6f1c9e2b7d04c3f8e5a', OPERATOR_TOKEN: 'f3b9d2a7c6e14b8d9a0c' };
    const refusal = (schema: z.ZodType, env: Record<string, string>) => {
      try {
        loadConfig(schema, env);
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    expect(refusal(gateway, { ...strong, NODE_ENV: 'production' })).toBe('');
    expect(refusal(gateway, { ...strong, SERVICE_TOKEN: 'change-me-dev-only' })).toBe('');
    expect(refusal(gateway, { ...strong, NODE_ENV: 'production', SERVICE_TOKEN: 'change-me-dev-only' })).toMatch(/SERVICE_TOKEN: .*production/);
    expect(refusal(gateway, { ...strong, NODE_ENV: 'production', OPERATOR_TOKEN: '' })).toMatch(/OPERATOR_TOKEN: must be set in production/);
    const sandbox = refusal(gateway, { ...strong, NODE_ENV: 'production', SANDBOX_PAY_ENABLED: 'true' });
    expect(sandbox).toMatch(/SANDBOX_PAY_SECRET/);
    expect(refusal(z.object(identityEnv), { NODE_ENV: 'production' })).toMatch(/IDENTITY_SECRET_KEY/);
    expect(refusal(z.object({ WALLET_VENDOR_SECRETS: z.string().optional() }), { NODE_ENV: 'production', WALLET_VENDOR_SECRETS: 'SIMVENDOR:choose-a-long-secret' })).toMatch(/WALLET_VENDOR_SECRETS/);
  });

  it('offers demo deposits and the sandbox pay page only on a brand whose sandbox is on', async () => {
    const elsewhere = await register(NO_SANDBOX_BRAND);
    const refused = await demoDeposit(elsewhere.token, '100.00', { 'x-merchant-code': NO_SANDBOX_BRAND });
    expect([refused.status, refused.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('GET', '/wps/v2/wallets/balance', { token: elsewhere.token })).body.value.balance).toBe('0.00');

    const demo = await register();
    expect((await demoDeposit(demo.token)).status).toBe(200);
    const deposit = await call<{ id: string; paymentUrl?: string }>('POST', '/wps/v2/deposit', { token: demo.token, key: randomUUID(), body: { methodCode: 'SANDBOX_PAY', amount: '20.00' } });
    expect(deposit.status).toBe(200);
    expect((await fetch(`${platform.url}/sandbox-pay/${deposit.body.value.id}`)).status).toBe(200);
    // The brand turns its sandbox off: its open sandbox deposit no longer has a page to pay on.
    await platform.db.orm.execute(sql`UPDATE wallet.deposit_methods SET enabled = false WHERE merchant_code = 'DEMO' AND kind = 'sandbox_gateway'`);
    try {
      expect((await fetch(`${platform.url}/sandbox-pay/${deposit.body.value.id}`)).status).toBe(404);
      expect((await demoDeposit(demo.token)).status).toBe(404);
    } finally {
      await platform.db.orm.execute(sql`UPDATE wallet.deposit_methods SET enabled = true WHERE merchant_code = 'DEMO' AND kind = 'sandbox_gateway'`);
    }
  });
});
