import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import {
  PUSH_EVENT,
  TOPICS,
  type AnyPush,
  type BetSettled,
  type BonusList,
  type OperatorPromotion,
  type PromotionAction,
  type PromotionApplication,
  type PromotionDetail,
  type PromotionPage,
  type PromotionsPush,
  type PromotionSummary,
} from '@wps/contracts';
import { createEnvelope, rows, sleep } from '@wps/platform';
import { apiCaller, eventually, settledBet } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

interface Member {
  token: string;
  memberId: string;
  pushes: Array<PromotionsPush & { v: number }>;
}

const DAY_MS = 86_400_000;

/** A small png, made by hand: the header, grey pixels and the end. */
function png(width = 6, height = 4): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const raw = Buffer.alloc((width + 1) * height, 0x90);
  for (let row = 0; row < height; row++) raw[row * (width + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
const pngUrl = `data:image/png;base64,${png().toString('base64')}`;
const gifUrl = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Promotions through the real HTTP API and socket of the embedded platform. */
describe('promotions through the HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  let ipCounter = 1;
  const freshIp = () => `192.0.2.${ipCounter++ % 250}`;
  const freshDevice = () => `device-${randomUUID()}`;
  const operator = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
    call<T>(method, url, { body, headers: { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'ana.ops' } });

  const register = async (): Promise<Member> => {
    const username = `pro${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
      headers: { 'x-forwarded-for': `198.18.${ipCounter % 250}.${ipCounter++ % 250}` },
    });
    expect(response.status).toBe(200);
    const member: Member = { token: response.body.value.token, memberId: response.body.value.user.id, pushes: [] };
    await new Promise<void>((resolve, reject) => {
      const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on(PUSH_EVENT, (push: AnyPush) => {
        if (push.type === 'promotions') member.pushes.push({ ...push.data, v: push.v });
      });
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return member;
  };

  const create = async (body: Record<string, unknown>, merchant = 'DEMO') => {
    const response = await operator<OperatorPromotion>('POST', `/operator/v1/merchants/${merchant}/promotions`, {
      category: 'other',
      titles: { ES: 'Promoción de prueba', EN: 'Test promotion' },
      currency: 'MXN',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      ...body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  const cashBonus = (fields: Record<string, unknown> = {}) => create({ kind: 'cash_bonus', terms: { amountMinor: '2500', multiple: 5, days: 7 }, ...fields });
  const page = async (member?: Member, language = 'EN') => {
    const response = await call<PromotionPage>('GET', '/wps/promotions', { token: member?.token, language });
    expect(response.status).toBe(200);
    return response.body.value;
  };
  const card = async (member: Member, promotionId: string) => (await page(member)).list.find((one) => one.promotionId === promotionId)!;
  type Act = { device?: string; ip?: string; key?: string };
  const act = (member: Member, action: 'join' | 'claim', promotionId: string, options: Act = {}) =>
    call<PromotionAction>('POST', `/wps/promotions/${promotionId}/${action}`, {
      token: member.token,
      key: action === 'claim' ? (options.key ?? randomUUID()) : undefined,
      body: { deviceId: options.device ?? freshDevice() },
      headers: { 'x-forwarded-for': options.ip ?? freshIp() },
    });
  const apply = (member: Member, promotionId: string, body: { comment?: string; images?: string[] }, key = randomUUID()) =>
    call<PromotionAction>('POST', `/wps/promotions/${promotionId}/apply`, {
      token: member.token,
      key,
      body: { deviceId: freshDevice(), ...body },
      headers: { 'x-forwarded-for': freshIp() },
    });
  const bonuses = async (member: Member) => (await call<BonusList>('GET', '/wps/bonuses', { token: member.token })).body.value.bonuses;
  const participations = async (promotionId: string) =>
    rows<{ member_id: string; state: string }>(platform.db.orm, sql`SELECT member_id::text AS member_id, state FROM points.promotion_participations WHERE promotion_id = ${promotionId}`);
  const grants = async (promotionId: string) =>
    rows<{ status: string; amount_minor: string }>(platform.db.orm, sql`SELECT status, amount_minor::text AS amount_minor FROM points.promotion_bonus_grants WHERE promotion_id = ${promotionId}`);

  /** Delivers settled bets and waits until the points service handled them. */
  const settle = async (bets: BetSettled[]) => {
    const envelopes = bets.map((bet) => createEnvelope('bet.settled', bet.betId, bet, 'test'));
    await platform.bus.publish(envelopes.map((value) => ({ topic: TOPICS.bets, key: value.payload.betId, value })));
    await eventually(async () => {
      const [handled] = await rows<{ n: number }>(
        platform.db.orm,
        sql`SELECT count(*)::int AS n FROM points.inbox WHERE consumer = 'points.bets' AND message_id::text IN (${sql.join(
          envelopes.map((one) => sql`${one.id}`),
          sql`, `,
        )})`,
      );
      return handled!.n === envelopes.length;
    }, 'the bets handled');
  };

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('shows the demo catalogue to guests and members, in their language, with a live referral promotion', async () => {
    await eventually(async () => (await page()).list.length >= 10, 'the demo promotions');
    const guest = await page(undefined, 'EN');
    const kinds = new Set(guest.list.map((one) => one.kind));
    expect([...kinds].sort()).toEqual(['application', 'cash_bonus', 'cashback', 'deposit_match', 'free_rounds', 'raffle', 'referral', 'tournament']);
    expect(guest.availablePromo).toEqual([{ type: 'REFERRAL', enabled: true }]);
    expect(guest.version).toBe(0);
    const welcome = guest.list.find((one) => one.title === '100% welcome bonus')!;
    expect(welcome).toMatchObject({ kind: 'deposit_match', category: 'deposit', state: 'join', participation: null, bannerUrl: '/promo-banners/welcome.svg' });
    expect(guest.list.find((one) => one.kind === 'tournament')).toMatchObject({ state: 'coming_soon' });
    expect(guest.list.find((one) => one.kind === 'application')).toMatchObject({ state: 'applying' });
    const raffle = guest.list.find((one) => one.kind === 'raffle')!;
    expect(raffle.kind === 'raffle' && new Date(raffle.terms.drawAt).getTime() - Date.now()).toBeGreaterThan(DAY_MS);
    // Spanish by default; the guest's count is what a new member could act on.
    const spanish = await page(undefined, 'ES');
    expect(spanish.list.map((one) => one.title)).toContain('Bono de bienvenida 100 %');
    const guestSummary = (await call<PromotionSummary>('GET', '/wps/member/promotions')).body.value;
    expect(guestSummary).toEqual({ availablePromoCount: guest.availablePromoCount, availablePromo: [{ type: 'REFERRAL', enabled: true }], version: 0 });
    expect(guest.availablePromoCount).toBe(guest.list.filter((one) => ['join', 'claim', 'applying'].includes(one.state) && !['referral', 'raffle'].includes(one.kind)).length);

    const alice = await register();
    const mine = await page(alice);
    expect(mine.availablePromoCount).toBe(guest.availablePromoCount);
    const detail = await call<PromotionDetail>('GET', `/wps/promotions/${welcome.promotionId}`, { token: alice.token });
    expect(detail.body.value).toMatchObject({ promotion: { promotionId: welcome.promotionId, state: 'join' }, limitDevice: true, limitIp: true });
    expect(detail.body.value.rules).toContain('100%');
    expect((await call('GET', '/wps/promotions/99999999')).body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('GET', '/wps/promotions/abc')).status).toBe(404);
  });

  it('reads a promotion in any interface language the operator wrote, else in Spanish', async () => {
    const promotion = await cashBonus({
      titles: { ES: 'Bono de otoño', EN: 'Autumn bonus', FR: 'Bonus d’automne', KO: '가을 보너스' },
      summaries: { ES: 'Para todos', EN: 'For everyone', FR: 'Pour tout le monde' },
      rules: { ES: 'Reglas', EN: 'Rules', FR: 'Règles' },
    });
    const card = async (language: string) => (await page(undefined, language)).list.find((one) => one.promotionId === promotion.promotionId)!;
    expect(await card('FR')).toMatchObject({ title: 'Bonus d’automne', summary: 'Pour tout le monde' });
    expect(await card('ko-KR')).toMatchObject({ title: '가을 보너스', summary: 'Para todos' });
    expect(await card('JA')).toMatchObject({ title: 'Bono de otoño', summary: 'Para todos' });
    const detail = await call<PromotionDetail>('GET', `/wps/promotions/${promotion.promotionId}`, { language: 'FR' });
    expect(detail.body.value.rules).toBe('Règles');
    // The bonus it gives carries its names: a French reader's bonus list names it in French.
    const zoe = await register();
    expect((await act(zoe, 'claim', promotion.promotionId)).status).toBe(200);
    await eventually(async () => (await bonuses(zoe)).length > 0, 'the bonus');
    const inFrench = (await call<BonusList>('GET', '/wps/bonuses', { token: zoe.token, language: 'FR' })).body.value.bonuses;
    expect(inFrench.map((bonus) => bonus.title)).toEqual(['Bonus d’automne']);
    expect((await bonuses(zoe)).map((bonus) => bonus.title)).toEqual(['Autumn bonus']);
    // Spanish and English stay required; a key that is no interface language is refused.
    for (const titles of [{ FR: 'Seulement' }, { ES: 'a', EN: 'b', XX: 'c' }]) {
      const refused = await operator('POST', '/operator/v1/merchants/DEMO/promotions', {
        kind: 'cash_bonus',
        category: 'other',
        titles,
        currency: 'MXN',
        startsAt: new Date().toISOString(),
        terms: { amountMinor: '100', multiple: 1, days: 1 },
      });
      expect(refused.status).toBe(400);
    }
  });

  it('gives one participation and one bonus for two claims at once; the same key answers the first result', async () => {
    const promotion = await cashBonus({ titles: { ES: 'Bono doble clic', EN: 'Double-click bonus' } });
    const bob = await register();
    const before = (await page(bob)).availablePromoCount;
    const [first, second] = await Promise.all([act(bob, 'claim', promotion.promotionId), act(bob, 'claim', promotion.promotionId)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const won = first.status === 200 ? first : second;
    const lost = first.status === 200 ? second : first;
    expect(lost.body.code).toBe('PROMOTION_ALREADY_CLAIMED');
    expect(won.body.value).toMatchObject({ granted: true, promotion: { state: 'claimed', participation: { state: 'claimed', bonusMinor: '2500' } } });
    expect(won.body.value.availablePromoCount).toBe(before - 1);
    expect(await participations(promotion.promotionId)).toEqual([{ member_id: bob.memberId, state: 'claimed' }]);
    expect(await grants(promotion.promotionId)).toEqual([{ status: 'done', amount_minor: '2500' }]);
    const given = (await bonuses(bob)).filter((bonus) => bonus.title === 'Double-click bonus');
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ amountMinor: '2500', requiredMinor: '12500', state: 'wagering', source: 'promotion' });
    await eventually(() => bob.pushes.some((push) => push.promotionId === promotion.promotionId && push.state === 'claimed'), 'the claimed push');

    // A retry with a key used before answers the first result; the key on another promotion is a conflict.
    const key = randomUUID();
    const other = await cashBonus();
    const carol = await register();
    const claimed = await act(carol, 'claim', other.promotionId, { key });
    expect(claimed.status).toBe(200);
    const again = await act(carol, 'claim', other.promotionId, { key });
    expect(again.status).toBe(200);
    expect(again.body.value.promotion).toEqual(claimed.body.value.promotion);
    expect(await grants(other.promotionId)).toHaveLength(1);
    expect((await act(carol, 'claim', promotion.promotionId, { key })).body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    // One claim sent several times within a few milliseconds with its key (a double tap, a retry after a timeout): every one
    // answers the one claim made.
    const twice = await cashBonus();
    const dora = await register();
    const same = { key: randomUUID(), device: freshDevice(), ip: freshIp() };
    const answers = await Promise.all([0, 4, 8, 12, 16, 20].map((ms) => sleep(ms).then(() => act(dora, 'claim', twice.promotionId, same))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    for (const answer of answers.slice(1)) expect(answer.body.value.promotion).toEqual(answers[0]!.body.value.promotion);
    expect(await participations(twice.promotionId)).toEqual([{ member_id: dora.memberId, state: 'claimed' }]);
    expect(await grants(twice.promotionId)).toEqual([{ status: 'done', amount_minor: '2500' }]);
    // A claim needs a key; a join is not a claim.
    expect((await call('POST', `/wps/promotions/${other.promotionId}/claim`, { token: carol.token, body: { deviceId: freshDevice() } })).body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
    });
    expect((await act(carol, 'join', other.promotionId)).body).toMatchObject({ code: 'PROMOTION_ACTION_INVALID' });
  });

  it('lets one member per device and per address take a promotion that says so, even at once', async () => {
    const promotion = await cashBonus({ limitDevice: true, limitIp: true });
    const [dave, erin, frank, gina, hugo] = await Promise.all([register(), register(), register(), register(), register()]);
    const device = freshDevice();
    const ip = freshIp();
    expect((await act(dave, 'claim', promotion.promotionId, { device, ip })).status).toBe(200);
    const sameDevice = await act(erin, 'claim', promotion.promotionId, { device });
    expect(sameDevice.status).toBe(409);
    expect(sameDevice.body).toMatchObject({ code: 'PROMOTION_DEVICE_USED', message: 'This promotion was already taken from this device' });
    expect((await act(erin, 'claim', promotion.promotionId, { ip })).body).toMatchObject({ code: 'PROMOTION_IP_USED' });
    expect((await act(erin, 'claim', promotion.promotionId)).status).toBe(200);
    // Two members on one new device at once: the database lets one through.
    const shared = freshDevice();
    const race = await Promise.all([act(frank, 'claim', promotion.promotionId, { device: shared }), act(gina, 'claim', promotion.promotionId, { device: shared })]);
    expect(race.map((one) => one.status).sort()).toEqual([200, 409]);
    expect(race.find((one) => one.status === 409)!.body.code).toBe('PROMOTION_DEVICE_USED');
    expect(await participations(promotion.promotionId)).toHaveLength(3);
    // Without the limits, a device is no concern.
    const open = await cashBonus();
    expect((await act(dave, 'claim', open.promotionId, { device, ip })).status).toBe(409); // dave has a bonus wagering now
    expect((await act(hugo, 'claim', open.promotionId, { device, ip })).status).toBe(200);
  });

  it('refuses a long comment, a fourth image and a gif in the client’s language, storing nothing', async () => {
    const promotion = await create({ kind: 'application', terms: { amountMinor: '10000', imagesRequired: 1, multiple: 3, days: 7 } });
    const ivan = await register();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ comment: 'x'.repeat(141), images: [pngUrl] }, 'PROMOTION_COMMENT_TOO_LONG', 'The comment can have at most 140 characters'],
      [{ comment: 'Four', images: [pngUrl, pngUrl, pngUrl, pngUrl] }, 'PROMOTION_TOO_MANY_IMAGES', 'Images must be png or jpg, at most 5MB each, at most 3'],
      [{ comment: 'A gif', images: [pngUrl, gifUrl] }, 'IMAGE_INVALID', 'Images must be png or jpg, at most 5MB each, at most 3'],
      [{ comment: 'No image' }, 'PROMOTION_IMAGES_REQUIRED', 'Please add at least 1 image(s) to your application'],
    ];
    for (const [body, code, message] of cases) {
      const refused = await apply(ivan, promotion.promotionId, body);
      expect(refused.status, code).toBe(400);
      expect(refused.body).toMatchObject({ code, message });
    }
    const spanish = await call('POST', `/wps/promotions/${promotion.promotionId}/apply`, {
      token: ivan.token,
      key: randomUUID(),
      language: 'ES',
      body: { deviceId: freshDevice(), comment: 'y'.repeat(141) },
    });
    expect(spanish.body).toMatchObject({ code: 'PROMOTION_COMMENT_TOO_LONG', message: 'El comentario puede tener como máximo 140 caracteres' });
    expect(await participations(promotion.promotionId)).toEqual([]);
    expect((await card(ivan, promotion.promotionId)).state).toBe('applying');
    // 140 characters exactly is fine.
    const sent = await apply(ivan, promotion.promotionId, { comment: 'z'.repeat(140), images: [pngUrl] });
    expect(sent.status).toBe(200);
    expect(sent.body.value.promotion).toMatchObject({ state: 'process', participation: { comment: 'z'.repeat(140), imageCount: 1 } });
  });

  it('lets the operator approve (the member is told at once and gets the bonus) or reject with a reason', async () => {
    const promotion = await create({ kind: 'application', titles: { ES: 'Solicitud de prueba', EN: 'Test application' }, terms: { amountMinor: '7000', multiple: 2, days: 7 } });
    const [jane, kyle] = await Promise.all([register(), register()]);
    const key = randomUUID();
    const applied = await apply(jane, promotion.promotionId, { comment: 'Five wins in a row', images: [pngUrl] }, key);
    expect(applied.status).toBe(200);
    // The same key answers the first result; a second application is refused.
    expect((await apply(jane, promotion.promotionId, { comment: 'Five wins in a row', images: [pngUrl] }, key)).status).toBe(200);
    expect((await apply(jane, promotion.promotionId, { comment: 'Again' })).body).toMatchObject({ code: 'PROMOTION_ALREADY_APPLIED' });
    expect((await apply(kyle, promotion.promotionId, { comment: 'Me too' })).status).toBe(200);

    const listed = await operator<{ list: PromotionApplication[]; total: number }>(
      'GET',
      `/operator/v1/merchants/DEMO/promotion-applications?promotionId=${promotion.promotionId}&state=process&memberId=`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.value.total).toBe(2);
    const janes = listed.body.value.list.find((one) => one.memberId === jane.memberId)!;
    expect(janes).toMatchObject({ state: 'process', comment: 'Five wins in a row', imageCount: 1, images: [], promotionTitle: 'Test application' });
    const opened = await operator<PromotionApplication>('GET', `/operator/v1/merchants/DEMO/promotion-applications/${janes.applicationId}`);
    expect(opened.body.value.images).toEqual([{ position: 1, width: 6, height: 4, dataUrl: expect.stringMatching(/^data:image\/png;base64,/) }]);

    const approved = await operator<PromotionApplication>('POST', `/operator/v1/merchants/DEMO/promotion-applications/${janes.applicationId}/approve`);
    expect(approved.body.value).toMatchObject({ state: 'issued', bonusMinor: '7000', decidedBy: 'ana.ops' });
    await eventually(() => jane.pushes.some((push) => push.promotionId === promotion.promotionId && push.state === 'issued'), 'the issued push');
    expect((await card(jane, promotion.promotionId)).state).toBe('issued');
    expect((await bonuses(jane)).find((bonus) => bonus.title === 'Test application')).toMatchObject({ amountMinor: '7000', requiredMinor: '14000' });
    const twice = await operator('POST', `/operator/v1/merchants/DEMO/promotion-applications/${janes.applicationId}/approve`);
    expect(twice.body).toMatchObject({ code: 'PROMOTION_APPLICATION_DECIDED' });

    const kyles = listed.body.value.list.find((one) => one.memberId === kyle.memberId)!;
    const rejected = await operator<PromotionApplication>('POST', `/operator/v1/merchants/DEMO/promotion-applications/${kyles.applicationId}/reject`, {
      reason: 'The screenshot does not show the streak',
    });
    expect(rejected.body.value).toMatchObject({ state: 'rejected', rejectReason: 'The screenshot does not show the streak' });
    await eventually(() => kyle.pushes.some((push) => push.promotionId === promotion.promotionId && push.state === 'rejected'), 'the rejected push');
    expect((await card(kyle, promotion.promotionId)).participation).toMatchObject({ state: 'rejected', rejectReason: 'The screenshot does not show the streak' });
    // Pushes carry the member's versions in order.
    const versions = kyle.pushes.map((push) => push.v);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it("answers NOT_FOUND for another brand's promotion or application, and keeps the operator's rules", async () => {
    const theirs = await create({ kind: 'cash_bonus', titles: { ES: 'Otra marca', EN: 'Other brand' }, terms: { amountMinor: '100', multiple: 1, days: 1 } }, 'OTHERBRAND');
    const lena = await register();
    expect((await operator('PUT', `/operator/v1/merchants/DEMO/promotions/${theirs.promotionId}/schedule`, { startsAt: new Date().toISOString(), endsAt: null })).body).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await operator('POST', `/operator/v1/merchants/DEMO/promotions/${theirs.promotionId}/disable`)).status).toBe(404);
    expect((await call('GET', `/wps/promotions/${theirs.promotionId}`, { token: lena.token })).body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await act(lena, 'claim', theirs.promotionId)).status).toBe(404);
    const application = await create({ kind: 'application', terms: { amountMinor: '100', multiple: 1, days: 1 } });
    await apply(lena, application.promotionId, { comment: 'Hello' });
    const [mine] = (await operator<{ list: PromotionApplication[] }>('GET', `/operator/v1/merchants/DEMO/promotion-applications?promotionId=${application.promotionId}`)).body.value.list;
    expect((await operator('POST', `/operator/v1/merchants/OTHERBRAND/promotion-applications/${mine!.applicationId}/approve`)).body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await operator('GET', `/operator/v1/merchants/OTHERBRAND/promotion-applications/${mine!.applicationId}`)).status).toBe(404);

    // The period and the kind are checked; a disabled promotion leaves the page; one scheduled later is coming soon.
    const bad = await operator('POST', '/operator/v1/merchants/DEMO/promotions', {
      kind: 'cash_bonus',
      category: 'other',
      titles: { ES: 'x', EN: 'x' },
      currency: 'MXN',
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() - DAY_MS).toISOString(),
      terms: { amountMinor: '100', multiple: 1, days: 1 },
    });
    expect(bad.body).toMatchObject({ code: 'PROMOTION_INVALID' });
    expect((await operator('POST', '/operator/v1/merchants/DEMO/promotions', { kind: 'cash_bonus', terms: { amountMinor: '-1' } })).status).toBe(400);
    const mutable = await cashBonus();
    const { promotionId, participants: _p, pending: _q, grantedMinor: _g, createdBy: _c, updatedBy: _u, createdAt: _ca, updatedAt: _ua, ...body } = mutable;
    expect((await operator('PUT', `/operator/v1/merchants/DEMO/promotions/${promotionId}`, { ...body, kind: 'application', terms: { amountMinor: '100', multiple: 1, days: 1 } })).body).toMatchObject({
      code: 'PROMOTION_INVALID',
    });
    const renamed = await operator<OperatorPromotion>('PUT', `/operator/v1/merchants/DEMO/promotions/${promotionId}`, { ...body, titles: { ES: 'Renombrada', EN: 'Renamed' } });
    expect(renamed.body.value).toMatchObject({ titles: { ES: 'Renombrada', EN: 'Renamed' }, updatedBy: 'ana.ops' });
    expect((await operator<OperatorPromotion>('POST', `/operator/v1/merchants/DEMO/promotions/${promotionId}/disable`)).body.value.enabled).toBe(false);
    expect((await page(lena)).list.some((one) => one.promotionId === promotionId)).toBe(false);
    expect((await act(lena, 'claim', promotionId)).body).toMatchObject({ code: 'PROMOTION_CLOSED' });
    await operator('POST', `/operator/v1/merchants/DEMO/promotions/${promotionId}/enable`);
    await operator('PUT', `/operator/v1/merchants/DEMO/promotions/${promotionId}/schedule`, { startsAt: new Date(Date.now() + DAY_MS).toISOString(), endsAt: null });
    expect((await card(lena, promotionId)).state).toBe('coming_soon');
    expect((await act(lena, 'claim', promotionId)).body).toMatchObject({ code: 'PROMOTION_NOT_STARTED' });
    const listed = (await operator<{ list: OperatorPromotion[] }>('GET', '/operator/v1/merchants/DEMO/promotions')).body.value.list;
    expect(listed.find((one) => one.promotionId === application.promotionId)).toMatchObject({ participants: 1, pending: 1 });
    expect(listed.some((one) => one.promotionId === theirs.promotionId)).toBe(false);
  });

  it('turns a deposit-match join into a bonus on the next deposit of at least the minimum', async () => {
    const promotion = await create({
      kind: 'deposit_match',
      category: 'deposit',
      titles: { ES: 'Igualamos tu depósito', EN: 'Deposit match test' },
      terms: { percent: 50, maxBonusMinor: '20000', minDepositMinor: '10000', multiple: 10, base: 'bonus_deposit', days: 30 },
    });
    const mia = await register();
    const joined = await act(mia, 'join', promotion.promotionId);
    expect(joined.body.value.promotion).toMatchObject({ state: 'signed', participation: { state: 'signed', bonusMinor: null } });
    // Joining again answers the same.
    expect((await act(mia, 'join', promotion.promotionId)).body.value.promotion.state).toBe('signed');
    await eventually(() => mia.pushes.some((push) => push.promotionId === promotion.promotionId && push.state === 'signed'), 'the signed push');

    const deposit = (amount: string) => call('POST', '/wps/v2/wallets/deposit/demo', { token: mia.token, key: randomUUID(), body: { amount } });
    expect((await deposit('50')).status).toBe(200);
    expect((await deposit('300')).status).toBe(200);
    await eventually(async () => (await card(mia, promotion.promotionId)).state === 'issued', 'the match to be given', 15_000);
    const issued = await card(mia, promotion.promotionId);
    // 50 % of 300.00, capped at 200.00 — the 50.00 deposit was below the minimum.
    expect(issued.participation).toMatchObject({ state: 'issued', depositMinor: '30000', bonusMinor: '15000' });
    await eventually(() => mia.pushes.some((push) => push.promotionId === promotion.promotionId && push.state === 'issued'), 'the issued push');
    const given = (await bonuses(mia)).filter((bonus) => bonus.title === 'Deposit match test');
    expect(given).toHaveLength(1);
    // Wagering on bonus + deposit: 10 × (150.00 + 300.00).
    expect(given[0]).toMatchObject({ amountMinor: '15000', requiredMinor: '450000' });
    // Another deposit gives nothing more.
    await deposit('400');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await grants(promotion.promotionId)).toEqual([{ status: 'done', amount_minor: '15000' }]);
  }, 30_000);

  it("gives a week's cashback of the net loss of the members who joined, once", async () => {
    const promotion = await create({
      kind: 'cashback',
      category: 'casino',
      titles: { ES: 'Cashback de prueba', EN: 'Cashback test' },
      startsAt: new Date(Date.now() - 30 * DAY_MS).toISOString(),
      terms: { rateBasisPoints: 1_000, maxMinor: '500000', minLossMinor: '10000', gameTypes: ['RNG'], payAs: 'bonus', multiple: 1, days: 7 },
    });
    const nora = await register();
    expect((await act(nora, 'join', promotion.promotionId)).status).toBe(200);
    // The promotion runs for a month; the member joined two weeks ago and played last week.
    await platform.db.orm.execute(sql`UPDATE points.promotion_participations SET created_at = now() - interval '14 days' WHERE promotion_id = ${promotion.promotionId}`);
    const lastWeek = new Date(Date.now() - 7 * DAY_MS).toISOString();
    const bet = (id: string, fields: Partial<BetSettled>) => settledBet({ betId: `cb-${id}-${randomUUID()}`, memberId: nora.memberId, validBetMinor: '0', settledAt: lastWeek, ...fields });
    const a = bet('a', { betAmountMinor: '50000', validBetMinor: '50000', winAmountMinor: '10000' });
    const b = bet('b', { betAmountMinor: '20000', validBetMinor: '20000' });
    await settle([a, b, bet('live', { gameType: 'LIVE', betAmountMinor: '100000', validBetMinor: '100000' })]);
    // A correction of a (won 20,000) and a cancellation of b.
    await settle([
      { ...a, winAmountMinor: '20000', revision: 1 },
      { ...b, state: 'cancelled', validBetMinor: '0', revision: 1 },
      { ...a, revision: 0 },
    ]);

    const open = await operator('POST', `/operator/v1/merchants/DEMO/promotions/${promotion.promotionId}/cashback`, { weekStart: new Date().toISOString().slice(0, 10) });
    expect(open.body).toMatchObject({ code: 'PROMOTION_WEEK_OPEN' });
    const run = await operator<{ weekStart: string; members: number; grantedMinor: string }>('POST', `/operator/v1/merchants/DEMO/promotions/${promotion.promotionId}/cashback`);
    expect(run.body.value).toMatchObject({ members: 1, grantedMinor: '3000' });
    await eventually(() => nora.pushes.some((push) => push.promotionId === promotion.promotionId && push.state === 'issued'), 'the cashback push');
    await eventually(async () => (await bonuses(nora)).some((bonus) => bonus.source === 'cashback'), 'the cashback bonus', 10_000);
    expect((await bonuses(nora)).find((bonus) => bonus.source === 'cashback')).toMatchObject({ amountMinor: '3000', requiredMinor: '3000' });
    // Once per week, however often it runs; a late bet of that week changes nothing.
    await settle([bet('late', { betAmountMinor: '90000', validBetMinor: '90000' })]);
    expect((await operator<{ members: number }>('POST', `/operator/v1/merchants/DEMO/promotions/${promotion.promotionId}/cashback`)).body.value.members).toBe(0);
    expect(await grants(promotion.promotionId)).toEqual([{ status: 'done', amount_minor: '3000' }]);
  }, 30_000);
});
