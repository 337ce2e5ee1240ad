import { createHash, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { apiCaller } from '@wps/platform/testing';
import { clusterEnv, walletAccountOpened } from './support.js';

/**
 * Mobile registration through the cluster gateway: the SMS code request, a wrong code, the right code, and the new
 * member's wallet account opened from the Kafka event. Started by `npm run test:cluster`.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl } = clusterEnv('GATEWAY_URL', 'DATABASE_URL');

const call = apiCaller(gateway);

/**
 * The identity process runs the development SMS sink, whose log the test cannot read while the runner holds the
 * services' output. So, as other tests store password hashes of passwords they know, the test replaces the stored
 * hash of the code just sent with the hash of a code it knows (the verification-code module's SHA-256 over brand,
 * purpose, phone and code).
 */
async function setKnownCode(db: pg.Client, mobile: string, code: string): Promise<void> {
  const phoneKey = `52:${mobile}`;
  const hash = createHash('sha256').update(`DEMO\nregister\n${phoneKey}\n${code}`).digest();
  const updated = await db.query('UPDATE identity.verification_codes SET code_hash = $1 WHERE mobile = $2 AND purpose = $3 AND consumed_at IS NULL', [hash, phoneKey, 'register']);
  expect(updated.rowCount).toBe(1);
}

describe('mobile registration in cluster mode', () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  const mobile = `55${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const password = 'cluster123';
  const memberCount = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.members')).rows[0]!.n;

  beforeAll(async () => {
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
  });

  it('registers by mobile with the SMS code and places the member under the inviting agent', async () => {
    const status = await call<{ info: { whitelabel: Array<{ modId: string; enabled: string }> } }>('GET', '/wps/system/status');
    expect(status.body.value.info.whitelabel.find((node) => node.modId === 'MOBILENUMREG3')?.enabled).toBe('1');

    const sent = await call<{ expiredMinutes: number }>('POST', '/wps/verification/sms/register', { body: { mobileNo: mobile, countryDialingCode: '52', regType: 'registerMobile' } });
    expect(sent.status).toBe(200);
    expect(sent.body.value.expiredMinutes).toBeGreaterThan(0);
    const code = String(randomInt(0, 1e6)).padStart(6, '0');
    await setKnownCode(db, mobile, code);

    const before = await memberCount();
    const form = { mobileNum: mobile, countryDialingCode: '52', password, confirmPassword: password, affiliateCode: 'DEMOAGENT', acceptTerms: true };
    const wrong = await call('PUT', '/wps/member/register/mobile', { body: { ...form, verificationCode: code === '000000' ? '111111' : '000000' } });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'VERIFICATION_CODE_INVALID', message: 'Please enter a valid verification code' } });
    expect(await memberCount()).toBe(before);

    const registered = await call<{ token: string; user: { id: string; account: string } }>('PUT', '/wps/member/register/mobile', { body: { ...form, verificationCode: code } });
    expect(registered.status).toBe(200);
    expect(registered.body.value.user.account).toBe(`52${mobile}`);
    const memberId = registered.body.value.user.id;
    const row = (
      await db.query<{ mobile_num: string; country_dialing_code: string; upline_id: string | null }>(
        'SELECT mobile_num, country_dialing_code, upline_id::text AS upline_id FROM identity.members WHERE id = $1',
        [memberId],
      )
    ).rows[0];
    const agent = (await db.query<{ id: string }>(`SELECT id::text AS id FROM identity.members WHERE merchant_code = 'DEMO' AND username_key = 'demoagent'`)).rows[0]!;
    expect(row).toEqual({ mobile_num: mobile, country_dialing_code: '52', upline_id: agent.id });

    // The spent code cannot register the number twice.
    const again = await call('PUT', '/wps/member/register/mobile', { body: { ...form, verificationCode: code } });
    expect(again).toMatchObject({ status: 409, body: { code: 'MOBILE_TAKEN' } });

    // member.registered crossed Kafka: the wallet opened the account.
    await walletAccountOpened(db, memberId);
    const info = await call('GET', '/wps/member/info', { token: registered.body.value.token });
    expect(info.body.value).toMatchObject({ id: memberId, account: `52${mobile}` });
  });
});
