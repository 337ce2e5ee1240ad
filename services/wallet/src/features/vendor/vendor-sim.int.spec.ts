import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { runScenarios, SCENARIOS } from '../../../../../tools/vendor-sim/sim.js';

const SECRET = 'sim-test-secret-0123456789abcdef';

describe('the vendor simulator against the embedded platform', () => {
  let platform: EmbeddedPlatform;
  let player = '';

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { WALLET_VENDOR_SECRETS: `SIMVENDOR:${SECRET}` } });
    const headers = { 'content-type': 'application/json', 'accept-language': 'EN' };
    const registered = (await (
      await fetch(`${platform.url}/wps/member/register`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ username: 'simplayer1', password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true }),
      })
    ).json()) as { value: { token: string; user: { id: string } } };
    player = registered.value.user.id;
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${player}`)).length === 1, 'the wallet account');
    const deposit = await fetch(`${platform.url}/wps/v2/wallets/deposit/demo`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${registered.value.token}`, 'idempotency-key': 'sim-funding' },
      body: JSON.stringify({ amount: '200.00' }),
    });
    expect(deposit.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('passes every scenario and leaves the ledger balanced', async () => {
    const report = await runScenarios({ url: platform.url, vendor: 'SIMVENDOR', secret: SECRET, player, scenarios: SCENARIOS, rounds: 3 });
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(new Set(report.checks.map((check) => check.scenario))).toEqual(new Set(SCENARIOS));
    expect(report.passed).toBeGreaterThanOrEqual(20);
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('reports failures when the platform does not answer as a vendor expects', async () => {
    const report = await runScenarios({ url: platform.url, vendor: 'SIMVENDOR', secret: 'the-wrong-secret-for-simvendor', player, scenarios: ['normal'], rounds: 1 });
    expect(report.failed).toBeGreaterThan(0);
  });
});
