import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { apiCaller } from '@wps/platform/testing';
import type { PvpTableState } from '@wps/contracts';
import { sleep } from '@wps/platform';

/** Helpers of the Teen Patti int tests: members, seats and actions through the real gateway API. */
export type Call = ReturnType<typeof apiCaller>;
export interface Member {
  token: string;
  memberId: string;
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 400)}`);
    await sleep(50);
  }
}

export async function member(call: Call, deposit: string): Promise<Member> {
  const username = `tp${randomUUID().slice(0, 10).replace(/-/g, '')}`;
  const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', { body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true } });
  expect(registered.status).toBe(200);
  const token = registered.body.value.token;
  if (deposit) {
    const funded = await call('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: deposit }, headers: { 'idempotency-key': randomUUID() } });
    expect(funded.status).toBe(200);
  }
  return { token, memberId: String(registered.body.value.user.id) };
}

export const balanceOf = async (call: Call, who: Member) => Number((await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token: who.token })).body.value.balance);
export const stateOf = async (call: Call, tableId: string, who?: Member) => (await call<PvpTableState>('GET', `/wps/house/pvp/tables/${tableId}`, who ? { token: who.token } : {})).body.value;
export const act = (call: Call, tableId: string, who: Member, handId: string, action: string, requestId = randomUUID()) =>
  call<{ seq: number; kind: string; amount: string; replayed: boolean }>('POST', `/wps/house/pvp/tables/${tableId}/act`, { token: who.token, body: { handId, action, requestId } });
export const sit = (call: Call, tableId: string, who: Member, seatNo?: number) =>
  call<{ seatNo: number }>('POST', `/wps/house/pvp/tables/${tableId}/sit`, { token: who.token, body: seatNo === undefined ? {} : { seatNo } });
export const stand = (call: Call, tableId: string, who: Member) => call('POST', `/wps/house/pvp/tables/${tableId}/stand`, { token: who.token, body: {} });

/** Waits for a hand in play at the table, newer than `afterHandNo`. */
export const playingHand = (call: Call, tableId: string, who: Member, afterHandNo = 0) =>
  waitFor(
    () => stateOf(call, tableId, who),
    (state) => state.hand?.status === 'playing' && state.hand.handNo > afterHandNo,
    `a hand in play at ${tableId}`,
  );
