import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded';
import { VendorClient } from '../../../../tools/vendor-sim/client.js';

const SECRET = 'rate-limit-secret-0123456789abcdef';
const OTHER_SECRET = 'other-vendor-secret-0123456789abcd';

describe('the vendor API rate limit (VENDOR_REQUESTS_PER_10S)', () => {
  let platform: EmbeddedPlatform;
  let player = '';

  beforeAll(async () => {
    platform = await startEmbedded({
      logLevel: 'silent',
      env: { WALLET_VENDOR_SECRETS: `LIMITED:${SECRET},SECONDVENDOR:${OTHER_SECRET}`, VENDOR_REQUESTS_PER_10S: '4' },
    });
    const call = apiCaller(platform.url);
    const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username: `vr${randomUUID().replace(/-/g, '').slice(0, 10)}`, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
    });
    player = registered.body.value.user.id;
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${player}`)).length === 1, 'the wallet account');
    expect((await call('POST', '/wps/v2/wallets/deposit/demo', { token: registered.body.value.token, body: { amount: '100.00' }, key: randomUUID() })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('refuses calls over the limit with 429 and the envelope, per vendor code, and moves nothing', async () => {
    const limited = new VendorClient({ url: platform.url, vendor: 'LIMITED', secret: SECRET });
    const bet = (client: VendorClient) => client.call('bet', { player, currency: 'MXN', transactionId: randomUUID(), roundId: randomUUID(), gameType: 'RNG', amount: '1.00' });
    const fingerprint = async () =>
      (
        await rows<{ entries: number; calls: number }>(
          platform.db.orm,
          sql`SELECT (SELECT count(*)::int FROM wallet.entries) AS entries, (SELECT count(*)::int FROM wallet.vendor_transactions) AS calls`,
        )
      )[0]!;

    const allowed = [];
    for (let i = 0; i < 4; i++) allowed.push(await bet(limited));
    expect(allowed.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    const before = await fingerprint();

    const response = await fetch(`${platform.url}/api/vendor/v1/balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'EN', 'x-vendor-code': 'LIMITED', 'x-timestamp': String(Date.now()), 'x-signature': '0'.repeat(64) },
      body: JSON.stringify({ player, currency: 'MXN' }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect(await response.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests, please try again later' });

    const refused = await bet(limited);
    expect([refused.status, refused.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(await fingerprint()).toEqual(before);

    // Another vendor has its own window.
    expect((await bet(new VendorClient({ url: platform.url, vendor: 'SECONDVENDOR', secret: OTHER_SECRET }))).status).toBe(200);
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});
