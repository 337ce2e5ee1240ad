import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded';
import { ledgerEntryCount, PASSWORD, PAY_PASSWORD, registerMember, waitFor, type Member, type Page } from './payments-test-setup.js';

/** Player money through the real HTTP API, every service embedded (PGlite + in-memory bus). */

interface Deposit {
  id: string;
  status: string;
  method: string;
  amount: string;
  currency: string;
  createdAt: string;
  paymentUrl?: string;
  reason: string | null;
  proofCount: number;
}
interface Withdrawal {
  id: string;
  status: string;
  amount: string;
  reason: string | null;
  confirmResult: string | null;
  receivedAmount: string | null;
  autoConfirmed: boolean;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');
const png = (name = 'receipt.png') => ({ name, contentType: 'image/png', dataBase64: PNG });

describe('player money: deposits, withdrawals, transfers, limits, records, operator API', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const operator = (method: string, url: string, body?: unknown, key?: string) =>
    call(method, url, { body, key, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });

  const login = async (username: string, password = PASSWORD): Promise<string> => {
    const response = await call<{ token: string }>('POST', '/wps/session/login', { body: { username, password } });
    expect(response.status).toBe(200);
    return response.body.value.token;
  };
  const register = (referralCode?: string) => registerMember(platform, referralCode);
  /** Makes a member an agent with its own referral code; a new login picks up the type. */
  const promoteToAgent = async (member: Member, type = 1): Promise<Member> => {
    await platform.db.orm.execute(sql`UPDATE identity.members SET type = ${type}, referral_code = ${member.username.toUpperCase()} WHERE id = ${member.id}`);
    return { ...member, token: await login(member.username) };
  };
  const fund = async (member: Member, amount: string) => {
    const response = await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, body: { amount }, key: randomUUID() });
    expect(response.status).toBe(200);
  };
  const setPaymentPassword = async (member: Member) => {
    const response = await call('PUT', '/wps/member/payment-password', { token: member.token, body: { password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD } });
    expect(response.status).toBe(200);
  };
  const wallet = async (member: Member) =>
    (await call<{ balance: string; held: string; available: string; currency: string; currencySymbol: string }>('GET', '/wps/relay/GCS_merchantWallet?isSingle=1', { token: member.token })).body.value;
  const sign = (body: string) => createHmac('sha256', platform.sandboxPaySecret!).update(body).digest('hex');
  const callback = (body: string, signature = sign(body)) => call<Deposit>('POST', '/api/payments/sandbox/callback', { raw: body, headers: { 'x-sandbox-signature': signature } });
  const paidCallback = (deposit: { id: string; amount: string }) => JSON.stringify({ depositId: deposit.id, outcome: 'paid', amount: deposit.amount, providerReference: `REF-${deposit.id}` });
  const deposit = async (member: Member, methodCode: string, amount: string) => {
    const response = await call<Deposit>('POST', '/wps/v2/deposit', { token: member.token, body: { methodCode, amount }, key: randomUUID() });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const withdraw = (member: Member, amount: string, options: { key?: string; paymentPassword?: string } = {}) =>
    call<Withdrawal>('POST', '/wps/v2/withdraw', {
      token: member.token,
      key: options.key ?? randomUUID(),
      body: { amount, paymentPassword: options.paymentPassword ?? PAY_PASSWORD, bankName: 'BBVA', accountName: 'Lucia Perez', accountNumber: '012345678901234567' },
    });
  const ledgerSnapshot = () => ledgerEntryCount(platform);

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { WALLET_WITHDRAWAL_SWEEP_MS: '100' } });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });
  afterEach(async () => {
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('lists the brand deposit methods, one manual and one clearly marked sandbox', async () => {
    const member = await register();
    expect((await call('GET', '/wps/v2/deposit/methods')).status).toBe(401);
    const { status, body } = await call<Array<{ code: string; kind: string; name: string; minAmount: string; maxAmount: string; currency: string; details: Record<string, string> }>>(
      'GET',
      '/wps/v2/deposit/methods',
      { token: member.token },
    );
    expect(status).toBe(200);
    expect(body.value.map((method) => [method.code, method.kind])).toEqual([
      ['BANK_TRANSFER', 'manual_bank'],
      ['SANDBOX_PAY', 'sandbox_gateway'],
    ]);
    expect(body.value[0]).toMatchObject({ minAmount: '100.00', maxAmount: '50000.00', currency: 'MXN', details: { bankName: 'Banco Demo' } });
    expect(body.value[1]!.name).toMatch(/TEST/);

    // Named and explained in the member's language where the brand wrote it in that language, else as first written.
    type Named = Array<{ code: string; name: string; details: { note?: string; bankName?: string } }>;
    const read = async (language: string) => (await call<Named>('GET', '/wps/v2/deposit/methods', { token: member.token, headers: { 'accept-language': language } })).body.value;
    const [spanish, french, german, english] = await Promise.all([read('es-MX'), read('fr'), read('de'), read('EN')]);
    expect(spanish[0]).toMatchObject({ name: 'Transferencia bancaria', details: { bankName: 'Banco Demo' } });
    expect(spanish[0]!.details.note).toMatch(/comprobante/);
    expect(french[0]!.name).toBe('Virement bancaire');
    expect(english[0]!.name).toBe('Bank transfer');
    // A language the platform does not have reads as Spanish, the default.
    expect(german[0]!.name).toBe('Transferencia bancaria');
    expect(new Set([spanish, french, english].map((methods) => methods[1]!.name)).size).toBe(3);
  });

  it('shows the merchant wallet with held and available money', async () => {
    const member = await register();
    await fund(member, '250.00');
    expect(await wallet(member)).toEqual({ balance: '250.00', held: '0.00', available: '250.00', currency: 'MXN', currencySymbol: '$' });
  });

  it('refuses bad deposit requests with clear messages and changes nothing', async () => {
    const member = await register();
    const before = await call<Page<Deposit>>('GET', '/wps/v2/deposits', { token: member.token });
    expect((await call('POST', '/wps/v2/deposit', { token: member.token, body: { methodCode: 'SANDBOX_PAY', amount: '50.00' } })).body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    const cases: Array<[unknown, number, string, string?]> = [
      [{ methodCode: 'NOPE', amount: '50.00' }, 400, 'DEPOSIT_METHOD_INVALID'],
      [{ methodCode: 'SANDBOX_PAY', amount: '5.00' }, 400, 'AMOUNT_OUT_OF_RANGE', 'The amount must be between 10.00 and 20000.00'],
      [{ methodCode: 'SANDBOX_PAY', amount: '10.001' }, 400, 'AMOUNT_INVALID'],
      [{ methodCode: 'SANDBOX_PAY', amount: -3 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await call('POST', '/wps/v2/deposit', { token: member.token, body, key: randomUUID() });
      expect([response.status, response.body.code]).toEqual([status, code]);
      if (message) expect(response.body.message).toBe(message);
    }
    const after = await call<Page<Deposit>>('GET', '/wps/v2/deposits', { token: member.token });
    expect(after.body.value.total).toBe(before.body.value.total);
  });

  it('credits a sandbox deposit once, through a signed callback, and ignores a bad signature', async () => {
    const member = await register();
    const key = randomUUID();
    const created = await call<Deposit>('POST', '/wps/v2/deposit', { token: member.token, body: { methodCode: 'SANDBOX_PAY', amount: '120.50' }, key });
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({ status: 'pending', method: 'SANDBOX_PAY', amount: '120.50', currency: 'MXN', paymentUrl: `/sandbox-pay/${created.body.value.id}` });
    const replay = await call<Deposit>('POST', '/wps/v2/deposit', { token: member.token, body: { methodCode: 'SANDBOX_PAY', amount: '120.50' }, key });
    expect(replay.body.value.id).toBe(created.body.value.id);
    const reused = await call('POST', '/wps/v2/deposit', { token: member.token, body: { methodCode: 'SANDBOX_PAY', amount: '99.00' }, key });
    expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);

    const pageHtml = await fetch(platform.url + created.body.value.paymentUrl!).then((response) => response.text());
    expect(pageHtml).toContain('120.50 MXN');
    expect(pageHtml).toMatch(/>Pay</);
    expect(pageHtml).toMatch(/>Decline</);

    const entriesBefore = await ledgerSnapshot();
    const body = paidCallback(created.body.value);
    const forged = await callback(body, sign(body.replace('120.50', '120.51')));
    expect([forged.status, forged.body.code]).toEqual([401, 'CALLBACK_SIGNATURE_INVALID']);
    expect((await callback(body, '')).status).toBe(401);
    expect(await ledgerSnapshot()).toBe(entriesBefore);
    expect((await wallet(member)).balance).toBe('0.00');

    const first = await callback(body);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ status: 'approved' });
    const again = await callback(body);
    expect(again.status).toBe(200);
    expect(again.body.value.status).toBe('approved');
    expect((await wallet(member)).balance).toBe('120.50');
    const [credits] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM wallet.transactions WHERE cause_ref = ${`deposit:${created.body.value.id}`}`);
    expect(credits!.n).toBe(1);
  });

  it('lets the sandbox page pay or decline, as the provider would', async () => {
    const member = await register();
    const paid = await deposit(member, 'SANDBOX_PAY', '30.00');
    const payPage = await fetch(`${platform.url}/sandbox-pay/${paid.id}/pay`, { method: 'POST' }).then((response) => response.text());
    expect(payPage).toContain('approved');
    const declined = await deposit(member, 'SANDBOX_PAY', '40.00');
    await fetch(`${platform.url}/sandbox-pay/${declined.id}/decline`, { method: 'POST' });
    const list = await call<Page<Deposit>>('GET', '/wps/v2/deposits?pageNo=1&pageSize=10', { token: member.token });
    expect(list.body.value.content.map((row) => [row.amount, row.status, row.reason])).toEqual([
      ['40.00', 'rejected', 'DECLINED_BY_PROVIDER'],
      ['30.00', 'approved', null],
    ]);
    expect((await wallet(member)).balance).toBe('30.00');
  });

  it('takes proof images for a bank transfer and credits it when the operator approves', async () => {
    const member = await register();
    const created = await deposit(member, 'BANK_TRANSFER', '500.00');
    expect(created.paymentUrl).toBeUndefined();
    const proof = (files: unknown[]) => call<{ id: string; proofCount: number }>('POST', `/wps/v2/deposit/${created.id}/proof`, { token: member.token, body: { files } });
    const refusals: Array<[unknown[], string]> = [
      [[{ name: 'a.png', contentType: 'image/png', dataBase64: Buffer.from('not an image').toString('base64') }], 'PROOF_FILE_INVALID'],
      [[{ name: 'a.jpg', contentType: 'image/jpeg', dataBase64: PNG }], 'PROOF_FILE_INVALID'],
      [[png(), png(), png(), png()], 'PROOF_FILE_INVALID'],
      [[], 'PROOF_REQUIRED'],
      [[{ name: 'a.gif', contentType: 'image/gif', dataBase64: PNG }], 'VALIDATION_FAILED'],
    ];
    for (const [files, code] of refusals) {
      const response = await proof(files);
      expect([response.status, response.body.code]).toEqual([400, code]);
    }
    const accepted = await proof([png(), png('second.png')]);
    expect(accepted.body.value).toEqual({ id: created.id, proofCount: 2 });
    expect((await proof([png(), png()])).body.code).toBe('PROOF_FILE_INVALID');
    const stranger = await register();
    expect((await call('POST', `/wps/v2/deposit/${created.id}/proof`, { token: stranger.token, body: { files: [png()] } })).status).toBe(404);

    const queue = await operator('GET', `/operator/v1/deposits?status=pending&memberId=${member.id}`);
    expect((queue.body.value as unknown as Page<{ id: string; memberId: string }>).content.some((row) => row.id === created.id && row.memberId === member.id)).toBe(true);
    const approved = await operator('POST', `/operator/v1/deposits/${created.id}/approve`);
    expect(approved.body.value).toMatchObject({ status: 'approved', proofCount: 2 });
    expect((await operator('POST', `/operator/v1/deposits/${created.id}/approve`)).body.code).toBe('PAYMENT_STATE_CONFLICT');
    expect((await wallet(member)).balance).toBe('500.00');

    const other = await deposit(member, 'BANK_TRANSFER', '200.00');
    expect((await operator('POST', `/operator/v1/deposits/${other.id}/reject`, {})).status).toBe(400);
    const rejected = await operator('POST', `/operator/v1/deposits/${other.id}/reject`, { reason: 'No funds arrived' });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', reason: 'No funds arrived' });
    const audit = await rows<{ action: string; actor: string; reason: string | null }>(platform.db.orm, sql`SELECT action, actor, reason FROM wallet.payment_actions WHERE subject_id = ${other.id}`);
    expect(audit).toEqual([{ action: 'rejected', actor: 'operator:ana.ops', reason: 'No funds arrived' }]);
    expect((await wallet(member)).balance).toBe('500.00');
  });

  it('applies a lower deposit limit at once, a higher one after the cooling-off, and refuses a credit over the limit', async () => {
    const member = await register();
    const limits = () =>
      call<{ daily: string | null; weekly: string | null; monthly: string | null; pending?: Record<string, string | null> }>('GET', '/wps/v2/wallets/deposit-limits', { token: member.token });
    expect((await limits()).body.value).toEqual({ daily: null, weekly: null, monthly: null });
    expect((await call('PUT', '/wps/v2/wallets/deposit-limits', { token: member.token, body: { daily: 'lots' } })).body).toMatchObject({ code: 'AMOUNT_INVALID', field: 'daily' });
    expect((await limits()).body.value.daily).toBeNull();

    const set = await call('PUT', '/wps/v2/wallets/deposit-limits', { token: member.token, body: { daily: '100.00', monthly: '1000.00' } });
    expect(set.body.value).toEqual({ daily: '100.00', weekly: null, monthly: '1000.00' });
    const raised = await call<{ daily: string; pending: { daily: string; effectiveAt: string } }>('PUT', '/wps/v2/wallets/deposit-limits', { token: member.token, body: { daily: '500.00' } });
    expect(raised.body.value.daily).toBe('100.00');
    expect(raised.body.value.pending.daily).toBe('500.00');
    const coolingOff = new Date(raised.body.value.pending.effectiveAt).getTime() - Date.now();
    expect(coolingOff).toBeGreaterThan(23.9 * 3_600_000);
    expect(coolingOff).toBeLessThanOrEqual(24 * 3_600_000);

    const over = await deposit(member, 'SANDBOX_PAY', '150.00');
    const refused = await callback(paidCallback(over));
    expect(refused.body.value).toMatchObject({ status: 'rejected', reason: 'DEPOSIT_LIMIT_EXCEEDED' });
    expect((await wallet(member)).balance).toBe('0.00');
    const within = await deposit(member, 'SANDBOX_PAY', '60.00');
    expect((await callback(paidCallback(within))).body.value.status).toBe('approved');
    const second = await deposit(member, 'SANDBOX_PAY', '50.00');
    expect((await callback(paidCallback(second))).body.value.status).toBe('rejected');

    // A day passes for the pending raise.
    await platform.db.orm.execute(sql`UPDATE wallet.deposit_limits SET pending_effective_at = now() - interval '1 second' WHERE member_id = ${member.id}`);
    expect((await limits()).body.value).toEqual({ daily: '500.00', weekly: null, monthly: '1000.00' });
    const later = await deposit(member, 'SANDBOX_PAY', '150.00');
    expect((await callback(paidCallback(later))).body.value.status).toBe('approved');
    expect((await wallet(member)).balance).toBe('210.00');
  });

  it('sets and changes the payment password with its rules', async () => {
    const member = await register();
    expect((await call('GET', '/wps/member/payment-password', { token: member.token })).body.value).toEqual({ isSet: false });
    const put = (body: unknown) => call('PUT', '/wps/member/payment-password', { token: member.token, body });
    expect((await put({ password: 'abc', confirmPassword: 'abc' })).body).toMatchObject({ code: 'PAYMENT_PASSWORD_FORMAT', message: 'The payment password must be 6 - 20 letters and digits' });
    expect((await put({ password: 'with space1', confirmPassword: 'with space1' })).body.code).toBe('PAYMENT_PASSWORD_FORMAT');
    // Repeats, runs and the login password are refused: each is the first thing a thief tries.
    for (const weak of ['123456', '111111', '654321', 'abcdef', '121212', PASSWORD]) {
      expect((await put({ password: weak, confirmPassword: weak })).body, weak).toMatchObject({ code: 'PAYMENT_PASSWORD_TOO_WEAK', field: 'password' });
    }
    expect((await call('GET', '/wps/member/payment-password', { token: member.token })).body.value).toEqual({ isSet: false });
    expect((await put({ password: PAY_PASSWORD, confirmPassword: 'other123' })).body.code).toBe('CONFIRM_PASSWORD_MISMATCH');
    expect((await put({ password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD })).body.value).toEqual({ isSet: true });
    expect((await put({ password: 'nuevo123', confirmPassword: 'nuevo123' })).body).toMatchObject({ code: 'INPUT_EMPTY', field: 'oldPassword' });
    expect((await put({ password: 'nuevo123', confirmPassword: 'nuevo123', oldPassword: 'wrong123' })).body.code).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await put({ password: 'nuevo123', confirmPassword: 'nuevo123', oldPassword: PAY_PASSWORD })).status).toBe(200);
    await fund(member, '300.00');
    expect((await withdraw(member, '100.00')).body.code).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await withdraw(member, '100.00', { paymentPassword: 'nuevo123' })).status).toBe(200);
  });

  it('holds withdrawn money at once and refuses wrong passwords, bad amounts and money that is not there', async () => {
    const member = await register();
    await fund(member, '1000.00');
    expect((await withdraw(member, '100.00')).body.code).toBe('PAYMENT_PASSWORD_NOT_SET');
    await setPaymentPassword(member);
    const entries = await ledgerSnapshot();
    const refusals: Array<[string, string | undefined, number, string]> = [
      ['100.00', 'wrong999', 400, 'PAYMENT_PASSWORD_WRONG'],
      ['50.00', undefined, 400, 'AMOUNT_OUT_OF_RANGE'],
      ['60000.00', undefined, 400, 'AMOUNT_OUT_OF_RANGE'],
      ['1000.01', undefined, 409, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [amount, paymentPassword, status, code] of refusals) {
      const response = await withdraw(member, amount, { paymentPassword });
      expect([response.status, response.body.code]).toEqual([status, code]);
    }
    expect(
      (await call('POST', '/wps/v2/withdraw', { token: member.token, body: { amount: '100.00', paymentPassword: PAY_PASSWORD, bankName: 'B', accountName: 'A', accountNumber: '1234' } })).body.code,
    ).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await ledgerSnapshot()).toBe(entries);
    expect(await wallet(member)).toMatchObject({ balance: '1000.00', held: '0.00', available: '1000.00' });

    const key = randomUUID();
    const first = await withdraw(member, '400.00', { key });
    expect(first.body.value).toMatchObject({ status: 'pending', amount: '400.00', currency: 'MXN' });
    expect((await withdraw(member, '400.00', { key })).body.value).toEqual(first.body.value);
    expect((await withdraw(member, '300.00', { key })).body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await wallet(member)).toMatchObject({ balance: '1000.00', held: '400.00', available: '600.00' });

    // Held funds are not withdrawable again: two concurrent requests for everything available, one wins.
    const racing = await Promise.all([withdraw(member, '600.00'), withdraw(member, '600.00')]);
    expect(racing.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await wallet(member)).toMatchObject({ held: '1000.00', available: '0.00' });
    expect((await withdraw(member, '100.00')).body.code).toBe('INSUFFICIENT_FUNDS');

    const rejected = await operator('POST', `/operator/v1/withdrawals/${first.body.value.id}/reject`, { reason: 'Bank details do not match' });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', reason: 'Bank details do not match' });
    expect(await wallet(member)).toMatchObject({ held: '600.00', available: '400.00' });
    expect((await operator('POST', `/operator/v1/withdrawals/${first.body.value.id}/approve`)).body.code).toBe('PAYMENT_STATE_CONFLICT');

    // The same key twice at once for everything available: one withdrawal, and both answers are it (the second is not
    // refused for the money the first one took).
    const again = randomUUID();
    const twice = await Promise.all([withdraw(member, '400.00', { key: again }), withdraw(member, '400.00', { key: again })]);
    expect(twice.map((response) => response.status)).toEqual([200, 200]);
    expect(twice[1].body.value).toEqual(twice[0].body.value);
    expect(await wallet(member)).toMatchObject({ held: '1000.00', available: '0.00' });
    const list = await call<Page<Withdrawal>>('GET', '/wps/v2/withdrawals?pageNo=1&pageSize=1', { token: member.token });
    expect(list.body.value).toMatchObject({ pageNum: 1, totalPages: 3, total: 3 });
  });

  it('locks the payment password after repeated wrong attempts', async () => {
    const member = await register();
    await fund(member, '500.00');
    await setPaymentPassword(member);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await withdraw(member, '100.00', { paymentPassword: 'wrong999' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const locked = await withdraw(member, '100.00');
    expect(locked.status).toBe(429);
    expect((await wallet(member)).held).toBe('0.00');
  });

  it('walks a withdrawal through approve, paid and the player confirmation, and auto-confirms the silent ones', async () => {
    const member = await register();
    await fund(member, '2000.00');
    await setPaymentPassword(member);
    const paidOut = async (amount: string) => {
      const created = await withdraw(member, amount);
      const id = created.body.value.id;
      expect((await operator('POST', `/operator/v1/withdrawals/${id}/paid`)).body.code).toBe('PAYMENT_STATE_CONFLICT');
      expect((await operator('POST', `/operator/v1/withdrawals/${id}/approve`)).body.value).toMatchObject({ status: 'approved' });
      expect((await operator('POST', `/operator/v1/withdrawals/${id}/paid`)).body.value).toMatchObject({ status: 'paid' });
      return id;
    };
    const confirm = (id: string, body: unknown) => call<Withdrawal>('POST', `/wps/v2/withdrawals/${id}/confirm`, { token: member.token, body });

    const pending = await withdraw(member, '100.00');
    expect((await confirm(pending.body.value.id, { result: 'received' })).body.code).toBe('PAYMENT_STATE_CONFLICT');

    const received = await paidOut('200.00');
    expect(await wallet(member)).toMatchObject({ held: '100.00', balance: '1800.00' });
    expect((await confirm(received, { result: 'received' })).body.value).toMatchObject({ status: 'confirmed', confirmResult: 'received', receivedAmount: '200.00', autoConfirmed: false });

    const partial = await paidOut('300.00');
    expect((await confirm(partial, { result: 'partial' })).body).toMatchObject({ code: 'INPUT_EMPTY', field: 'receivedAmount' });
    expect((await confirm(partial, { result: 'partial', receivedAmount: '300.00' })).body.code).toBe('AMOUNT_INVALID');
    expect((await confirm(partial, { result: 'partial', receivedAmount: '250.00' })).body.value).toMatchObject({ status: 'confirmed', confirmResult: 'partial', receivedAmount: '250.00' });

    const missing = await paidOut('150.00');
    expect((await confirm(missing, { result: 'not_received', comment: 'Nothing arrived' })).body.code).toBe('PROOF_REQUIRED');
    expect((await confirm(missing, { result: 'not_received', files: [png()] })).body).toMatchObject({ code: 'INPUT_EMPTY', field: 'comment' });
    expect((await confirm(missing, { result: 'not_received', comment: 'x'.repeat(141), files: [png()] })).body.code).toBe('COMMENT_TOO_LONG');
    expect((await confirm(missing, { result: 'not_received', comment: 'Nothing arrived', files: [png(), png(), png(), png()] })).body.code).toBe('PROOF_FILE_INVALID');
    const disputed = await confirm(missing, { result: 'not_received', comment: 'Nothing arrived', files: [png(), png()] });
    expect(disputed.body.value).toMatchObject({ status: 'disputed', confirmResult: 'not_received' });
    const [proofs] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM wallet.payment_proofs WHERE subject_type = 'withdrawal' AND subject_id = ${missing}`);
    expect(proofs!.n).toBe(2);

    const silent = await paidOut('120.00');
    const fresh = await paidOut('130.00');
    // The configured 1440 minutes pass for one of them.
    await platform.db.orm.execute(sql`UPDATE wallet.withdrawals SET paid_at = now() - interval '1441 minutes' WHERE id = ${silent}`);
    await waitFor(async () => (await rows<{ status: string }>(platform.db.orm, sql`SELECT status FROM wallet.withdrawals WHERE id = ${silent}`))[0]!.status === 'confirmed', 'the auto-confirm sweep');
    const list = await call<Page<Withdrawal & { id: string }>>('GET', '/wps/v2/withdrawals?pageSize=50', { token: member.token });
    expect(list.body.value.content.find((row) => row.id === silent)).toMatchObject({ status: 'confirmed', autoConfirmed: true, confirmResult: 'received' });
    expect(list.body.value.content.find((row) => row.id === fresh)).toMatchObject({ status: 'paid', autoConfirmed: false });
    const [payout] = await rows<{ cause: string; n: number }>(
      platform.db.orm,
      sql`SELECT cause, count(*)::int AS n FROM wallet.transactions WHERE cause_ref = ${`withdrawal:${silent}`} GROUP BY cause ORDER BY cause`,
    );
    expect(payout).toEqual({ cause: 'withdrawal', n: 1 });
  });

  it('moves money from an agent to any depth of its downline and from a member to its direct upline only', async () => {
    const top = await promoteToAgent(await register());
    const sub = await promoteToAgent(await register(top.username.toUpperCase()));
    const player = await register(sub.username.toUpperCase());
    const outsider = await register();
    for (const member of [top, sub, player, outsider]) await setPaymentPassword(member);
    await fund(top, '1000.00');
    await fund(player, '100.00');
    const transfer = (from: Member, toAccount: string, amount: string, options: { key?: string; paymentPassword?: string } = {}) =>
      call<{ transferId: string; balance: string; currency: string }>('POST', '/wps/relay/GCS_walletTransfer', {
        token: from.token,
        key: options.key ?? randomUUID(),
        body: { toAccount, amount, paymentPassword: options.paymentPassword ?? PAY_PASSWORD },
      });

    const key = randomUUID();
    const down = await transfer(top, player.username, '250.00', { key });
    expect(down.status).toBe(200);
    expect(down.body.value).toMatchObject({ balance: '750.00', currency: 'MXN' });
    expect((await transfer(top, player.username, '250.00', { key })).body.value).toEqual(down.body.value);
    expect((await transfer(top, player.username, '1.00', { key })).body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await wallet(player)).balance).toBe('350.00');
    await waitFor(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.outbox WHERE envelope->>'type' = 'transfer.completed' AND key = ${down.body.value.transferId}`)).length === 1);
    const pushes = await rows<{ key: string }>(
      platform.db.orm,
      sql`SELECT key FROM wallet.outbox WHERE envelope->>'type' = 'balance.changed' AND envelope->'payload'->>'cause' = 'transfer' AND key IN (${top.id}, ${player.id})`,
    );
    expect(new Set(pushes.map((push) => push.key))).toEqual(new Set([top.id, player.id]));

    expect((await transfer(player, sub.username, '50.00')).status).toBe(200);
    const refusals: Array<[Member, string, number, string]> = [
      [player, top.username, 403, 'TRANSFER_UPLINE_ONLY'],
      [player, outsider.username, 403, 'TRANSFER_UPLINE_ONLY'],
      [sub, top.username, 403, 'TRANSFER_DOWNLINE_ONLY'],
      [top, outsider.username, 403, 'TRANSFER_DOWNLINE_ONLY'],
      [top, 'nobodyhere', 403, 'TRANSFER_DOWNLINE_ONLY'],
      [player, 'nobodyhere', 403, 'TRANSFER_UPLINE_ONLY'],
      [top, player.username, 409, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [from, to, status, code] of refusals) {
      const response = await transfer(from, to, code === 'INSUFFICIENT_FUNDS' ? '5000.00' : '10.00');
      expect([response.status, response.body.code]).toEqual([status, code]);
    }
    expect((await transfer(top, player.username, '10.00', { paymentPassword: 'wrong999' })).body.code).toBe('PAYMENT_PASSWORD_WRONG');

    await platform.db.orm.execute(sql`UPDATE identity.members SET type = 4 WHERE id = ${outsider.id}`);
    const trial = { ...outsider, token: await login(outsider.username) };
    expect((await transfer(trial, top.username, '10.00')).body).toMatchObject({ code: 'TRIAL_ACCOUNT_REFUSED' });
    expect((await transfer(top, outsider.username, '10.00')).status).toBe(403);
    expect(await Promise.all([top, sub, player].map(async (member) => (await wallet(member)).balance))).toEqual(['750.00', '50.00', '300.00']);
  });

  it('pages and filters the account record from the member ledger, newest first', async () => {
    const member = await register();
    await fund(member, '500.00');
    const sandbox = await deposit(member, 'SANDBOX_PAY', '20.00');
    await callback(paidCallback(sandbox));
    await setPaymentPassword(member);
    await withdraw(member, '100.00');
    const record = (query: string) =>
      call<Page<{ id: string; type: string; amount: string; balanceAfter: string; currency: string; reference: string | null; createdAt: string }>>('GET', `/wps/v2/wallets/transactions${query}`, {
        token: member.token,
      });

    const all = await record('?pageNo=1&pageSize=2');
    expect(all.body.value).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
    expect(all.body.value.content.map((row) => [row.type, row.amount, row.balanceAfter])).toEqual([
      ['withdrawal_hold', '-100.00', '420.00'],
      ['deposit', '20.00', '520.00'],
    ]);
    expect(all.body.value.content[1]!.reference).toBe(`deposit:${sandbox.id}`);
    expect((await record('?pageNo=2&pageSize=2')).body.value.content.map((row) => row.type)).toEqual(['demo_deposit']);
    expect((await record('?pageNo=9&pageSize=2')).body.value.content).toEqual([]);
    expect((await record('?type=deposit')).body.value.total).toBe(1);
    expect((await record('?type=')).body.value.total).toBe(3);
    expect((await record(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.value.total).toBe(0);
    expect((await record(`?to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.value.total).toBe(3);
    expect((await record('?from=yesterday')).status).toBe(400);
    expect((await record('?pageSize=1000')).status).toBe(400);
    const stranger = await register();
    expect((await call<Page<unknown>>('GET', '/wps/v2/wallets/transactions', { token: stranger.token })).body.value.total).toBe(0);
  });

  it('guards the operator API with its token and adjusts balances idempotently', async () => {
    const member = await register();
    expect((await call('GET', '/operator/v1/withdrawals')).status).toBe(401);
    const wrong = await call('GET', '/operator/v1/withdrawals', { headers: { authorization: 'Operator not-the-token' } });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'OPERATOR_UNAUTHORIZED']);
    expect((await call('GET', '/operator/v1/withdrawals', { headers: { authorization: `Bearer ${member.token}` } })).status).toBe(401);

    const adjust = (amount: string, key: string, reason = 'Goodwill credit') => operator('POST', `/operator/v1/members/${member.id}/adjust`, { amount, currency: 'MXN', reason }, key);
    expect((await operator('POST', `/operator/v1/members/${member.id}/adjust`, { amount: '10.00', currency: 'MXN', reason: 'x' })).body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const key = randomUUID();
    const credit = await adjust('75.00', key);
    expect(credit.body.value).toMatchObject({ balance: '75.00', currency: 'MXN' });
    expect((await adjust('75.00', key)).body.value).toEqual(credit.body.value);
    expect((await adjust('76.00', key)).body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await adjust('-100.00', randomUUID(), 'Correction')).body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await adjust('0.00', randomUUID())).body.code).toBe('AMOUNT_INVALID');
    expect((await adjust('-25.00', randomUUID(), 'Correction')).body.value).toMatchObject({ balance: '50.00' });
    expect((await operator('POST', '/operator/v1/members/999999999/adjust', { amount: '1.00', currency: 'MXN', reason: 'x' }, randomUUID())).status).toBe(404);
    const [audit] = await rows<{ operator: string; reason: string; n: number }>(
      platform.db.orm,
      sql`SELECT operator, reason, count(*) OVER ()::int AS n FROM wallet.adjustments WHERE member_id = ${member.id} ORDER BY created_at LIMIT 1`,
    );
    expect(audit).toEqual({ operator: 'ana.ops', reason: 'Goodwill credit', n: 2 });
    const record = await call<Page<{ type: string; reference: string }>>('GET', '/wps/v2/wallets/transactions', { token: member.token });
    expect(record.body.value.content.map((row) => row.type)).toEqual(['adjustment', 'adjustment']);
    expect(record.body.value.content[1]!.reference).toBe(`adjustment:${(credit.body.value as { adjustmentId: string }).adjustmentId}`);
    expect((await operator('GET', '/operator/v1/withdrawals?status=bogus')).status).toBe(400);
  });

  it('has no operator API when no operator token is configured', async () => {
    const bare = await startEmbedded({ logLevel: 'silent', operatorToken: null });
    try {
      const response = await fetch(`${bare.url}/operator/v1/deposits`, { headers: { authorization: 'Operator anything-at-all-here' } });
      expect(response.status).toBe(404);
    } finally {
      await bare.close();
    }
  }, 60_000);
});
