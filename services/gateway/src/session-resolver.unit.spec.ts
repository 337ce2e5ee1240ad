import { describe, expect, it } from 'vitest';
import type { SessionPrincipal } from '@wps/contracts';
import { MemoryStore } from '@wps/platform';
import { SessionResolver } from './auth.js';
import type { GatewayClients } from './clients.js';

const member: SessionPrincipal = { memberId: '7', merchantCode: 'DEMO', account: 'ana', type: 0, currency: 'MXN' };

/** Identity as the gateway sees it: each `authenticate` waits until the test answers it. */
function identity() {
  const asked: { token: string; answer: (principal: SessionPrincipal | null) => void }[] = [];
  const clients = {
    identity: {
      authenticate: ({ token }: { token: string }) => new Promise<SessionPrincipal | null>((answer) => asked.push({ token, answer })),
    },
  } as unknown as GatewayClients;
  return { clients, asked };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('SessionResolver', () => {
  it('asks identity once for requests of one session that arrive together, and once per session', async () => {
    const { clients, asked } = identity();
    const sessions = new SessionResolver(clients, new MemoryStore());
    const together = [sessions.principal('token-a'), sessions.principal('token-a'), sessions.principal('token-a'), sessions.principal('token-b')];
    await turn();
    expect(asked.map((call) => call.token).sort()).toEqual(['token-a', 'token-b']);
    asked.find((call) => call.token === 'token-a')!.answer(member);
    asked.find((call) => call.token === 'token-b')!.answer(null);
    expect(await Promise.all(together)).toEqual([member, member, member, null]);
    // Kept: the next request reads the store. An unknown token is not kept: it asks again.
    expect(await sessions.principal('token-a')).toEqual(member);
    const again = sessions.principal('token-b');
    await turn();
    expect(asked).toHaveLength(3);
    asked[2]!.answer(null);
    expect(await again).toBeNull();
  });

  it('does not keep an answer for a session that ended while identity was asked', async () => {
    const { clients, asked } = identity();
    const store = new MemoryStore();
    const sessions = new SessionResolver(clients, store);
    const before = sessions.principal('token-a');
    await turn();
    await sessions.forget('token-a');
    // A request after the logout does not join the answer asked for before it.
    const after = sessions.principal('token-a');
    await turn();
    expect(asked).toHaveLength(2);
    asked[0]!.answer(member);
    asked[1]!.answer(null);
    expect(await before).toEqual(member);
    expect(await after).toBeNull();
    const next = sessions.principal('token-a');
    await turn();
    expect(asked).toHaveLength(3);
    asked[2]!.answer(null);
    expect(await next).toBeNull();
  });
});
