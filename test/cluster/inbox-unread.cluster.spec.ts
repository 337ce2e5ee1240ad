import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { PUSH_EVENT, type AnyPush, type Broadcast, type UnreadCount } from '@wps/contracts';
import { apiCaller, eventually } from '@wps/platform/testing';
import { clusterEnv, registerMember, startExtraGateway, uniqueUsername, useClusterDatabase, type RegisteredMember } from './support.js';

/**
 * Unread counts across two gateway processes. A broadcast is stored once by the notices service; every gateway takes
 * the `inbox.broadcast` event from Kafka in a consumer group of its own and pushes the new counts to the members
 * connected to it, so members on either gateway see their badge rise, once. A letter to one member goes through the
 * gateways' shared group and reaches the member's socket on the other gateway through the Socket.IO adapter on Redis.
 * Started by `npm run test:cluster`; the second gateway is started here with the same settings on its own port.
 */
const env = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'SERVICE_TOKEN', 'OPERATOR_TOKEN');
const SECOND_PORT = 8093;
const secondGateway = `http://127.0.0.1:${SECOND_PORT}`;
const viaFirst = apiCaller(env.GATEWAY_URL);
const viaSecond = apiCaller(secondGateway);
const operator = { authorization: `Operator ${env.OPERATOR_TOKEN}`, 'x-operator': 'cluster-inbox' };

interface Listener extends RegisteredMember {
  pushes: UnreadCount[];
}

describe('unread counts across two gateways in cluster mode', () => {
  const db = useClusterDatabase(env.DATABASE_URL);
  const sockets: Socket[] = [];
  let gateway2: ChildProcess | undefined;
  let onFirst: Listener;
  let onSecond: Listener;

  const listen = (url: string, member: Listener) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'unread') member.pushes.push(push.data);
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const count = async (call: typeof viaFirst, member: Listener) => (await call<UnreadCount>('GET', '/wps/relay/CSP_unreadCount', { token: member.token })).body.value;
  const pushedCount = (member: Listener, unread: number, what: string) => eventually(() => member.pushes.at(-1)?.unread === unread, what, 20_000);

  beforeAll(async () => {
    gateway2 = await startExtraGateway(SECOND_PORT, 'gateway-inbox-2');
    onFirst = { ...(await registerMember(viaFirst, uniqueUsername('inboxa'))), pushes: [] };
    onSecond = { ...(await registerMember(viaSecond, uniqueUsername('inboxb'))), pushes: [] };
    // The inbox learns of members from their registrations on Kafka.
    await eventually(
      async () => (await db.query('SELECT 1 FROM notices.inbox_members WHERE member_id = ANY($1::bigint[])', [[onFirst.memberId, onSecond.memberId]])).rowCount === 2,
      'the inbox to know both members',
      60_000,
    );
    await listen(env.GATEWAY_URL, onFirst);
    await listen(secondGateway, onSecond);
  }, 180_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    if (gateway2 && gateway2.exitCode === null) {
      const exited = new Promise((resolve) => gateway2!.once('exit', resolve));
      gateway2.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8_000))]);
      if (gateway2.exitCode === null) gateway2.kill('SIGKILL');
    }
  });

  it('pushes a broadcast sent through the operator API to members on both gateways, once each, and its withdrawal too', async () => {
    const first = await count(viaFirst, onFirst);
    const second = await count(viaSecond, onSecond);
    const pushesBefore = [onFirst.pushes.length, onSecond.pushes.length];

    const sent = await viaFirst<Broadcast>('POST', '/operator/v1/merchants/DEMO/broadcasts', {
      headers: operator,
      body: { segment: { type: 'brand' }, title: { ES: 'Torneo del clúster', EN: 'Cluster tournament' }, content: { ES: 'Hoy', EN: 'Today' } },
    });
    expect(sent.status).toBe(200);
    await pushedCount(onFirst, first.unread + 1, 'the broadcast’s count on the first gateway');
    await pushedCount(onSecond, second.unread + 1, 'the broadcast’s count on the second gateway');
    // Stored once: one row, and no per-member rows until someone reads it.
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notices.broadcast_states WHERE broadcast_id = $1', [sent.body.value.id])).rows[0]!.n).toBe(0);
    // Each member heard of it once, whichever gateway it is on, and with a newer version than before.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(onFirst.pushes.length - pushesBefore[0]!).toBe(1);
    expect(onSecond.pushes.length - pushesBefore[1]!).toBe(1);
    expect(onFirst.pushes.at(-1)!.version).toBeGreaterThan(first.version);
    expect(onSecond.pushes.at(-1)).toEqual(await count(viaSecond, onSecond));

    const withdrawn = await viaSecond<Broadcast>('POST', `/operator/v1/merchants/DEMO/broadcasts/${sent.body.value.id}/withdraw`, { headers: operator });
    expect(withdrawn.status).toBe(200);
    await pushedCount(onFirst, first.unread, 'the withdrawal on the first gateway');
    await pushedCount(onSecond, second.unread, 'the withdrawal on the second gateway');
  });

  it('pushes one member’s change to its socket on the other gateway', async () => {
    const before = await count(viaSecond, onSecond);
    const letter = await viaFirst<{ id: string }>('POST', `/operator/v1/members/${onSecond.memberId}/letters`, {
      headers: operator,
      body: { title: { ES: 'Para ti' }, content: { ES: 'Un regalo' } },
    });
    expect(letter.status).toBe(200);
    await pushedCount(onSecond, before.unread + 1, 'the letter’s count on the second gateway');

    // Read through the first gateway: the socket on the second hears of it.
    const read = await viaFirst<{ unread: UnreadCount }>('POST', '/wps/relay/CSP_readMessage', { token: onSecond.token, body: { id: letter.body.value.id } });
    expect(read.status).toBe(200);
    await pushedCount(onSecond, before.unread, 'the read on the second gateway');
    expect(onSecond.pushes.at(-1)).toEqual(read.body.value.unread);
    // Another member cannot read it, through either gateway.
    for (const call of [viaFirst, viaSecond]) {
      const refused = await call('POST', '/wps/relay/CSP_readMessage', { token: onFirst.token, body: { id: letter.body.value.id } });
      expect(refused.status).toBe(404);
    }
  });
});
