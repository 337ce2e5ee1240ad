import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { PUSH_EVENT, type AnyPush, type BonusDetail, type EnvelopeVerification, type EnvelopeWindow, type MemberEnvelope, type PushData } from '@wps/contracts';
import { sql } from 'drizzle-orm';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { splitHash, splitPool } from './split.js';

interface Member {
  token: string;
  memberId: string;
  envelopePushes: Array<PushData<'envelope'>>;
}

/** Red envelopes through the real HTTP API and socket of the embedded platform. */
describe('red envelopes through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  let ipCounter = 1;
  const freshIp = () => `198.51.100.${ipCounter++}`;
  const freshDevice = () => `device-${randomUUID()}`;
  const operator = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
    call<T>(method, url, { body, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });

  const register = async (): Promise<Member> => {
    const username = `env${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(200);
    const member: Member = { token: response.body.value.token, memberId: response.body.value.user.id, envelopePushes: [] };
    await new Promise<void>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'envelope') member.envelopePushes.push(push.data);
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return member;
  };
  const createWindow = (body: Record<string, unknown>) =>
    operator<EnvelopeWindow>('POST', '/operator/v1/merchants/DEMO/envelope-windows', {
      title: 'Test envelope',
      startsAt: new Date(Date.now() - 1_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      currency: 'MXN',
      ...body,
    });
  const current = async (member: Member) => {
    const response = await call<{ envelope: MemberEnvelope | null }>('GET', '/wps/relay/MCS2_getRedEnvelope', { token: member.token });
    expect(response.status).toBe(200);
    return response.body.value.envelope;
  };
  const claim = (member: Member, windowId: string, options: { deviceId?: string; ip?: string } = {}) =>
    call<{ envelope: MemberEnvelope; amountMinor: string; paid: boolean }>('POST', '/wps/relay/MCS2_claimRedEnvelope', {
      token: member.token,
      body: { windowId, deviceId: options.deviceId ?? freshDevice() },
      headers: { 'x-forwarded-for': options.ip ?? freshIp() },
    });
  const verify = async (windowId: string) => (await call<EnvelopeVerification>('GET', `/wps/relay/MCS2_verifyRedEnvelope?windowId=${windowId}`)).body.value;
  const balanceMinor = async (member: Member) => {
    const response = await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token: member.token });
    return BigInt(Math.round(Number(response.body.value.balance) * 100));
  };
  const cancel = (windowId: string) => operator<EnvelopeWindow>('POST', `/operator/v1/merchants/DEMO/envelope-windows/${windowId}/cancel`);

  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    alice = await register();
    bob = await register();
    // The demo brand's own windows are cancelled, so the member sees the test's windows only.
    await eventually(async () => (await operator<{ list: EnvelopeWindow[] }>('GET', '/operator/v1/merchants/DEMO/envelope-windows')).body.value.list.length > 0, 'the demo windows');
    for (const window of (await operator<{ list: EnvelopeWindow[] }>('GET', '/operator/v1/merchants/DEMO/envelope-windows')).body.value.list) {
      if (window.status === 'scheduled' || window.status === 'open') expect((await cancel(window.windowId)).status).toBe(200);
    }
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('refuses a window whose pool cannot be split, or that has ended, and creates nothing', async () => {
    const before = (await operator<{ list: EnvelopeWindow[] }>('GET', '/operator/v1/merchants/DEMO/envelope-windows')).body.value.list.length;
    for (const body of [
      { poolMinor: '1000', count: 5, minMinor: '300', maxMinor: '500' },
      { poolMinor: '5000', count: 5, minMinor: '100', maxMinor: '900' },
      { poolMinor: '1000', count: 5, minMinor: '200', maxMinor: '200', endsAt: new Date(Date.now() - 1_000).toISOString() },
      { poolMinor: '1000', count: 5, minMinor: '200', maxMinor: '200', timeZone: 'Mars/Olympus' },
    ]) {
      const refused = await createWindow(body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'ENVELOPE_WINDOW_INVALID' });
    }
    expect((await createWindow({ poolMinor: '-5', count: 5, minMinor: '1', maxMinor: '2' })).status).toBe(400);
    expect((await operator<{ list: EnvelopeWindow[] }>('GET', '/operator/v1/merchants/DEMO/envelope-windows')).body.value.list).toHaveLength(before);
    expect((await call('GET', '/operator/v1/merchants/DEMO/envelope-windows')).status).toBe(401);
  });

  it('opens with a published hash pushed to the brand, hands out slots once per member, device and address, and never over-pays the pool', async () => {
    const pushesBefore = alice.envelopePushes.length;
    const created = await createWindow({ poolMinor: '10000', count: 4, minMinor: '1000', maxMinor: '4000' });
    expect(created.status).toBe(200);
    const window = created.body.value;
    expect(window).toMatchObject({ status: 'open', poolMinor: '10000', count: 4, claimedCount: 0, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await eventually(() => alice.envelopePushes.length > pushesBefore, 'the opening push');
    expect(alice.envelopePushes.at(-1)).toMatchObject({ windowId: window.windowId, state: 'open', hash: window.hash });
    await eventually(() => bob.envelopePushes.some((push) => push.windowId === window.windowId), 'the opening push to every member of the brand');
    expect(await current(alice)).toMatchObject({ windowId: window.windowId, state: 'open', remaining: 4, eligible: true, amountMinor: null });
    // While open, the seed and the amounts stay secret.
    expect(await verify(window.windowId)).toMatchObject({ hash: window.hash, seed: null, amounts: null, status: 'open' });

    // Two claims at once by one member: one slot.
    const aliceBefore = await balanceMinor(alice);
    const race = await Promise.all([claim(alice, window.windowId), claim(alice, window.windowId), claim(alice, window.windowId)]);
    expect(race.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const won = race.find((response) => response.status === 200)!.body.value;
    expect(race.filter((response) => response.status === 409).map((response) => response.body.code)).toEqual(['ENVELOPE_ALREADY_CLAIMED', 'ENVELOPE_ALREADY_CLAIMED']);
    expect(won).toMatchObject({ paid: true, envelope: { state: 'claimed', amountMinor: won.amountMinor, remaining: 3 } });
    expect(await balanceMinor(alice)).toBe(aliceBefore + BigInt(won.amountMinor));
    expect(await current(alice)).toMatchObject({ windowId: window.windowId, state: 'claimed', amountMinor: won.amountMinor });

    // The same device or address cannot claim again for another member.
    const device = freshDevice();
    const ip = freshIp();
    const bobsClaim = await claim(bob, window.windowId, { deviceId: device, ip });
    expect(bobsClaim.status).toBe(200);
    const carol = await register();
    const sameDevice = await claim(carol, window.windowId, { deviceId: device });
    expect(sameDevice.status).toBe(409);
    expect(sameDevice.body).toMatchObject({ code: 'ENVELOPE_DEVICE_USED', message: 'This red envelope was already opened from this device' });
    const sameIp = await claim(carol, window.windowId, { ip });
    expect(sameIp.body).toMatchObject({ code: 'ENVELOPE_IP_USED' });
    expect((await call('POST', '/wps/relay/MCS2_claimRedEnvelope', { token: carol.token, body: { windowId: window.windowId, deviceId: 'x' } })).status).toBe(400);

    // The rest of the pool, then nothing.
    const carolClaim = await claim(carol, window.windowId);
    const dave = await register();
    const daveClaim = await claim(dave, window.windowId);
    expect([carolClaim.status, daveClaim.status]).toEqual([200, 200]);
    const erin = await register();
    const empty = await claim(erin, window.windowId);
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({ code: 'ENVELOPE_EMPTY' });
    const paid = [won.amountMinor, bobsClaim.body.value.amountMinor, carolClaim.body.value.amountMinor, daveClaim.body.value.amountMinor].map(BigInt);
    expect(paid.reduce((sum, amount) => sum + amount, 0n)).toBe(10_000n);
    for (const amount of paid) expect(amount >= 1_000n && amount <= 4_000n).toBe(true);

    // Closing reveals the seed: the split recomputes from it, matches the hash, and the slots went out in claim order.
    const closed = await cancel(window.windowId);
    expect(closed.body.value).toMatchObject({ status: 'cancelled', claimedCount: 4, claimedMinor: '10000' });
    await eventually(() => alice.envelopePushes.some((push) => push.windowId === window.windowId && push.state === 'closed'), 'the closing push');
    const revealed = await verify(window.windowId);
    expect(revealed).toMatchObject({ hash: window.hash, seed: expect.stringMatching(/^[0-9a-f]{64}$/), claimedCount: 4, claimedMinor: '10000' });
    const recomputed = splitPool(revealed.seed!, { poolMinor: 10_000n, count: 4, minMinor: 1_000n, maxMinor: 4_000n });
    expect(revealed.amounts).toEqual(recomputed.map(String));
    expect(splitHash(revealed.seed!, recomputed)).toBe(window.hash);
    expect(revealed.amounts).toEqual(paid.map(String));
    const late = await claim(erin, window.windowId);
    expect(late.body).toMatchObject({ code: 'ENVELOPE_NOT_OPEN' });

    // bonusDetails shows the envelope as received.
    const details = await call<{ list: BonusDetail[] }>('GET', '/wps/relay/MCS2_getBonusDetails', { token: alice.token });
    expect(details.body.value.list).toContainEqual(expect.objectContaining({ source: 'envelope', amountMinor: won.amountMinor, title: 'Test envelope' }));
  }, 60_000);

  it('closes by itself at its end, revealing the seed; a window not open yet cannot be claimed', async () => {
    const upcoming = await createWindow({
      poolMinor: '500',
      count: 5,
      minMinor: '100',
      maxMinor: '100',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(upcoming.body.value).toMatchObject({ status: 'scheduled', hash: null });
    expect((await claim(alice, upcoming.body.value.windowId)).body).toMatchObject({ code: 'ENVELOPE_NOT_OPEN' });
    expect(await verify(upcoming.body.value.windowId)).toMatchObject({ status: 'scheduled', hash: null, seed: null });
    expect((await cancel(upcoming.body.value.windowId)).body.value.status).toBe('cancelled');

    const short = await createWindow({ poolMinor: '600', count: 3, minMinor: '100', maxMinor: '300', endsAt: new Date(Date.now() + 2_500).toISOString() });
    expect(short.body.value.status).toBe('open');
    expect((await claim(bob, short.body.value.windowId)).status).toBe(200);
    await eventually(async () => (await verify(short.body.value.windowId)).status === 'closed', 'the window to close', 15_000);
    const revealed = await verify(short.body.value.windowId);
    expect(splitHash(revealed.seed!, revealed.amounts!.map(BigInt))).toBe(short.body.value.hash);
    expect(revealed.amounts!.reduce((sum, amount) => sum + BigInt(amount), 0n)).toBe(600n);
    await eventually(() => bob.envelopePushes.some((push) => push.windowId === short.body.value.windowId && push.state === 'closed'), 'the closing push');
    expect((await cancel(short.body.value.windowId)).body).toMatchObject({ code: 'ENVELOPE_WINDOW_CLOSED' });
    expect((await call('GET', '/wps/relay/MCS2_verifyRedEnvelope?windowId=999999')).body).toMatchObject({ code: 'ENVELOPE_NOT_FOUND' });
  }, 30_000);

  it('lets only members who deposited today claim an "active today" window', async () => {
    const window = (await createWindow({ poolMinor: '1000', count: 2, minMinor: '500', maxMinor: '500', eligibility: 'active_today', timeZone: 'America/Mexico_City' })).body.value;
    const frank = await register();
    expect(await current(frank)).toMatchObject({ windowId: window.windowId, eligible: false });
    const refused = await claim(frank, window.windowId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ENVELOPE_NOT_ELIGIBLE' });
    const deposit = await call('POST', '/wps/v2/wallets/deposit/demo', { token: frank.token, key: randomUUID(), body: { amount: '100' } });
    expect(deposit.status).toBe(200);
    await eventually(async () => (await current(frank))?.eligible === true, 'the deposit to count', 15_000);
    const claimed = await claim(frank, window.windowId);
    expect(claimed.status).toBe(200);
    expect(claimed.body.value.amountMinor).toBe('500');
    expect((await call('GET', '/wps/relay/MCS2_getRedEnvelope')).status).toBe(401);
  }, 30_000);

  it('pays out exactly the pool when more members than envelopes claim at once', async () => {
    const window = (await createWindow({ poolMinor: '5000', count: 4, minMinor: '500', maxMinor: '2500' })).body.value;
    const crowd = await Promise.all(Array.from({ length: 7 }, () => register()));
    const claims = await Promise.all(crowd.map((member) => claim(member, window.windowId)));
    const won = claims.filter((response) => response.status === 200);
    expect(won).toHaveLength(4);
    expect(claims.filter((response) => response.status === 409).map((response) => response.body.code)).toEqual(['ENVELOPE_EMPTY', 'ENVELOPE_EMPTY', 'ENVELOPE_EMPTY']);
    const paid = won.map((response) => BigInt(response.body.value.amountMinor));
    expect(paid.reduce((sum, amount) => sum + amount, 0n)).toBe(5_000n);
    const balances = await Promise.all(crowd.map((member) => balanceMinor(member)));
    expect(balances.reduce((sum, balance) => sum + balance, 0n)).toBe(5_000n);
    await cancel(window.windowId);
    expect(await verify(window.windowId)).toMatchObject({ claimedCount: 4, claimedMinor: '5000' });
  }, 60_000);

  it("lets only members at the window's VIP level or above claim when it names one", async () => {
    await cancel((await current(alice))!.windowId);
    const window = (await createWindow({ poolMinor: '1000', count: 2, minMinor: '500', maxMinor: '500', minVipLevel: 2 })).body.value;
    expect(window).toMatchObject({ minVipLevel: 2 });
    const gina = await register();
    expect(await current(gina)).toMatchObject({ windowId: window.windowId, eligible: false, ineligibleReason: 'vip_level', minVipLevel: 2 });
    const refused = await claim(gina, window.windowId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ENVELOPE_VIP_LEVEL_LOW' });
    // The VIP part's level table says where the member stands.
    await platform.db.orm.execute(sql`INSERT INTO points.vip_members (member_id, merchant_code, level) VALUES (${gina.memberId}, 'DEMO', 2) ON CONFLICT (member_id) DO UPDATE SET level = 2`);
    expect(await current(gina)).toMatchObject({ eligible: true, ineligibleReason: null });
    expect((await claim(gina, window.windowId)).status).toBe(200);
    await cancel(window.windowId);
  });
});
