import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { PUSH_EVENT, type AnyPush, type ChatMessage, type ChatPush, type Conversation } from '@wps/contracts';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

type History = { list: ChatMessage[]; pageNo: number; pageSize: number; totalPages: number; total: number; conversationId: string | null; status: string | null; unread: number };
type Queue = { list: Conversation[]; total: number };
type Thread = { list: ChatMessage[]; total: number; conversation: Conversation };

const OPERATOR_TOKEN = 'chat-int-operator-token';

describe('the support chat through the real HTTP API and sockets (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  const register = async () => {
    const username = `chat${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string; account: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
    });
    expect(response.status).toBe(200);
    return { token: response.body.value.token, memberId: String(response.body.value.user.id), account: response.body.value.user.account };
  };
  type Member = Awaited<ReturnType<typeof register>>;
  const send = (member: Member, text: string, clientMessageId: string = randomUUID(), language = 'EN') =>
    call<ChatMessage>('POST', '/wps/livechat/messages', { token: member.token, body: { text, clientMessageId }, language });
  const history = async (member: Member, query = '') => {
    const response = await call<History>('GET', `/wps/livechat/messages${query}`, { token: member.token });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const operator = <T>(method: string, path: string, body?: unknown, token = OPERATOR_TOKEN) =>
    call<T>(method, `/operator/v1/chat${path}`, { body, headers: { authorization: `Operator ${token}`, 'x-operator': 'Marta' } });
  const storedCount = async (memberId: string) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM notices.chat_messages WHERE member_id = ${memberId}`))[0]!.n;
  const connect = (auth: Record<string, string>) =>
    new Promise<{ socket: Socket; pushes: ChatPush[] }>((resolve, reject) => {
      const socket = io(platform.url, { auth, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      const pushes: ChatPush[] = [];
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'chat') pushes.push(push.data);
      });
      socket.once('connect', () => resolve({ socket, pushes }));
      socket.once('connect_error', reject);
    });

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', operatorToken: OPERATOR_TOKEN, env: { SEED_DEMO: 'true' } });
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('launches without a token: the answer names the site’s chat page', async () => {
    const launch = await call<{ chatUrl: string }>('GET', '/wps/livechat/launch');
    expect(launch.status).toBe(200);
    expect(launch.body.value).toEqual({ chatUrl: '/support-chat' });
  });

  it('needs a member for the history, sending and reading, and the operator token for the operator side', async () => {
    for (const [method, path] of [
      ['GET', '/wps/livechat/messages'],
      ['POST', '/wps/livechat/messages'],
      ['POST', '/wps/livechat/read'],
    ] as const) {
      const response = await call(method, path, { body: method === 'POST' ? { text: 'hola', clientMessageId: randomUUID() } : undefined });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('NOT_LOGGED_IN');
    }
    const refused = await operator('GET', '/conversations', undefined, 'not-the-token');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('OPERATOR_UNAUTHORIZED');
  });

  it('stores trimmed plain text, refuses empty and over-long text in the spec’s words, and stores a resend once', async () => {
    const member = await register();
    expect(await history(member)).toMatchObject({ list: [], total: 0, conversationId: null, status: null, unread: 0 });

    const empty = await send(member, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, code: 'CHAT_TEXT_EMPTY', message: 'Please enter a message' });
    const long = await send(member, 'x'.repeat(1_001), randomUUID(), 'ES');
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'CHAT_TEXT_TOO_LONG', message: 'Un mensaje puede tener como máximo 1.000 caracteres' });
    const noId = await call('POST', '/wps/livechat/messages', { token: member.token, body: { text: 'hola' } });
    expect(noId.status).toBe(400);
    const badId = await send(member, 'hola', 'short');
    expect(badId.status).toBe(400);
    expect(await storedCount(member.memberId)).toBe(0);

    const id = randomUUID();
    const first = await send(member, '  <b>¿Hola?</b>  ', id);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ from: 'member', text: '<b>¿Hola?</b>', notice: null, clientMessageId: id, operatorName: null });
    const again = await send(member, '<b>¿Hola?</b>', id);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(first.body.value);
    const changed = await send(member, 'otra cosa', id);
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await send(member, 'é'.repeat(1_000))).toMatchObject({ status: 200 });

    const stored = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM notices.chat_messages WHERE member_id = ${member.memberId} AND sender = 'member'`);
    expect(stored[0]!.n).toBe(2);
    const seen = await history(member);
    expect(seen.conversationId).toBe(first.body.value.conversationId);
    expect(seen.status).toBe('open');
    expect(seen.list.filter((message) => message.from === 'member').map((message) => message.text)).toEqual(['<b>¿Hola?</b>', 'é'.repeat(1_000)]);
  });

  it('pages the history newest first, each page oldest first', async () => {
    const member = await register();
    expect((await send(member, 'uno')).status).toBe(200);
    // No operator is connected: the away line follows the first message.
    await eventually(async () => (await storedCount(member.memberId)) === 2, 'the away line');
    for (const text of ['dos', 'tres', 'cuatro', 'cinco']) expect((await send(member, text)).status).toBe(200);
    const texts = (page: History) => page.list.map((message) => message.notice ?? message.text);
    const first = await history(member, '?pageNo=1&pageSize=2');
    expect(first).toMatchObject({ pageNo: 1, pageSize: 2, total: 6, totalPages: 3 });
    expect(texts(first)).toEqual(['cuatro', 'cinco']);
    expect(texts(await history(member, '?pageNo=2&pageSize=2'))).toEqual(['dos', 'tres']);
    expect(texts(await history(member, '?pageNo=3&pageSize=2'))).toEqual(['uno', 'away']);
    expect((await history(member, '?pageNo=9&pageSize=2')).list).toEqual([]);
    expect((await call('GET', '/wps/livechat/messages?pageSize=101', { token: member.token })).status).toBe(400);
  });

  it('queues messages written while no operator is connected, with one away line per waiting period', async () => {
    const member = await register();
    const first = (await send(member, 'Necesito ayuda con un depósito')).body.value;
    await eventually(async () => (await history(member)).list.some((message) => message.notice === 'away'), 'the away line');
    await send(member, '¿Hay alguien?');
    // The second message in the same waiting period adds no second line.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = await history(member);
    expect(waiting.list.map((message) => [message.from, message.notice])).toEqual([
      ['member', null],
      ['system', 'away'],
      ['member', null],
    ]);
    expect(waiting.unread).toBe(1);

    const queue = (await operator<Queue>('GET', '/conversations?status=open&pageSize=100')).body.value;
    const queued = queue.list.find((conversation) => conversation.id === first.conversationId);
    expect(queued).toMatchObject({ memberId: member.memberId, account: member.account, status: 'open', awaitingReply: true, offline: true, operatorUnread: 2, lastMessage: '¿Hay alguien?' });
    // Waiting conversations come first, the longest waiting first; then the answered ones, newest first.
    const waitingOnes = queue.list.filter((conversation) => conversation.awaitingReply);
    expect(queue.list.slice(0, waitingOnes.length)).toEqual(waitingOnes);
    const times = (list: Conversation[]) => list.map((conversation) => Date.parse(conversation.lastMessageAt));
    expect(times(waitingOnes)).toEqual([...times(waitingOnes)].sort((a, b) => a - b));
    const answeredOnes = queue.list.slice(waitingOnes.length);
    expect(times(answeredOnes)).toEqual([...times(answeredOnes)].sort((a, b) => b - a));
    const everything = (await operator<Queue>('GET', '/conversations?pageSize=100')).body.value.list;
    const firstClosed = everything.findIndex((conversation) => conversation.status === 'closed');
    if (firstClosed >= 0) expect(everything.slice(firstClosed).every((conversation) => conversation.status === 'closed')).toBe(true);

    const reply = await operator<ChatMessage>('POST', `/conversations/${first.conversationId}/messages`, { text: 'Hola, soy Marta. ¿Qué pasó con el depósito?' });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({ from: 'operator', operatorName: 'Marta', conversationId: first.conversationId });
    const answered = (await operator<Thread>('GET', `/conversations/${first.conversationId}`)).body.value;
    expect(answered.conversation).toMatchObject({ awaitingReply: false, offline: false, operatorUnread: 0, memberUnread: 2, operatorName: 'Marta' });
    expect(answered.list.at(-1)!.text).toBe('Hola, soy Marta. ¿Qué pasó con el depósito?');

    // A new waiting period: still no operator socket, so one more away line.
    await send(member, 'Lo hice por transferencia');
    await eventually(async () => (await history(member)).list.filter((message) => message.notice === 'away').length === 2, 'the second away line');

    expect((await call('POST', '/wps/livechat/read', { token: member.token })).body.value).toEqual({ unread: 0 });
    expect((await history(member)).unread).toBe(0);
  });

  it('keeps each member to their own conversation', async () => {
    const alice = await register();
    const bob = await register();
    const aliceMessage = (await send(alice, 'Mensaje privado de Alice')).body.value;
    await operator('POST', `/conversations/${aliceMessage.conversationId}/messages`, { text: 'Respuesta para Alice' });
    const bobsView = await history(bob);
    expect(bobsView.list).toEqual([]);
    const bobMessage = (await send(bob, 'Hola')).body.value;
    expect(bobMessage.conversationId).not.toBe(aliceMessage.conversationId);
    expect((await history(bob)).list.map((message) => message.text)).not.toContain('Mensaje privado de Alice');
    // Reading is the member's own: Bob's read leaves Alice's unread answer unread.
    await call('POST', '/wps/livechat/read', { token: bob.token });
    expect((await history(alice)).unread).toBeGreaterThanOrEqual(1);
    // No field of the member calls names another conversation: a sent id is ignored, never followed.
    const aside = await call<ChatMessage>('POST', '/wps/livechat/messages', {
      token: bob.token,
      body: { text: 'Intento', clientMessageId: randomUUID(), conversationId: aliceMessage.conversationId },
    });
    expect(aside.body.value.conversationId).toBe(bobMessage.conversationId);
    expect((await history(alice)).list.map((message) => message.text)).not.toContain('Intento');
  });

  it('lets the operator read, answer and close; a closed conversation takes no answer and the next message opens a new one', async () => {
    const member = await register();
    const opened = (await send(member, 'Quiero cerrar mi cuenta')).body.value;
    const conversationId = opened.conversationId;

    expect((await operator('GET', '/conversations/999999999')).status).toBe(404);
    expect((await operator('GET', '/conversations/abc')).status).toBe(404);
    expect((await operator('POST', '/conversations/999999999/messages', { text: 'hola' })).status).toBe(404);
    const empty = await operator('POST', `/conversations/${conversationId}/messages`, { text: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('CHAT_TEXT_EMPTY');

    const read = await operator<Conversation>('POST', `/conversations/${conversationId}/read`);
    expect(read.body.value).toMatchObject({ id: conversationId, operatorUnread: 0, awaitingReply: true });

    const replyId = randomUUID();
    const reply = await operator<ChatMessage>('POST', `/conversations/${conversationId}/messages`, { text: 'Claro, te ayudo.', clientMessageId: replyId });
    const resent = await operator<ChatMessage>('POST', `/conversations/${conversationId}/messages`, { text: 'Claro, te ayudo.', clientMessageId: replyId });
    expect(resent.body.value.id).toBe(reply.body.value.id);

    const closed = await operator<Conversation>('POST', `/conversations/${conversationId}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.value).toMatchObject({ status: 'closed', awaitingReply: false });
    expect((await operator<Conversation>('POST', `/conversations/${conversationId}/close`)).body.value.status).toBe('closed');
    const late = await operator('POST', `/conversations/${conversationId}/messages`, { text: '¿Sigues ahí?' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('CHAT_CONVERSATION_CLOSED');

    const seen = await history(member);
    expect(seen.list.filter((message) => message.from !== 'system' || message.notice === 'closed').map((message) => message.notice ?? message.text)).toEqual([
      'Quiero cerrar mi cuenta',
      'Claro, te ayudo.',
      'closed',
    ]);
    expect(seen.status).toBe('closed');

    const next = (await send(member, 'Otra pregunta')).body.value;
    expect(next.conversationId).not.toBe(conversationId);
    expect((await history(member)).status).toBe('open');
    const thread = (await operator<Thread>('GET', `/conversations/${conversationId}`)).body.value;
    expect(thread.list.map((message) => message.text)).not.toContain('Otra pregunta');
  });

  it('pushes each message to the member’s sockets and to the operators’, and a connected operator means no away line', async () => {
    const member = await register();
    const other = await register();
    await expect(connect({ operatorToken: 'wrong' })).rejects.toThrow('OPERATOR_UNAUTHORIZED');
    const desk = await connect({ operatorToken: OPERATOR_TOKEN });
    const tab = await connect({ token: member.token });
    const stranger = await connect({ token: other.token });

    const sent = (await send(member, 'Hola desde el socket')).body.value;
    await eventually(() => tab.pushes.some((push) => push.id === sent.id) && desk.pushes.some((push) => push.id === sent.id), 'the pushes of the member’s message');
    expect(desk.pushes.find((push) => push.id === sent.id)).toMatchObject({
      memberId: member.memberId,
      account: member.account,
      from: 'member',
      text: 'Hola desde el socket',
      clientMessageId: sent.clientMessageId,
    });

    const reply = (await operator<ChatMessage>('POST', `/conversations/${sent.conversationId}/messages`, { text: 'Te leo' })).body.value;
    await eventually(() => tab.pushes.some((push) => push.id === reply.id && push.from === 'operator' && push.operatorName === 'Marta'), 'the answer’s push');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stranger.pushes).toEqual([]);
    expect((await history(member)).list.some((message) => message.notice === 'away')).toBe(false);
  });

  it('refuses more than 20 messages a minute from one member', async () => {
    const member = await register();
    for (let index = 0; index < 20; index++) expect((await send(member, `mensaje ${index}`)).status).toBe(200);
    const refused = await send(member, 'uno más');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('gives the demo player a conversation in Spanish on a fresh install', async () => {
    const login = await call<{ token: string }>('POST', '/wps/session/login', { body: { username: 'demoplayer', password: 'demo1234', type: 'username' } });
    expect(login.status).toBe(200);
    const seen = await call<History>('GET', '/wps/livechat/messages', { token: login.body.value.token });
    expect(seen.body.value.list.map((message) => message.from)).toEqual(['member', 'operator', 'member', 'operator']);
    expect(seen.body.value.list[0]!.text).toMatch(/retiro/);
    expect(seen.body.value).toMatchObject({ status: 'open', unread: 1 });
    // Written once, whichever way the demo player arrived first (the registration event, or opening the chat).
    const again = await call<History>('GET', '/wps/livechat/messages', { token: login.body.value.token });
    expect(again.body.value.total).toBe(4);
    expect(await rows(platform.db.orm, sql`SELECT 1 FROM notices.chat_conversations WHERE account = 'demoplayer'`)).toHaveLength(1);
  });
});
