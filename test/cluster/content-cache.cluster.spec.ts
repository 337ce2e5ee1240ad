import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticesAnswer, OperatorNotice } from '@wps/contracts';
import { apiCaller, eventually } from '@wps/platform/testing';
import { clusterEnv, registerMember, startExtraGateway, stopExtraGateway, uniqueUsername, type ClusterCaller, type RegisteredMember } from './support.js';

/**
 * The notices answer across two gateway processes. Each gateway keeps the answer per brand, language and audience for
 * up to a minute (`sharedCacheMs`); every gateway hears `notices.changed` from Kafka in a consumer group of its own and
 * drops the brand's answers, so a notice published, changed, ended or deleted through one gateway is answered by both
 * within seconds, for guests and members alike. Started by `npm run test:cluster`; the second gateway is started here
 * with the same settings on its own port.
 */
const env = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'SERVICE_TOKEN', 'OPERATOR_TOKEN');
const SECOND_PORT = 8094;
const viaFirst = apiCaller(env.GATEWAY_URL);
const viaSecond = apiCaller(`http://127.0.0.1:${SECOND_PORT}`);
const operator = { authorization: `Operator ${env.OPERATOR_TOKEN}`, 'x-operator': 'cluster-content' };
/** Well inside the minute a gateway keeps an answer: only the change event brings a change this soon. */
const WITHIN_MS = 10_000;
const NOTICES = '/wps/system/notices?types=PL&platform=W';

const notice = (title: string, fields: Partial<Pick<OperatorNotice, 'startsAt' | 'endsAt'>> = {}) => ({
  type: 'PL',
  texts: { ES: { title, content: `<p>${title}</p>` } },
  ...fields,
});

describe('the notices answer across two gateways in cluster mode', () => {
  let gateway2: ChildProcess | undefined;
  let member: RegisteredMember;

  /** The player notices' titles as a gateway answers them, to guests or to the member. */
  const titles = async (call: ClusterCaller, token?: string): Promise<string[]> => {
    const answer = await call<NoticesAnswer>('GET', NOTICES, { token, language: 'ES' });
    expect(answer.status).toBe(200);
    return answer.body.value.player.map((entry) => entry.title);
  };
  /** Both gateways, each for guests and for members: four answers kept apart. */
  const readers = () => [
    { who: 'guests on the first gateway', read: () => titles(viaFirst) },
    { who: 'members on the first gateway', read: () => titles(viaFirst, member.token) },
    { who: 'guests on the second gateway', read: () => titles(viaSecond) },
    { who: 'members on the second gateway', read: () => titles(viaSecond, member.token) },
  ];
  /** Every reader answers what `holds` accepts within the deadline. */
  const everywhere = (what: string, holds: (titles: string[]) => boolean) =>
    Promise.all(readers().map(({ who, read }) => eventually(async () => holds(await read()), `${what} for ${who}`, WITHIN_MS)));
  const shown = (title: string) => (list: string[]) => list.includes(title);
  const gone = (title: string) => (list: string[]) => !list.includes(title);

  const create = async (call: ClusterCaller, body: ReturnType<typeof notice>): Promise<OperatorNotice> => {
    const created = await call<OperatorNotice>('POST', '/operator/v1/merchants/DEMO/notices', { headers: operator, body });
    expect(created.status, created.text).toBe(200);
    return created.body.value;
  };

  beforeAll(async () => {
    gateway2 = await startExtraGateway(SECOND_PORT, 'gateway-content-2');
    member = await registerMember(viaFirst, uniqueUsername('content'));
  }, 180_000);
  afterAll(() => stopExtraGateway(gateway2));

  it('answers a notice published, changed and ended through either gateway on both within seconds', async () => {
    const tag = randomUUID().slice(0, 8);
    const [first, changed] = [`Aviso del clúster ${tag}`, `Aviso cambiado ${tag}`];
    // Both gateways keep an answer without the notice.
    for (const { who, read } of readers()) expect(await read(), who).not.toContain(first);

    const created = await create(viaFirst, notice(first));
    await everywhere('the published notice', shown(first));

    const updated = await viaSecond<OperatorNotice>('PUT', `/operator/v1/merchants/DEMO/notices/${created.id}`, {
      headers: operator,
      body: notice(changed, { startsAt: created.startsAt }),
    });
    expect(updated.status, updated.text).toBe(200);
    await everywhere('the changed notice', (list) => list.includes(changed) && !list.includes(first));

    // Ended now: its window closes, and both gateways stop answering it.
    const ended = await viaFirst<OperatorNotice>('PUT', `/operator/v1/merchants/DEMO/notices/${created.id}`, {
      headers: operator,
      body: notice(changed, { startsAt: created.startsAt, endsAt: new Date(Math.max(Date.now(), Date.parse(created.startsAt) + 1_000)).toISOString() }),
    });
    expect(ended.status, ended.text).toBe(200);
    await everywhere('the ended notice', gone(changed));
  });

  it('drops a deleted notice on both gateways, and one whose window closes by itself', async () => {
    const tag = randomUUID().slice(0, 8);
    const [deletedTitle, closingTitle] = [`Aviso borrado ${tag}`, `Aviso que termina ${tag}`];
    const deleted = await create(viaSecond, notice(deletedTitle));
    // Its end is known when it is published: a gateway keeps the answer no longer than that, with no event at the end.
    const closesAt = Date.now() + 6_000;
    await create(viaSecond, notice(closingTitle, { endsAt: new Date(closesAt).toISOString() }));
    await everywhere('the published notices', (list) => list.includes(deletedTitle) && list.includes(closingTitle));

    const removed = await viaFirst<{ id: string; deleted: boolean }>('DELETE', `/operator/v1/merchants/DEMO/notices/${deleted.id}`, { headers: operator });
    expect(removed.body.value).toEqual({ id: deleted.id, deleted: true });
    await everywhere('the deleted notice', gone(deletedTitle));

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now())));
    await everywhere('the notice whose window closed', gone(closingTitle));
  });
});
