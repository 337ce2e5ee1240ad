import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import pg from 'pg';
import { apiCaller, eventually } from '@wps/platform/testing';
import { PasswordHasher } from '@wps/identity/infra/passwords';
import { clusterEnv } from './support.js';

/**
 * Ended sessions in cluster mode: identity on PostgreSQL writes `session.ended` to its outbox, the relay publishes it
 * to Kafka, and the gateway drops the principal it cached in Redis and closes the session's sockets. Started by
 * `npm run test:cluster`, which passes GATEWAY_URL, DATABASE_URL and OPERATOR_TOKEN.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl, OPERATOR_TOKEN: operatorToken } = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'OPERATOR_TOKEN');

const call = apiCaller(gateway);
const PASSWORD = 'Nube4cluster';
const NEW_PASSWORD = 'Rayo8cluster';
/** The gateway keeps a principal 10 s; an ended session refused well within that was dropped by the event. */
const WELL_BEFORE_CACHE_EXPIRY_MS = 5_000;

describe('passwords and sessions in cluster mode', () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  const hasher = new PasswordHasher(1024);
  const sockets: Socket[] = [];

  const createMember = async () => {
    const username = `pwc${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash) VALUES ('DEMO', $1, $2, $1, 0, $3) RETURNING id`,
      [username, username.toLowerCase(), await hasher.hash(PASSWORD)],
    );
    return { id: String(inserted.rows[0]!.id), username };
  };
  let ip = 20;
  const login = async (username: string, password = PASSWORD) => {
    const answer = await call<{ token: string }>('POST', '/wps/session/login', { body: { username, password, type: 'username' }, headers: { 'x-forwarded-for': `198.51.100.${ip++}` } });
    expect(answer.status).toBe(200);
    return answer.body.value.token;
  };
  const infoStatus = async (token: string) => (await call('GET', '/wps/member/info', { token })).status;
  const connect = async (token: string) => {
    const socket = io(gateway, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await eventually(() => socket.connected, 'the socket connected', 10_000);
    return socket;
  };

  beforeAll(async () => {
    await db.connect();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await db.end();
  });

  it('a password change ends the other session at once and closes its socket through Kafka; the current one goes on', async () => {
    const member = await createMember();
    const current = await login(member.username);
    const other = await login(member.username);
    expect(await infoStatus(other)).toBe(200); // now cached in Redis
    const socket = await connect(other);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const changed = await call('POST', '/wps/member/password', { token: current, body: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(200);
    expect(await infoStatus(other)).toBe(401);
    expect(await infoStatus(current)).toBe(200);
    const started = Date.now();
    expect(await closed).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(WELL_BEFORE_CACHE_EXPIRY_MS);
    expect((await call('POST', '/wps/session/login', { body: { username: member.username, password: PASSWORD } })).status).toBe(401);
    await login(member.username, NEW_PASSWORD);
  });

  it('disabling an account through the operator API ends its cached sessions through Kafka alone', async () => {
    const member = await createMember();
    const token = await login(member.username);
    expect(await infoStatus(token)).toBe(200); // cached in Redis; the operator route does not touch the cache itself
    const socket = await connect(token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const disabled = await call('POST', `/operator/v1/members/${member.id}/disable`, { headers: { authorization: `Operator ${operatorToken}` } });
    expect(disabled.status).toBe(200);
    const started = Date.now();
    await eventually(async () => (await infoStatus(token)) === 401, 'the session refused', WELL_BEFORE_CACHE_EXPIRY_MS);
    expect(Date.now() - started).toBeLessThan(WELL_BEFORE_CACHE_EXPIRY_MS);
    expect(await closed).toBe('io server disconnect');
    const refused = await call('POST', '/wps/session/login', { body: { username: member.username, password: PASSWORD } });
    expect(refused.body.code).toBe('ACCOUNT_DISABLED');
  });
});
