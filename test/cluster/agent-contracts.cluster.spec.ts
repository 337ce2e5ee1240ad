import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { PUSH_EVENT, type AnyPush, type ContractTier, type ContractView } from '@wps/contracts';
import { DEMO_TERMS, DEMO_TERMS_SETTINGS } from '@wps/agent-contracts/domain/offers';
import { apiCaller, eventually } from '@wps/platform/testing';
import { clusterEnv, startExtraGateway, useClusterDatabase } from './support.js';

/**
 * Contract offers across two gateway processes: the upline offers through one gateway while its downline's socket is
 * connected to another; the `contract` push reaches the downline through Kafka and the gateways' shared Socket.IO
 * adapter on Redis, and the answer given through the second gateway reaches the upline's socket on the first. Started
 * by `npm run test:cluster`, which passes GATEWAY_URL, DATABASE_URL, REDIS_URL, KAFKA_BROKERS, SERVICE_TOKEN and
 * OPERATOR_TOKEN; the second gateway is started here with the same settings on its own port.
 */
const env = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'SERVICE_TOKEN', 'OPERATOR_TOKEN');
const SECOND_PORT = 8090;
const secondGateway = `http://127.0.0.1:${SECOND_PORT}`;
const viaFirst = apiCaller(env.GATEWAY_URL);
const viaSecond = apiCaller(secondGateway);
const operator = { authorization: `Operator ${env.OPERATOR_TOKEN}`, 'x-operator': 'cluster-contracts' };
const DEMO_PASSWORD = 'demo1234';
const tiers = (share: number): ContractTier[] => DEMO_TERMS.dividend.tiers.map((tier) => ({ ...tier, rateBp: Math.floor(tier.rateBp * share) }));

interface Member {
  id: string;
  token: string;
  pushes: AnyPush[];
}

describe('contract offers across two gateways in cluster mode', () => {
  const db = useClusterDatabase(env.DATABASE_URL);
  const sockets: Socket[] = [];
  let gateway2: ChildProcess | undefined;
  const top: Member = { id: '', token: '', pushes: [] };
  const sub: Member = { id: '', token: '', pushes: [] };

  const signIn = async (call: typeof viaFirst, username: string, into: Member) => {
    const signedIn = await call<{ token: string; user: { id: string } }>('POST', '/wps/session/login', { body: { username, password: DEMO_PASSWORD, type: 'username' } });
    expect(signedIn.status).toBe(200);
    into.token = signedIn.body.value.token;
    into.id = String(signedIn.body.value.user.id);
  };
  const listen = (url: string, member: Member) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => member.pushes.push(push));
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const pushed = (member: Member, contractId: string, change: string) => member.pushes.some((push) => push.type === 'contract' && push.data.contractId === contractId && push.data.change === change);

  beforeAll(async () => {
    gateway2 = await startExtraGateway(SECOND_PORT, 'gateway-2');
    await signIn(viaFirst, 'demoagent', top);
    await signIn(viaSecond, 'demosub1', sub);
    // The demo team arrives in the agent tree from the registration events.
    await eventually(
      async () => (await db.query('SELECT 1 FROM agent_contracts.agent_tree WHERE member_id = $1 AND upline_id = $2 AND path IS NOT NULL', [sub.id, top.id])).rowCount === 1,
      'the demo team in the agent tree',
      60_000,
    );
    await listen(env.GATEWAY_URL, top);
    await listen(secondGateway, sub);
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    if (gateway2 && gateway2.exitCode === null) {
      const exited = new Promise((resolve) => gateway2!.once('exit', resolve));
      gateway2.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8_000))]);
      if (gateway2.exitCode === null) gateway2.kill('SIGKILL');
    }
  });

  it('pushes the offer to the downline on the other gateway and the answer back to the upline', async () => {
    const terms = await viaFirst('PUT', '/operator/v1/merchants/DEMO/contract-terms/dividend', {
      headers: operator,
      body: { enabled: true, period: 'semi-monthly', tiers: DEMO_TERMS.dividend.tiers, activeThresholdMinor: DEMO_TERMS_SETTINGS.activeThresholdMinor, timeZone: DEMO_TERMS_SETTINGS.timeZone },
    });
    expect(terms.status).toBe(200);
    // The platform's contract for the top agent, accepted: the upline's own rates bound what it offers below.
    const platformOffer = await viaFirst<ContractView>('POST', '/operator/v1/merchants/DEMO/contracts/offer', { headers: operator, body: { agentId: top.id, kind: 'dividend', tiers: tiers(1) } });
    expect(platformOffer.status).toBe(200);
    const topAccepted = await viaFirst<ContractView>('POST', '/wps/relay/MCS2_processDividendReq', { token: top.token, body: { contractId: platformOffer.body.value.contractId, accept: true } });
    expect(topAccepted.body.value.state).toBe('active');

    const offered = await viaFirst<ContractView>('POST', '/wps/agent/contracts/offer', { token: top.token, body: { agentId: sub.id, kind: 'dividend', tiers: tiers(0.5) } });
    expect(offered.status).toBe(200);
    const { contractId } = offered.body.value;
    expect(offered.body.value).toMatchObject({ state: 'pending', offeredBy: top.id, agentId: sub.id });
    await eventually(() => pushed(sub, contractId, 'offered'), 'the offer pushed to the downline on the second gateway', 20_000);

    // Only the downline may answer; the upline answering its own offer changes nothing.
    expect((await viaFirst('POST', '/wps/relay/MCS2_processDividendReq', { token: top.token, body: { contractId, accept: true } })).status).not.toBe(200);
    const accepted = await viaSecond<ContractView>('POST', '/wps/relay/MCS2_processDividendReq', { token: sub.token, body: { contractId, accept: true } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.value.state).toBe('active');
    await eventually(() => pushed(top, contractId, 'accepted'), 'the answer pushed to the upline on the first gateway', 20_000);
    const stored = await db.query<{ state: string; offered_by: string; tiers: ContractTier[] }>('SELECT state, offered_by::text AS offered_by, tiers FROM agent_contracts.contracts WHERE id = $1', [
      contractId,
    ]);
    expect(stored.rows[0]).toEqual({ state: 'active', offered_by: top.id, tiers: tiers(0.5) });
  });
});
