import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, sleep } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

/** Registration, brand configuration and system status through the real HTTP API (embedded: PGlite + in-memory bus). */
describe('registration and brand configuration', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const password = 'secreto12';
  let serial = 0;
  const freshName = (prefix = 'reg') => `${prefix}${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`;
  /** Mexican mobile numbers: ten digits, as the demo brand configures. */
  const freshMobile = () => `55${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const memberCount = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.members`))[0]!.n;
  const member = async (username: string) =>
    (
      await rows<{
        id: string;
        upline_id: string | null;
        referred_by_id: string | null;
        email: string | null;
        mobile_num: string | null;
        country_dialing_code: string | null;
        register_url: string | null;
        register_method: string | null;
        payee_name: string | null;
        qq_num: string | null;
        affiliate_code_used: string | null;
        referral_code: string | null;
        terms_accepted_at: Date | null;
      }>(platform.db.orm, sql`SELECT * FROM identity.members WHERE merchant_code = 'DEMO' AND username_key = ${username.toLowerCase()}`)
    )[0];
  const operator = (method: string, body?: unknown) =>
    call(method, '/operator/v1/merchants/DEMO/settings', { body, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'registration-test' } });
  // Every form ticks the 18+ and terms box unless a test says otherwise.
  const register = (body: Record<string, unknown>, headers?: Record<string, string>) => call('PUT', '/wps/member/register', { body: { acceptTerms: true, ...body }, headers });
  const sendSms = (mobileNo: string, headers?: Record<string, string>) =>
    call<{ expiredMinutes: number }>('POST', '/wps/verification/sms/register', { body: { mobileNo, countryDialingCode: '52', regType: 'registerMobile' }, headers });

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { SMS_PROVIDER: 'log', ARGON2_MEMORY_KIB: '1024', REGISTRATIONS_PER_IP_PER_HOUR: '1000' } });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  describe('system status and brand configuration', () => {
    it('answers the permission call with the flag tree, the field configuration and the location', async () => {
      const { status, body } = await call<{
        status: number;
        info: {
          whitelabel: Array<{ modId: string; enabled: string; childrenNodes: Array<{ modId: string; enabled: string }> }>;
          register: Record<string, { enabled: boolean; required: boolean; patternId: string; acceptedPattern: string; minLength: number; maxLength: number }>;
        };
        location: { ip: string; country: string | null };
        maintenance: boolean;
        maintenanceEnd: string | null;
        regionRestriction: boolean;
      }>('GET', '/wps/system/status');
      expect(status).toBe(200);
      expect(body.value).toMatchObject({ status: 0, maintenance: false, maintenanceEnd: null, regionRestriction: false, location: { country: null } });
      const tree = body.value.info.whitelabel;
      expect(tree.map((node) => node.modId)).toEqual([
        'MOBILENUMREG3',
        'FREEPLAY3',
        'PWDEXPFORCECHANGE3',
        'MOBILEVERCODELOGIN3',
        'USERNAMEREG3',
        'CHNGPASSMAIL3',
        'CHNGPASSVERIF3',
        'REWCEN3',
        'AGENTPOLICY3',
      ]);
      expect(tree.find((node) => node.modId === 'MOBILENUMREG3')).toEqual({
        modId: 'MOBILENUMREG3',
        enabled: '1',
        childrenNodes: [
          { modId: 'REGMOBVERF3', enabled: '1', childrenNodes: [] },
          { modId: 'MOBILENUMPASSREG3', enabled: '1', childrenNodes: [] },
        ],
      });
      expect(tree.find((node) => node.modId === 'USERNAMEREG3')?.enabled).toBe('1');
      const register = body.value.info.register;
      expect(register.username).toEqual({ enabled: true, required: true, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', patternId: 'LETTER_FIRST_ALNUM', minLength: 4, maxLength: 16 });
      expect(register.email).toMatchObject({ enabled: true, required: false, patternId: 'EMAIL' });
      expect(register.confirmPassword).toMatchObject({ enabled: true, required: true, patternId: 'PRINTABLE', minLength: 8, maxLength: 64 });
      expect(register.verificationCode).toMatchObject({ enabled: true, acceptedPattern: '*', minLength: 0, maxLength: 255 });
      expect(register.payeeName).toMatchObject({ enabled: false, required: false });
    });

    it('serves the flag tree, the field configuration and the domain list on their own paths', async () => {
      const whitelabel = await call<Array<{ modId: string }>>('GET', '/wps/system/whitelabel');
      expect(whitelabel.body.value.map((node) => node.modId)).toContain('USERNAMEREG3');
      const settings = await call<Record<string, { patternId: string }>>('GET', '/wps/system/setting/register');
      expect(settings.body.value.username?.patternId).toBe('LETTER_FIRST_ALNUM');
      const domains = await call<string[]>('GET', '/wps/system/domainRoute');
      expect(domains.status).toBe(200);
      expect(Array.isArray(domains.body.value)).toBe(true);
    });
  });

  describe('username registration', () => {
    it.each([
      [{ username: '', password, confirmPassword: password }, 'INPUT_EMPTY', 'username', 'Input cannot be empty'],
      [{ username: 'x9', password, confirmPassword: password }, 'ACCOUNT_FORMAT', 'username', 'Account format is incorrect'],
      [{ username: 'validname', password: 'abc', confirmPassword: 'abc' }, 'PASSWORD_LENGTH', 'password', 'Please fill in your password with 8 - 64 characters'],
      [{ username: 'validname', password: 'tab\there1x', confirmPassword: 'tab\there1x' }, 'PASSWORD_FORMAT', 'password', 'Password format is incorrect'],
      ...['123456', '12345678', 'password1', 'qwerty123', '11111111', 'validname', 'validname2024'].map((password): [Record<string, unknown>, string, string, string] => [
        { username: 'validname', password, confirmPassword: password },
        password.length < 8 ? 'PASSWORD_LENGTH' : 'PASSWORD_TOO_WEAK',
        'password',
        password.length < 8 ? 'Please fill in your password with 8 - 64 characters' : 'This password is too common or too easy to guess, please choose another',
      ]),
      [{ username: 'validname', password, confirmPassword: 'other1234' }, 'CONFIRM_PASSWORD_MISMATCH', 'confirmPassword', 'Confirmation password is not correct.'],
      [{ username: 'validname', password, confirmPassword: password, email: 'lucia@' }, 'EMAIL_FORMAT', 'email', 'E-mail format is incorrect'],
      [{ username: 'validname', password, confirmPassword: password, acceptTerms: false }, 'TERMS_NOT_ACCEPTED', 'acceptTerms', 'Please confirm you are over 18 and agree to the terms'],
      [{ username: 'validname', password, confirmPassword: password, acceptTerms: undefined }, 'TERMS_NOT_ACCEPTED', 'acceptTerms', 'Please confirm you are over 18 and agree to the terms'],
      [{ username: 'validname', password, confirmPassword: password, affiliateCode: 'NOSUCHCODE' }, 'AFFILIATE_CODE_INVALID', 'affiliateCode', 'invitation code error'],
      [{ username: 'validname', password, confirmPassword: password, referralCode: 'NOSUCHCODE' }, 'INVITATION_CODE_INVALID', 'referralCode', 'Invalid invitation code'],
      [{ username: 'demoplayer', password, confirmPassword: password }, 'USERNAME_TAKEN', 'username', 'This username is already registered'],
      [{ username: 'DemoPlayer', password, confirmPassword: password }, 'USERNAME_TAKEN', 'username', 'This username is already registered'],
    ])('refuses %j with %s on %s and changes nothing', async (body, code, field, message) => {
      const before = await memberCount();
      const response = await register(body);
      expect(response.status).toBe(code === 'USERNAME_TAKEN' ? 409 : 400);
      expect(response.body).toMatchObject({ success: false, code, field, message });
      expect(await memberCount()).toBe(before);
    });

    it('answers in Spanish by default', async () => {
      const response = await register({ username: 'validname', password, confirmPassword: password, affiliateCode: 'NOSUCHCODE' }, { 'accept-language': '' });
      expect(response.body.message).toBe('error en el código de invitación');
    });

    it('registers, logs in at once and records where the registration came from', async () => {
      const username = freshName();
      const response = await register({
        username,
        password,
        confirmPassword: password,
        email: 'lucia@example.com',
        registerUrl: 'http://localhost/register',
        registerMethod: 'WEB',
        acceptTerms: true,
      });
      expect(response.status).toBe(200);
      expect(response.body.value).toMatchObject({ firstTimeLogin: true, user: { account: username, type: 0 } });
      const row = await member(username);
      expect(row).toMatchObject({ email: 'lucia@example.com', register_url: 'http://localhost/register', register_method: 'WEB', upline_id: null });
      expect(row?.terms_accepted_at).not.toBeNull();
      expect(row?.referral_code).toMatch(/^[A-Z2-9]{8}$/);
      const info = await call<{ account: string }>('GET', '/wps/member/info', { token: (response.body.value as { token: string }).token });
      expect(info.body.value.account).toBe(username);
    });

    it("places a member registered with an agent's affiliate code under the agent, and says so in member.registered", async () => {
      const agent = await member('demoagent');
      const username = freshName('aff');
      const response = await register({ username, password, confirmPassword: password, affiliateCode: 'demoagent' });
      expect(response.status).toBe(200);
      const row = await member(username);
      expect(row).toMatchObject({ upline_id: agent!.id, affiliate_code_used: 'DEMOAGENT' });
      const [event] = await rows<{ envelope: { type: string; payload: { uplineId: string | null; account: string } } }>(
        platform.db.orm,
        sql`SELECT envelope FROM identity.outbox WHERE key = ${row!.id} AND envelope->>'type' = 'member.registered'`,
      );
      expect(event?.envelope.payload).toMatchObject({ uplineId: agent!.id, account: username });
      // agent-contracts builds its tree from that event.
      await eventually(async () => (await platform.clients.agentContracts.getDownline({ agentId: agent!.id })).some((entry) => entry.memberId === row!.id), 'the member in the agent tree');
    });

    it("places a member registered with an agent's referral code under the agent; a member's code only records the referrer", async () => {
      const agent = await member('demoagent');
      const viaAgent = freshName('ref');
      expect((await register({ username: viaAgent, password, confirmPassword: password, referralCode: 'DemoAgent' })).status).toBe(200);
      expect(await member(viaAgent)).toMatchObject({ upline_id: agent!.id, referred_by_id: null });

      const friendCode = (await member(viaAgent))!.referral_code!;
      const viaFriend = freshName('frd');
      expect((await register({ username: viaFriend, password, confirmPassword: password, referralCode: friendCode })).status).toBe(200);
      expect(await member(viaFriend)).toMatchObject({ upline_id: null, referred_by_id: (await member(viaAgent))!.id });

      // A plain member's code is no affiliate code: only agents recruit under themselves.
      const before = await memberCount();
      const refused = await register({ username: freshName('bad'), password, confirmPassword: password, affiliateCode: friendCode });
      expect(refused.body).toMatchObject({ code: 'AFFILIATE_CODE_INVALID', message: 'invitation code error' });
      expect(await memberCount()).toBe(before);
    });

    it('checks affiliate codes at /wps/agent/affiliate', async () => {
      const valid = await call<{ code: string; valid: boolean }>('GET', '/wps/agent/affiliate?code=demoagent&domain=localhost');
      expect(valid.status).toBe(200);
      expect(valid.body.value).toEqual({ code: 'DEMOAGENT', valid: true });
      const posted = await call('POST', '/wps/agent/affiliate', { body: { code: 'DEMOAGENT', domain: 'localhost' } });
      expect(posted.body.success).toBe(true);
      for (const code of ['NOPE1234', 'de mo', (await member('demoplayer'))?.referral_code ?? 'none']) {
        const invalid = await call('POST', '/wps/agent/affiliate', { body: { code, domain: 'localhost' } });
        expect(invalid.status).toBe(400);
        expect(invalid.body).toMatchObject({ code: 'AFFILIATE_CODE_INVALID', message: 'invitation code error' });
      }
      const empty = await call('GET', '/wps/agent/affiliate');
      expect(empty.body).toMatchObject({ code: 'INPUT_EMPTY', field: 'code' });
    });
  });

  describe('field configuration by the operator', () => {
    afterAll(async () => {
      await operator('PUT', {
        whitelabel: { USERNAMEREG3: true },
        register: {
          payeeName: { enabled: false, required: false, patternId: 'FULL_NAME', minLength: 3, maxLength: 50 },
          qqNum: { enabled: false, required: false, patternId: 'DIGITS', minLength: 5, maxLength: 12 },
        },
      });
    });

    it('changes the sign-in policy part by part, and refuses a policy that makes no sense', async () => {
      const before = (await operator('GET')).body.value as { security: Record<string, unknown> };
      expect(before.security).toMatchObject({ singleSession: false, twoFactor: { requiredForAgents: false }, newIpVerification: { enabled: false }, socialLogin: [] });
      const changed = await operator('PUT', { security: { singleSession: true, twoFactor: { requiredForAgents: true } } });
      expect(changed.status).toBe(200);
      expect(changed.body.value).toMatchObject({ security: { singleSession: true, twoFactor: { requiredForAgents: true }, session: before.security.session } });
      expect((await operator('PUT', { security: { newIpVerification: { enabled: true, methods: [] } } })).status).toBe(400);
      expect((await operator('PUT', { security: { session: { idleMinutes: 0, absoluteHours: 12 } } })).status).toBe(400);
      expect((await operator('GET')).body.value).toMatchObject({ security: { singleSession: true, newIpVerification: { enabled: false } } });
      expect((await operator('PUT', { security: { singleSession: false, twoFactor: { requiredForAgents: false } } })).status).toBe(200);
    });

    it('needs the operator token', async () => {
      expect((await call('GET', '/operator/v1/merchants/DEMO/settings')).status).toBe(401);
      expect((await call('GET', '/operator/v1/merchants/DEMO/settings', { headers: { authorization: 'Operator wrong' } })).status).toBe(401);
      expect((await call('GET', '/operator/v1/merchants/NOSUCH/settings', { headers: { authorization: `Operator ${platform.operatorToken}` } })).status).toBe(404);
    });

    it('reads the brand settings', async () => {
      const { status, body } = await operator('GET');
      expect(status).toBe(200);
      expect(body.value).toMatchObject({
        merchantCode: 'DEMO',
        whitelabel: { USERNAMEREG3: true, MOBILENUMREG3: true, REGMOBVERF3: true, FREEPLAY3: false },
        register: { username: { patternId: 'LETTER_FIRST_ALNUM', minLength: 4, maxLength: 16 }, email: { enabled: true, required: false } },
        maintenance: { enabled: false, endsAt: null },
        regionRestriction: { blockedIpRanges: [], blockedCountries: [] },
      });
    });

    it.each([
      [{ register: { username: { enabled: true, required: false, patternId: 'ALNUM', minLength: 4, maxLength: 16 } } }, 'MERCHANT_SETTINGS_INVALID'],
      [{ register: { qqNum: { enabled: true, required: false, patternId: 'NO_SUCH', minLength: 4, maxLength: 16 } } }, 'VALIDATION_FAILED'],
      [{ register: { qqNum: { enabled: true, required: false, patternId: 'DIGITS', minLength: 9, maxLength: 5 } } }, 'VALIDATION_FAILED'],
      [{ register: { captcha: { enabled: true, required: true, patternId: 'ALNUM', minLength: 4, maxLength: 4 } } }, 'MERCHANT_SETTINGS_INVALID'],
      [{ regionRestriction: { blockedIpRanges: ['10.0.0.0/33'], blockedCountries: [] } }, 'MERCHANT_SETTINGS_INVALID'],
      [{ regionRestriction: { blockedIpRanges: [], blockedCountries: ['brazil'] } }, 'VALIDATION_FAILED'],
      [{ maintenance: { enabled: true, endsAt: 'tomorrow' } }, 'VALIDATION_FAILED'],
      [{ whitelabel: { NOSUCHFLAG3: true } }, 'VALIDATION_FAILED'],
      [{}, 'VALIDATION_FAILED'],
    ])('refuses the change %j with %s and keeps the settings', async (update, code) => {
      const before = (await operator('GET')).body.value;
      const response = await operator('PUT', update);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(code);
      expect((await operator('GET')).body.value).toEqual(before);
    });

    it('gates each field by the configuration: required, enabled and the pattern message with its bounds', async () => {
      const changed = await operator('PUT', {
        register: {
          payeeName: { enabled: true, required: true, patternId: 'FULL_NAME', minLength: 3, maxLength: 40 },
          qqNum: { enabled: true, required: false, patternId: 'DIGITS', minLength: 6, maxLength: 6 },
        },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.value).toMatchObject({ register: { payeeName: { enabled: true, required: true }, qqNum: { minLength: 6, maxLength: 6 } } });
      const settings = await call<Record<string, { enabled: boolean; required: boolean }>>('GET', '/wps/system/setting/register');
      expect(settings.body.value.payeeName).toMatchObject({ enabled: true, required: true });

      const before = await memberCount();
      const username = freshName('cfg');
      const missing = await register({ username, password, confirmPassword: password });
      expect(missing.body).toMatchObject({ code: 'INPUT_EMPTY', field: 'payeeName', message: 'Input cannot be empty' });
      const badName = await register({ username, password, confirmPassword: password, payeeName: 'Lucia' });
      expect(badName.body).toMatchObject({ code: 'REAL_NAME_FORMAT', field: 'payeeName', message: 'Real name format is incorrect' });
      const badQq = await register({ username, password, confirmPassword: password, payeeName: 'Lucía Pérez', qqNum: '12345' });
      expect(badQq.body).toMatchObject({ code: 'PATTERN_DIGITS', field: 'qqNum', message: 'Please enter 6 digits' });
      const badQqEs = await register({ username, password, confirmPassword: password, payeeName: 'Lucía Pérez', qqNum: '12a456' }, { 'accept-language': 'es' });
      expect(badQqEs.body).toMatchObject({ code: 'PATTERN_DIGITS', message: 'Ingrese 6 dígitos' });
      expect(await memberCount()).toBe(before);

      const ok = await register({ username, password, confirmPassword: password, payeeName: 'Lucía Pérez', qqNum: '123456' });
      expect(ok.status).toBe(200);
      expect(await member(username)).toMatchObject({ payee_name: 'Lucía Pérez', qq_num: '123456' });
    });

    it('turns username registration off with USERNAMEREG3', async () => {
      expect((await operator('PUT', { whitelabel: { USERNAMEREG3: false } })).status).toBe(200);
      const before = await memberCount();
      const refused = await register({ username: freshName(), password, confirmPassword: password, payeeName: 'Lucía Pérez' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FEATURE_DISABLED');
      expect(await memberCount()).toBe(before);
      expect((await operator('PUT', { whitelabel: { USERNAMEREG3: true } })).status).toBe(200);
    });
  });

  describe('mobile registration with an SMS code', () => {
    const registerMobile = (body: Record<string, unknown>) => call('PUT', '/wps/member/register/mobile', { body: { acceptTerms: true, ...body } });
    const codeFor = (mobile: string) => platform.smsOutbox!.lastCode('52', mobile);
    beforeEach(async () => {
      // One SMS a second per phone: tests that send twice to one phone wait for it.
      await sleep(10);
    });

    it('sends a code and answers how long it lives', async () => {
      const mobile = freshMobile();
      const sent = await sendSms(mobile);
      expect(sent.status).toBe(200);
      expect(sent.body.value).toEqual({ expiredMinutes: 5 });
      expect(codeFor(mobile)).toMatch(/^\d{6}$/);
    });

    it.each([
      ['', 'INPUT_EMPTY'],
      ['55123', 'MOBILE_INVALID'],
      ['55-1234-567a', 'MOBILE_INVALID'],
    ])('refuses to send a code to %j with %s', async (mobileNo, code) => {
      const response = await call('POST', '/wps/verification/sms/register', { body: { mobileNo, countryDialingCode: '52' } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(code);
    });

    it('refuses a wrong code and an expired code without creating anyone, then registers with the right one', async () => {
      const mobile = freshMobile();
      await sendSms(mobile);
      const right = codeFor(mobile)!;
      const wrong = right === '000000' ? '111111' : '000000';
      const before = await memberCount();
      const form = { mobileNum: mobile, countryDialingCode: '52', password, confirmPassword: password, acceptTerms: true };

      const wrongAnswer = await registerMobile({ ...form, verificationCode: wrong });
      expect(wrongAnswer.status).toBe(400);
      expect(wrongAnswer.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', message: 'Please enter a valid verification code' });
      const missing = await registerMobile({ ...form });
      expect(missing.body).toMatchObject({ code: 'INPUT_EMPTY', field: 'verificationCode' });
      expect(await memberCount()).toBe(before);

      await platform.db.orm.execute(sql`UPDATE identity.verification_codes SET expires_at = now() - interval '1 second' WHERE mobile = ${`52:${mobile}`} AND consumed_at IS NULL`);
      const expired = await registerMobile({ ...form, verificationCode: right });
      expect(expired.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID' });
      expect(await memberCount()).toBe(before);

      await sleep(1_100);
      await sendSms(mobile);
      const fresh = codeFor(mobile)!;
      const registered = await registerMobile({ ...form, verificationCode: fresh });
      expect(registered.status).toBe(200);
      expect(registered.body.value).toMatchObject({ firstTimeLogin: true, user: { account: `52${mobile}`, type: 0 } });
      expect(await memberCount()).toBe(before + 1);
      expect(await member(`52${mobile}`)).toMatchObject({ mobile_num: mobile, country_dialing_code: '52' });

      // The code is spent, and the number is taken.
      await sleep(1_100);
      const again = await sendSms(mobile);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('MOBILE_TAKEN');
      const twice = await registerMobile({ ...form, verificationCode: fresh });
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('MOBILE_TAKEN');
      expect(await memberCount()).toBe(before + 1);

      const login = await call('POST', '/wps/session/login', { body: { username: `52${mobile}`, password, type: 'username' } });
      expect(login.status).toBe(200);
    });

    it('checks the mobile form fields before spending the code', async () => {
      const mobile = freshMobile();
      await sendSms(mobile);
      const code = codeFor(mobile)!;
      const before = await memberCount();
      const mismatch = await registerMobile({ mobileNum: mobile, countryDialingCode: '52', verificationCode: code, password, confirmPassword: 'different1' });
      expect(mismatch.body).toMatchObject({ code: 'CONFIRM_PASSWORD_MISMATCH', field: 'confirmPassword' });
      const badNumber = await registerMobile({ mobileNum: '551234', countryDialingCode: '52', verificationCode: code, password, confirmPassword: password });
      expect(badNumber.body).toMatchObject({ code: 'PHONE_FORMAT', field: 'mobileNum', message: 'Phone number format is incorrect' });
      expect(await memberCount()).toBe(before);
      const registered = await registerMobile({ mobileNum: mobile, countryDialingCode: '52', verificationCode: code, password, confirmPassword: password, affiliateCode: 'DEMOAGENT' });
      expect(registered.status).toBe(200);
      expect((await member(`52${mobile}`))?.upline_id).toBe((await member('demoagent'))!.id);
    });

    it('is off without MOBILENUMREG3', async () => {
      expect((await operator('PUT', { whitelabel: { MOBILENUMREG3: false } })).status).toBe(200);
      try {
        const before = await memberCount();
        const refused = await registerMobile({ mobileNum: freshMobile(), countryDialingCode: '52', verificationCode: '123456', password, confirmPassword: password });
        expect(refused.body.code).toBe('FEATURE_DISABLED');
        expect((await sendSms(freshMobile())).body.code).toBe('FEATURE_DISABLED');
        expect(await memberCount()).toBe(before);
      } finally {
        await operator('PUT', { whitelabel: { MOBILENUMREG3: true } });
      }
    });
  });

  describe('maintenance and region restriction', () => {
    const status = (headers?: Record<string, string>) =>
      call<{ status: number; maintenance: boolean; maintenanceEnd: string | null; regionRestriction: boolean; location: { ip: string; country: string | null } }>('GET', '/wps/system/status', {
        headers,
      });
    afterAll(async () => {
      await operator('PUT', { maintenance: { enabled: false, endsAt: null }, regionRestriction: { blockedIpRanges: [], blockedCountries: [] } });
    });

    it('reports maintenance with its end time and refuses registrations until it ends', async () => {
      const endsAt = new Date(Date.now() + 3_600_000).toISOString();
      expect((await operator('PUT', { maintenance: { enabled: true, endsAt } })).status).toBe(200);
      expect((await status()).body.value).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: endsAt });
      const before = await memberCount();
      const refused = await register({ username: freshName(), password, confirmPassword: password });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'MAINTENANCE', message: 'System maintenance', value: { maintenanceEnd: endsAt } });
      expect(await memberCount()).toBe(before);

      // An end time in the past means the maintenance is over, even if nobody switched it off.
      await operator('PUT', { maintenance: { enabled: true, endsAt: new Date(Date.now() - 1_000).toISOString() } });
      expect((await status()).body.value).toMatchObject({ status: 0, maintenance: false, maintenanceEnd: null });
      await operator('PUT', { maintenance: { enabled: false, endsAt: null } });
    });

    it('restricts by IP range and shows the visitor its address', async () => {
      expect((await operator('PUT', { regionRestriction: { blockedIpRanges: ['203.0.113.0/24'], blockedCountries: [] } })).status).toBe(200);
      const blocked = await status({ 'x-forwarded-for': '203.0.113.7' });
      expect(blocked.body.value).toMatchObject({ status: 2, regionRestriction: true, location: { ip: '203.0.113.7' } });
      expect((await status({ 'x-forwarded-for': '203.0.114.7' })).body.value).toMatchObject({ status: 0, regionRestriction: false });
      const before = await memberCount();
      const refused = await register({ username: freshName(), password, confirmPassword: password }, { 'x-forwarded-for': '203.0.113.7' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'REGION_RESTRICTED', value: { ip: '203.0.113.7' } });
      const sms = await sendSms(freshMobile(), { 'x-forwarded-for': '203.0.113.9' });
      expect(sms.body.code).toBe('REGION_RESTRICTED');
      expect(await memberCount()).toBe(before);
    });

    it('restricts by country with the bundled GeoIP data', async () => {
      expect((await operator('PUT', { regionRestriction: { blockedIpRanges: [], blockedCountries: ['BR'] } })).status).toBe(200);
      // 200.160.2.3 belongs to NIC.br in Brazil; 8.8.8.8 to Google in the United States.
      const brazil = await status({ 'x-forwarded-for': '200.160.2.3' });
      expect(brazil.body.value).toMatchObject({ status: 2, regionRestriction: true, location: { ip: '200.160.2.3', country: 'BR' } });
      const usa = await status({ 'x-forwarded-for': '8.8.8.8' });
      expect(usa.body.value).toMatchObject({ status: 0, regionRestriction: false, location: { country: 'US' } });
      const before = await memberCount();
      const refused = await register({ username: freshName(), password, confirmPassword: password }, { 'x-forwarded-for': '200.160.2.3' });
      expect(refused.body.code).toBe('REGION_RESTRICTED');
      expect(await memberCount()).toBe(before);
      const allowed = await register({ username: freshName(), password, confirmPassword: password }, { 'x-forwarded-for': '8.8.8.8' });
      expect(allowed.status).toBe(200);
    });
  });
});
