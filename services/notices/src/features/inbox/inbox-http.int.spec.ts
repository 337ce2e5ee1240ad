import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { PUSH_EVENT, TOPICS, type AnyPush, type Broadcast, type InboxMessage, type InboxPage, type UnreadCount } from '@wps/contracts';
import { createEnvelope, rows, sleep } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

interface Member {
  token: string;
  memberId: string;
  account: string;
  /** The `unread` pushes its socket received, in order. */
  pushes: UnreadCount[];
}

/** The inbox through the real HTTP API and socket of the embedded platform (PGlite, the in-memory bus, every service). */
describe('the inbox through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  const password = 'secreto12';
  const operator = (method: string, url: string, body?: unknown) =>
    call<Record<string, unknown>>(method, url, { body, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });

  const register = async (): Promise<Member> => {
    const username = `inbox${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string; account: string } }>('PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, acceptTerms: true },
    });
    expect(response.status).toBe(200);
    const member = { token: response.body.value.token, memberId: response.body.value.user.id, account: response.body.value.user.account, pushes: [] as UnreadCount[] };
    // The inbox learns of the member from the registration event.
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM notices.inbox_members WHERE member_id = ${member.memberId}`)).length === 1, 'the inbox to know the member');
    return member;
  };
  const listen = (member: Member) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'unread') {
          expect(push.v).toBe(push.data.version);
          member.pushes.push(push.data);
        }
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const list = async (member: Member, query = '', language = 'EN') => {
    const response = await call<InboxPage>('GET', `/wps/relay/CSP_messageList${query}`, { token: member.token, language });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const unread = async (member: Member) => (await call<UnreadCount>('GET', '/wps/relay/CSP_unreadCount', { token: member.token })).body.value;
  /** Waits for a push showing `count`; the newest push then holds the highest version seen. */
  const pushedCount = async (member: Member, count: number) => {
    await eventually(() => member.pushes.at(-1)?.unread === count, `an unread push of ${count}`);
    const versions = member.pushes.map((push) => push.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    return member.pushes.at(-1)!;
  };
  const letterCount = async (memberId: string, kind: string) =>
    (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM notices.messages WHERE member_id = ${memberId} AND kind = ${kind}`))[0]!.n;

  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    // Free play (trial accounts) is off by default; the brand directory sees the change within five seconds.
    await platform.db.orm.execute(
      sql`UPDATE identity.merchants SET settings = jsonb_set(settings, '{whitelabel}', coalesce(settings->'whitelabel', '{}'::jsonb) || '{"FREEPLAY3": true}'::jsonb) WHERE code = 'DEMO'`,
    );
    alice = await register();
    bob = await register();
    await Promise.all([listen(alice), listen(bob)]);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('refuses guests and trial accounts, whose count is never read', async () => {
    const guest = await call('GET', '/wps/relay/CSP_unreadCount');
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ code: 'NOT_LOGGED_IN', message: 'You are not logged in, please login' });
    let trial = await call<{ token: string }>('POST', '/wps/session/login/freeplay', { headers: { 'x-forwarded-for': '198.51.100.1' } });
    let attempt = 1;
    await eventually(
      async () => {
        if (trial.status === 200) return true;
        await sleep(250);
        trial = await call<{ token: string }>('POST', '/wps/session/login/freeplay', { headers: { 'x-forwarded-for': `198.51.100.${++attempt}` } });
        return trial.status === 200;
      },
      'free play to be on',
      8_000,
    );
    for (const [method, path] of [
      ['GET', '/wps/relay/CSP_unreadCount'],
      ['GET', '/wps/relay/CSP_messageList'],
      ['POST', '/wps/relay/CSP_readAllMessages'],
    ] as const) {
      const refused = await call(method, path, { token: trial.body.value.token, body: method === 'GET' ? undefined : {} });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'TRIAL_ACCOUNT_REFUSED', message: 'Please use a real account' });
    }
  });

  it('lists the welcome letter and the demo brand’s broadcast in the reader’s language, paged', async () => {
    await eventually(async () => (await list(alice)).list.some((message) => message.kind === 'welcome'), 'the welcome letter');
    const english = await list(alice);
    expect(english).toMatchObject({ pageNo: 1, pageSize: 10, total: 2, totalPages: 1 });
    expect(english.list.map((message) => [message.kind, message.title]).sort()).toEqual([
      ['broadcast', 'Slots tournament this weekend'],
      ['welcome', 'Welcome'],
    ]);
    expect((await list(alice, '', 'ES')).list.find((message) => message.kind === 'welcome')!.title).toBe('Bienvenido');
    expect((await list(alice, '?language=ES')).list.find((message) => message.kind === 'welcome')!.title).toBe('Bienvenido');
    expect(await list(alice, '?pageNo=2&pageSize=1')).toMatchObject({ pageNo: 2, pageSize: 1, total: 2, totalPages: 2, list: [expect.any(Object)] });
    expect(await list(alice, '?pageNo=9')).toMatchObject({ list: [], total: 2 });
    expect((await call('GET', '/wps/relay/CSP_messageList?pageSize=500', { token: alice.token })).status).toBe(400);
    expect(await unread(alice)).toEqual({ unread: 2, version: expect.any(Number) });
  });

  it('pushes the count when an operator writes; reads, refuses another member’s message and deletes through the API', async () => {
    const sent = await operator('POST', `/operator/v1/members/${alice.memberId}/letters`, { title: { ES: 'Tu bono', EN: 'Your bonus' }, content: { ES: 'Ya está activo', EN: 'It is active' } });
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({ memberId: alice.memberId, merchantCode: 'DEMO' });
    const letterId = sent.body.value.id as string;
    const raised = await pushedCount(alice, 3);
    expect(await unread(alice)).toEqual(raised);
    expect((await list(alice)).list[0]).toMatchObject({ id: letterId, kind: 'letter', title: 'Your bonus', content: 'It is active', read: false });

    // Bob cannot read, delete or even tell apart Alice's letter from one that does not exist.
    const bobsPushes = bob.pushes.length;
    for (const [method, path] of [
      ['POST', '/wps/relay/CSP_readMessage'],
      ['DELETE', '/wps/relay/CSP_deleteMessage'],
    ] as const) {
      for (const id of [letterId, 'L999999999', 'nonsense']) {
        const refused = await call(method, path, { token: bob.token, body: { id } });
        expect(refused.status).toBe(404);
        expect(refused.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    }
    expect((await list(alice)).list[0]).toMatchObject({ id: letterId, read: false });
    expect(await unread(alice)).toEqual(raised);
    expect(bob.pushes.length).toBe(bobsPushes);

    const opened = await call<{ message: InboxMessage; unread: UnreadCount }>('POST', '/wps/relay/CSP_readMessage', { token: alice.token, body: { id: letterId } });
    expect(opened.status).toBe(200);
    expect(opened.body.value.message).toMatchObject({ id: letterId, title: 'Your bonus', read: true });
    expect(opened.body.value.unread.unread).toBe(2);
    expect(await pushedCount(alice, 2)).toEqual(opened.body.value.unread);

    const deleted = await call<{ id: string; deleted: boolean; unread: UnreadCount }>('DELETE', '/wps/relay/CSP_deleteMessage', { token: alice.token, body: { id: letterId } });
    expect(deleted.body.value).toMatchObject({ id: letterId, deleted: true, unread: { unread: 2 } });
    expect((await list(alice)).list.some((message) => message.id === letterId)).toBe(false);
    expect((await call('DELETE', '/wps/relay/CSP_deleteMessage', { token: alice.token, body: { id: letterId } })).status).toBe(404);

    const all = await call<{ marked: number; unread: UnreadCount }>('POST', '/wps/relay/CSP_readAllMessages', { token: alice.token, body: {} });
    expect(all.body.value).toMatchObject({ marked: 2, unread: { unread: 0 } });
    expect(await pushedCount(alice, 0)).toEqual(all.body.value.unread);
    expect((await list(alice)).list.every((message) => message.read)).toBe(true);
  });

  it('raises the count of the members a broadcast is for, live, and lowers it when withdrawn', async () => {
    const aliceBefore = (await unread(alice)).unread;
    const bobBefore = (await unread(bob)).unread;
    const bobsPushes = bob.pushes.length;

    const toAlice = await operator('POST', '/operator/v1/merchants/DEMO/broadcasts', {
      segment: { type: 'members', memberIds: [alice.memberId] },
      title: { ES: 'Solo para ti' },
      content: { ES: 'Un regalo' },
    });
    expect(toAlice.status).toBe(200);
    await pushedCount(alice, aliceBefore + 1);

    const toAll = await operator('POST', '/operator/v1/merchants/DEMO/broadcasts', {
      segment: { type: 'brand' },
      title: { ES: 'Mantenimiento', EN: 'Maintenance' },
      content: { ES: 'Esta noche', EN: 'Tonight' },
    });
    const broadcast = toAll.body.value as unknown as Broadcast;
    expect(broadcast).toMatchObject({ merchantCode: 'DEMO', segment: { type: 'brand' }, createdBy: 'ana.ops', reads: 0, withdrawnAt: null });
    await pushedCount(alice, aliceBefore + 2);
    await pushedCount(bob, bobBefore + 1);
    // Bob got the brand's broadcast only, not Alice's.
    expect(bob.pushes.slice(bobsPushes).map((push) => push.unread)).toEqual([bobBefore + 1]);
    expect((await list(bob)).list[0]).toMatchObject({ id: `B${broadcast.id}`, kind: 'broadcast', title: 'Maintenance', read: false });

    await call('POST', '/wps/relay/CSP_readMessage', { token: bob.token, body: { id: `B${broadcast.id}` } });
    const listed = await operator('GET', '/operator/v1/merchants/DEMO/broadcasts?pageSize=5');
    expect((listed.body.value.list as Broadcast[]).find((entry) => entry.id === broadcast.id)).toMatchObject({ reads: 1 });

    const withdrawn = await operator('POST', `/operator/v1/merchants/DEMO/broadcasts/${broadcast.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.value.withdrawnAt).toEqual(expect.any(String));
    await pushedCount(alice, aliceBefore + 1);
    expect((await list(alice)).list.some((message) => message.id === `B${broadcast.id}`)).toBe(false);
  });

  it('lowers the count live when a broadcast reaches its expiry, with nothing else happening', async () => {
    const before = (await unread(alice)).unread;
    const bobsPushes = bob.pushes.length;
    const expiresAt = new Date(Date.now() + 1_500).toISOString();
    const sent = await operator('POST', '/operator/v1/merchants/DEMO/broadcasts', {
      segment: { type: 'members', memberIds: [alice.memberId] },
      title: { ES: 'Solo hoy', EN: 'Today only' },
      content: { ES: 'Vence enseguida', EN: 'Ends soon' },
      expiresAt,
    });
    expect(sent.status).toBe(200);
    const raised = await pushedCount(alice, before + 1);
    expect((await list(alice)).list[0]).toMatchObject({ id: `B${sent.body.value.id as string}`, title: 'Today only' });

    const lowered = await pushedCount(alice, before);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(expiresAt));
    expect(lowered.version).toBeGreaterThan(raised.version);
    expect(await unread(alice)).toEqual(lowered);
    expect((await list(alice)).list.some((message) => message.id === `B${sent.body.value.id as string}`)).toBe(false);
    // Bob was never counted for it, so nothing was pushed to him.
    expect(bob.pushes.length).toBe(bobsPushes);
  });

  it('refuses bad operator input in the spec’s words and stores nothing', async () => {
    const stored = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM notices.broadcasts`))[0]!.n;
    const before = await stored();
    const cases: Array<[string, string, unknown, number, string]> = [
      ['POST', '/operator/v1/merchants/DEMO/broadcasts', { segment: { type: 'brand' }, title: { ES: '' }, content: { ES: 'x' } }, 400, 'VALIDATION_FAILED'],
      ['POST', '/operator/v1/merchants/DEMO/broadcasts', { segment: { type: 'everyone' }, title: { ES: 'x' }, content: { ES: 'x' } }, 400, 'VALIDATION_FAILED'],
      ['POST', '/operator/v1/merchants/DEMO/broadcasts', { segment: { type: 'members', memberIds: ['999999999'] }, title: { ES: 'x' }, content: { ES: 'x' } }, 404, 'INBOX_MEMBER_NOT_FOUND'],
      ['POST', '/operator/v1/merchants/DEMO/broadcasts', { segment: { type: 'brand' }, title: { ES: 'x' }, content: { ES: 'x' }, expiresAt: '2020-01-01T00:00:00Z' }, 400, 'BROADCAST_EXPIRY_INVALID'],
      ['POST', '/operator/v1/merchants/NOSUCH/broadcasts', { segment: { type: 'brand' }, title: { ES: 'x' }, content: { ES: 'x' } }, 404, 'MERCHANT_NOT_FOUND'],
      ['POST', '/operator/v1/merchants/DEMO/broadcasts/999999/withdraw', undefined, 404, 'BROADCAST_NOT_FOUND'],
      ['POST', '/operator/v1/merchants/DEMO/broadcasts/abc/withdraw', undefined, 404, 'NOT_FOUND'],
      ['POST', '/operator/v1/members/999999999/letters', { title: { ES: 'x' }, content: { ES: 'x' } }, 404, 'INBOX_MEMBER_NOT_FOUND'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const refused = await operator(method, path, body);
      expect([path, refused.status, refused.body.code]).toEqual([path, status, code]);
    }
    const spanish = await call('POST', '/operator/v1/members/999999999/letters', {
      body: { title: { ES: 'x' }, content: { ES: 'x' } },
      headers: { authorization: `Operator ${platform.operatorToken}` },
      language: 'ES',
    });
    expect(spanish.body.message).toBe('Miembro no encontrado');
    const unauthorised = await call('POST', '/operator/v1/merchants/DEMO/broadcasts', { body: { segment: { type: 'brand' }, title: { ES: 'x' }, content: { ES: 'x' } }, token: alice.token });
    expect(unauthorised.status).toBe(401);
    expect(await stored()).toBe(before);
  });

  it('writes letters from the wallet: an approved deposit and new deposit limits', async () => {
    const created = await call<{ id: string }>('POST', '/wps/v2/deposit', { token: bob.token, key: randomUUID(), body: { methodCode: 'BANK_TRANSFER', amount: '150.00' } });
    expect(created.status).toBe(200);
    const before = (await unread(bob)).unread;
    const approved = await operator('POST', `/operator/v1/deposits/${created.body.value.id}/approve`);
    expect(approved.status).toBe(200);
    await pushedCount(bob, before + 1);
    const letter = (await list(bob)).list.find((message) => message.kind === 'deposit_approved');
    expect(letter).toMatchObject({ title: 'Deposit approved', content: 'Your deposit of 150.00 MXN was approved and is now in your balance.', read: false });

    const limits = await call('PUT', '/wps/v2/wallets/deposit-limits', { token: bob.token, body: { daily: '500.00' } });
    expect(limits.status).toBe(200);
    await pushedCount(bob, before + 2);
    expect((await list(bob, '', 'ES')).list.find((message) => message.kind === 'deposit_limits')).toMatchObject({
      title: 'Límites de depósito actualizados',
      content: 'Tus límites de depósito (MXN) ahora son: diario 500.00, semanal sin límite, mensual sin límite.',
    });
  });

  it('leaves one letter for a balance event published twice, without touching the ledger', async () => {
    const change = {
      memberId: alice.memberId,
      merchantCode: 'DEMO',
      currency: 'MXN',
      balanceMinor: '0',
      balance: '0.00',
      version: 0,
      transactionId: `replayed-${randomUUID()}`,
      cause: 'withdrawal_release',
      amountMinor: '7500',
    };
    const first = createEnvelope('balance.changed', alice.memberId, change, 'test');
    const again = createEnvelope('balance.changed', alice.memberId, change, 'test');
    const before = (await unread(alice)).unread;
    await platform.bus.publish([first, first, again].map((envelope) => ({ topic: TOPICS.balances, key: envelope.key, value: envelope })));
    await pushedCount(alice, before + 1);
    await eventually(
      async () => (await rows(platform.db.orm, sql`SELECT 1 FROM notices.inbox WHERE consumer = 'notices.inbox.balances' AND message_id IN (${first.id}::uuid, ${again.id}::uuid)`)).length === 2,
      'both deliveries handled',
    );
    expect(await letterCount(alice.memberId, 'withdrawal_rejected')).toBe(1);
    expect((await unread(alice)).unread).toBe(before + 1);
  });
});
