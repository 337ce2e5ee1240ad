import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import pg from 'pg';
import { apiCaller, eventually } from '@wps/platform/testing';
import { walletAccountOpened, walletServiceClient } from './support.js';

/**
 * Player money through the cluster gateway, every service its own process on PostgreSQL, Redis and Kafka: sandbox and
 * manual deposits, deposit limits, withdrawals through the operator API, concurrent holds, transfers in the agent tree
 * and the balance push. Started by `npm run test:cluster`, which gives the services and this suite the operator token
 * and the sandbox secret.
 */
const env = process.env;
for (const name of ['GATEWAY_URL', 'DATABASE_URL', 'SERVICE_TOKEN', 'OPERATOR_TOKEN', 'SANDBOX_PAY_SECRET'] as const) {
  if (!env[name]) throw new Error(`${name} must be set: run \`npm run test:cluster\``);
}
const gateway = env.GATEWAY_URL!;
const call = apiCaller(gateway);
const wallet = walletServiceClient(env.SERVICE_TOKEN!);
const waitFor = (check: () => boolean | Promise<boolean>, what: string) => eventually(check, what, 20_000);

const PASSWORD = 'cluster123';
const PAY_PASSWORD = 'pago1234';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64').toString('base64');

interface Member {
  id: string;
  token: string;
  username: string;
}
interface Deposit {
  id: string;
  status: string;
  amount: string;
  reason: string | null;
  paymentUrl?: string;
}
interface Withdrawal {
  id: string;
  status: string;
  amount: string;
  confirmResult: string | null;
  receivedAmount: string | null;
}
interface Page<T> {
  content: T[];
  pageNum: number;
  totalPages: number;
  total: number;
}

describe('player money in cluster mode', () => {
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  const operator = <T>(method: string, url: string, body?: unknown) => call<T>(method, url, { body, headers: { authorization: `Operator ${env.OPERATOR_TOKEN}`, 'x-operator': 'cluster.ops' } });
  const sign = (body: string) => createHmac('sha256', env.SANDBOX_PAY_SECRET!).update(body).digest('hex');
  const callback = (body: string, signature = sign(body)) => call<Deposit>('POST', '/api/payments/sandbox/callback', { raw: body, headers: { 'x-sandbox-signature': signature } });
  const paid = (deposit: { id: string; amount: string }) => JSON.stringify({ depositId: deposit.id, outcome: 'paid', amount: deposit.amount, providerReference: `REF-${deposit.id}` });
  const count = async (query: string, params: unknown[] = []) => (await db.query<{ n: number }>(query, params)).rows[0]!.n;

  const login = async (username: string) => {
    const response = await call<{ token: string }>('POST', '/wps/session/login', { body: { username, password: PASSWORD, type: 'username' } });
    expect(response.status).toBe(200);
    return response.body.value.token;
  };
  const register = async (referralCode?: string): Promise<Member> => {
    const username = `c${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, ...(referralCode ? { referralCode } : {}) },
    });
    expect(response.status).toBe(200);
    const id = response.body.value.user.id;
    await walletAccountOpened(db, id);
    return { id, token: response.body.value.token, username };
  };
  const fund = async (member: Member, amount: string) => {
    expect((await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, body: { amount }, key: randomUUID() })).status).toBe(200);
  };
  const setPaymentPassword = async (member: Member) => {
    expect((await call('PUT', '/wps/member/payment-password', { token: member.token, body: { password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD } })).status).toBe(200);
  };
  const merchantWallet = async (member: Member) =>
    (await call<{ balance: string; held: string; available: string }>('GET', '/wps/relay/GCS_merchantWallet?isSingle=1', { token: member.token })).body.value;
  const deposit = async (member: Member, methodCode: string, amount: string) => {
    const response = await call<Deposit>('POST', '/wps/v2/deposit', { token: member.token, body: { methodCode, amount }, key: randomUUID() });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const withdraw = (member: Member, amount: string, paymentPassword = PAY_PASSWORD) =>
    call<Withdrawal>('POST', '/wps/v2/withdraw', {
      token: member.token,
      key: randomUUID(),
      body: { amount, paymentPassword, bankName: 'BBVA', accountName: 'Lucia Perez', accountNumber: '012345678901234567' },
    });

  beforeAll(async () => {
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
  });
  afterEach(async () => {
    expect(await wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('credits a sandbox deposit once through the signed callback and pushes the balance over Socket.IO', async () => {
    const member = await register();
    const socket: Socket = io(gateway, { auth: { token: member.token }, transports: ['websocket'] });
    const pushes: Array<{ type: string; data: { balance: string } }> = [];
    socket.on('push', (push: (typeof pushes)[number]) => pushes.push(push));
    try {
      await waitFor(() => socket.connected, 'the socket');
      const methods = await call<Array<{ code: string }>>('GET', '/wps/v2/deposit/methods', { token: member.token });
      expect(methods.body.value.map((method) => method.code)).toEqual(['BANK_TRANSFER', 'SANDBOX_PAY']);
      const created = await deposit(member, 'SANDBOX_PAY', '120.50');
      expect(created).toMatchObject({ status: 'pending', paymentUrl: `/sandbox-pay/${created.id}` });
      expect(await (await fetch(gateway + created.paymentUrl)).text()).toContain('120.50 MXN');

      const body = paid(created);
      const entries = await count('SELECT count(*)::int AS n FROM wallet.entries');
      const forged = await callback(body, sign(body.replace('120.50', '999.00')));
      expect([forged.status, forged.body.code]).toEqual([401, 'CALLBACK_SIGNATURE_INVALID']);
      expect(await count('SELECT count(*)::int AS n FROM wallet.entries')).toBe(entries);

      const [first, replay] = [await callback(body), await callback(body)];
      expect([first.status, first.body.value.status]).toEqual([200, 'approved']);
      expect([replay.status, replay.body.value.status]).toEqual([200, 'approved']);
      // Two providers' retries racing each other still credit once.
      const racing = await Promise.all([callback(body), callback(body), callback(body)]);
      expect(racing.map((response) => response.body.value.status)).toEqual(['approved', 'approved', 'approved']);
      expect(await count('SELECT count(*)::int AS n FROM wallet.transactions WHERE cause_ref = $1', [`deposit:${created.id}`])).toBe(1);
      expect((await merchantWallet(member)).balance).toBe('120.50');
      await waitFor(() => pushes.some((push) => push.type === 'balance' && push.data.balance === '120.50'), 'the balance push of the deposit');
    } finally {
      socket.close();
    }
  });

  it('credits a manual bank deposit when the operator approves it, found through the paged list', async () => {
    const member = await register();
    const created = await deposit(member, 'BANK_TRANSFER', '500.00');
    const proof = await call<{ proofCount: number }>('POST', `/wps/v2/deposit/${created.id}/proof`, {
      token: member.token,
      body: { files: [{ name: 'receipt.png', contentType: 'image/png', dataBase64: PNG }] },
    });
    expect(proof.body.value.proofCount).toBe(1);
    expect((await operator('GET', '/operator/v1/deposits', undefined)).status).toBe(200);
    expect((await call('GET', '/operator/v1/deposits', { headers: { authorization: 'Operator wrong-token-wrong-token' } })).status).toBe(401);
    const queue = await operator<Page<{ id: string; memberId: string; proofCount: number }>>('GET', `/operator/v1/deposits?status=pending&memberId=${member.id}&pageSize=5`);
    expect(queue.body.value).toMatchObject({ pageNum: 1, totalPages: 1, total: 1 });
    expect(queue.body.value.content[0]).toMatchObject({ id: created.id, memberId: member.id, proofCount: 1 });
    const approved = await operator<Deposit>('POST', `/operator/v1/deposits/${created.id}/approve`);
    expect(approved.body.value.status).toBe('approved');
    expect((await operator('POST', `/operator/v1/deposits/${created.id}/approve`)).body.code).toBe('PAYMENT_STATE_CONFLICT');
    expect((await merchantWallet(member)).balance).toBe('500.00');
    const audit = await db.query<{ action: string; actor: string }>('SELECT action, actor FROM wallet.payment_actions WHERE subject_id = $1 ORDER BY at', [created.id]);
    expect(audit.rows.map((row) => [row.action, row.actor])).toEqual([
      ['proof_uploaded', `member:${member.id}`],
      ['approved', 'operator:cluster.ops'],
    ]);
  });

  it('refuses a deposit that would pass the daily limit and credits nothing', async () => {
    const member = await register();
    const limits = await call('PUT', '/wps/v2/wallets/deposit-limits', { token: member.token, body: { daily: '100.00' } });
    expect(limits.body.value).toMatchObject({ daily: '100.00' });
    const over = await deposit(member, 'SANDBOX_PAY', '150.00');
    const refused = await callback(paid(over));
    expect(refused.body.value).toMatchObject({ status: 'rejected', reason: 'DEPOSIT_LIMIT_EXCEEDED' });
    expect((await merchantWallet(member)).balance).toBe('0.00');
    const within = await deposit(member, 'SANDBOX_PAY', '100.00');
    expect((await callback(paid(within))).body.value.status).toBe('approved');
    expect((await merchantWallet(member)).balance).toBe('100.00');
  });

  it('walks a withdrawal through approve, paid and a partial receipt, and a rejection returns the funds', async () => {
    const member = await register();
    await fund(member, '1000.00');
    await setPaymentPassword(member);
    expect((await withdraw(member, '200.00', 'wrong999')).body.code).toBe('PAYMENT_PASSWORD_WRONG');
    const created = await withdraw(member, '400.00');
    expect(created.body.value).toMatchObject({ status: 'pending', amount: '400.00' });
    expect(await merchantWallet(member)).toMatchObject({ balance: '1000.00', held: '400.00', available: '600.00' });
    const id = created.body.value.id;
    const listed = await operator<Page<{ id: string }>>('GET', `/operator/v1/withdrawals?status=pending&memberId=${member.id}`);
    expect(listed.body.value.content.map((row) => row.id)).toEqual([id]);
    expect((await operator<Withdrawal>('POST', `/operator/v1/withdrawals/${id}/approve`)).body.value.status).toBe('approved');
    expect((await operator<Withdrawal>('POST', `/operator/v1/withdrawals/${id}/paid`)).body.value.status).toBe('paid');
    expect(await merchantWallet(member)).toMatchObject({ balance: '600.00', held: '0.00', available: '600.00' });
    const confirmed = await call<Withdrawal>('POST', `/wps/v2/withdrawals/${id}/confirm`, { token: member.token, body: { result: 'partial', receivedAmount: '350.00', comment: 'Bank fee' } });
    expect(confirmed.body.value).toMatchObject({ status: 'confirmed', confirmResult: 'partial', receivedAmount: '350.00' });

    const second = await withdraw(member, '250.00');
    expect((await merchantWallet(member)).available).toBe('350.00');
    const rejected = await operator<Withdrawal>('POST', `/operator/v1/withdrawals/${second.body.value.id}/reject`, { reason: 'Account name does not match' });
    expect(rejected.body.value.status).toBe('rejected');
    expect(await merchantWallet(member)).toMatchObject({ balance: '600.00', held: '0.00', available: '600.00' });
    const causes = await db.query<{ cause: string }>('SELECT cause FROM wallet.transactions WHERE cause_ref = $1 ORDER BY created_at', [`withdrawal:${second.body.value.id}`]);
    expect(causes.rows.map((row) => row.cause)).toEqual(['withdrawal_hold', 'withdrawal_release']);
  });

  it('never holds the same money twice for concurrent withdrawals', async () => {
    const member = await register();
    await fund(member, '500.00');
    await setPaymentPassword(member);
    const racing = await Promise.all(Array.from({ length: 5 }, () => withdraw(member, '400.00')));
    expect(racing.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(racing.filter((response) => response.status === 409).every((response) => response.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await merchantWallet(member)).toMatchObject({ balance: '500.00', held: '400.00', available: '100.00' });
    expect(await count(`SELECT count(*)::int AS n FROM wallet.withdrawals WHERE member_id = $1`, [member.id])).toBe(1);
  });

  it('moves money from an agent down its tree and from a member to its direct upline, and refuses other directions', async () => {
    const agent = await register();
    await db.query('UPDATE identity.members SET type = 1, referral_code = $2 WHERE id = $1', [agent.id, agent.username.toUpperCase()]);
    agent.token = await login(agent.username);
    const player = await register(agent.username.toUpperCase());
    const outsider = await register();
    for (const member of [agent, player, outsider]) await setPaymentPassword(member);
    await fund(agent, '1000.00');
    const transfer = (from: Member, toAccount: string, amount: string) =>
      call<{ transferId: string; balance: string }>('POST', '/wps/relay/GCS_walletTransfer', { token: from.token, key: randomUUID(), body: { toAccount, amount, paymentPassword: PAY_PASSWORD } });

    const down = await transfer(agent, player.username, '300.00');
    expect(down.status).toBe(200);
    expect(down.body.value.balance).toBe('700.00');
    const up = await transfer(player, agent.username, '50.00');
    expect([up.status, up.body.value.balance]).toEqual([200, '250.00']);
    const refusals: Array<[Member, Member, string]> = [
      [agent, outsider, 'TRANSFER_DOWNLINE_ONLY'],
      [player, outsider, 'TRANSFER_UPLINE_ONLY'],
      [outsider, agent, 'TRANSFER_UPLINE_ONLY'],
    ];
    for (const [from, to, code] of refusals) {
      const refused = await transfer(from, to.username, '10.00');
      expect([refused.status, refused.body.code]).toEqual([403, code]);
    }
    expect(await Promise.all([agent, player, outsider].map(async (member) => (await merchantWallet(member)).balance))).toEqual(['750.00', '250.00', '0.00']);
    await waitFor(
      async () => (await count(`SELECT count(*)::int AS n FROM wallet.outbox WHERE envelope->>'type' = 'transfer.completed' AND key = $1`, [down.body.value.transferId])) === 1,
      'transfer.completed in the outbox',
    );
  });

  it('ends with a balanced ledger, matching account balances and a drained outbox', async () => {
    expect(await wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
    const drift = await count('SELECT count(*)::int AS n FROM wallet.accounts a WHERE a.balance_minor <> coalesce((SELECT sum(amount_minor) FROM wallet.entries e WHERE e.account_id = a.id), 0)');
    expect(drift).toBe(0);
    await waitFor(async () => (await count('SELECT count(*)::int AS n FROM wallet.outbox WHERE published_at IS NULL')) === 0, 'the outbox to drain');
  });
});
