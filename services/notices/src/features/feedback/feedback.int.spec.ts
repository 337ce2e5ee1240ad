import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { rows, sleep } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { FEEDBACK_REPLIED_EVENT, PUSH_EVENT, type AnyPush, type FeedbackDetail, type FeedbackReply, type FeedbackSummary, type Push } from '@wps/contracts';

type Page<T> = { list: T[]; pageNo: number; pageSize: number; totalPages: number; total: number };
type OperatorSummary = FeedbackSummary & { memberId: string; account: string; merchantCode: string };

const IMAGE_INVALID_EN = 'Images must be png or jpg, at most 5MB each, at most 3';
const WORDS_EN = 'Please enter between 5 and 500 words';
const words = (count: number) => Array.from({ length: count }, (_, index) => `palabra${index}`).join(' ');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

/** Feedback and complaints through the real HTTP API of the embedded platform, files in a folder of the test's own. */
describe('feedback and complaints (embedded, over HTTP)', () => {
  let platform: EmbeddedPlatform;
  const fileDir = mkdtempSync(path.join(os.tmpdir(), 'wps-feedback-files-'));
  const call = apiCaller(() => platform.url);
  const password = 'secreto12';
  const register = async (prefix: string) => {
    const username = `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    const answer = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', { body: { username, password, confirmPassword: password, acceptTerms: true } });
    expect(answer.status).toBe(200);
    return { token: answer.body.value.token, memberId: answer.body.value.user.id, account: username };
  };
  type Member = Awaited<ReturnType<typeof register>>;
  const submit = (member: Member, body: Record<string, unknown>, language = 'EN') => call<FeedbackSummary>('PUT', '/wps/feedback', { token: member.token, body, language });
  const detail = (member: Member, id: string) => call<FeedbackDetail>('GET', `/wps/feedback/${id}`, { token: member.token });
  const list = (member: Member, query = '') => call<Page<FeedbackSummary>>('GET', `/wps/feedback${query}`, { token: member.token });
  const asOperator = <T>(method: string, url: string, body?: unknown, token?: string) =>
    call<T>(method, url, { body, headers: { authorization: `Operator ${token ?? platform.operatorToken}`, 'x-operator': 'laura' } });
  const storedFiles = () => {
    try {
      return readdirSync(path.join(fileDir, 'feedback'));
    } catch {
      return [];
    }
  };
  const sockets: Socket[] = [];
  /** Opens a socket of the member's session; answers the `feedback` pushes it receives, in order. */
  const listen = async (member: Member): Promise<Push<'feedback'>[]> => {
    const pushes: Push<'feedback'>[] = [];
    const socket = io(platform.url, { auth: { token: member.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.on(PUSH_EVENT, (push: AnyPush) => {
      if (push.type === 'feedback') pushes.push(push);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return pushes;
  };
  const storedRows = async (memberId: string) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM notices.feedback WHERE member_id = ${memberId}`))[0]!.n;

  let png: Buffer;
  let jpegWithExif: Buffer;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { FILE_STORE_DIR: fileDir } });
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3344' } })
      .png()
      .toBuffer();
    jpegWithExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Maria Lopez', Copyright: 'Calle Secreta 12' } })
      .toBuffer();
    alice = await register('fba');
    bob = await register('fbb');
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
    rmSync(fileDir, { recursive: true, force: true });
  });

  it('stores a good submission with a png and a jpg, trimmed, re-encoded and without their metadata', async () => {
    expect((await sharp(jpegWithExif).metadata()).exif).toBeDefined();
    const filesBefore = storedFiles().length;
    const sent = await submit(alice, { type: 'complaint', content: `  ${words(12)}\r\n `, images: [dataUrl('image/png', png), jpegWithExif.toString('base64')] });
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({ type: 'complaint', status: 'open', imageCount: 2, replyCount: 0, preview: words(12) });
    expect(storedFiles()).toHaveLength(filesBefore + 2);

    const opened = await detail(alice, sent.body.value.id);
    expect(opened.status).toBe(200);
    expect(opened.body.value.content).toBe(words(12));
    expect(opened.body.value.replies).toEqual([]);
    const [first, second] = opened.body.value.images;
    expect(first).toMatchObject({ position: 1, width: 40, height: 30, dataUrl: expect.stringMatching(/^data:image\/png;base64,/) });
    expect(second).toMatchObject({ position: 2, width: 64, height: 48, dataUrl: expect.stringMatching(/^data:image\/jpeg;base64,/) });
    const jpeg = Buffer.from(second!.dataUrl.split(',')[1]!, 'base64');
    const metadata = await sharp(jpeg).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(jpeg.includes(Buffer.from('Calle Secreta'))).toBe(false);

    const mine = await list(alice);
    expect(mine.body.value).toMatchObject({ pageNo: 1, total: 1, totalPages: 1 });
    expect(mine.body.value.list[0]).toEqual(sent.body.value);
    // Feedback images are never served as public files.
    const [key] = await rows<{ file_key: string }>(platform.db.orm, sql`SELECT file_key FROM notices.feedback_images WHERE feedback_id = ${sent.body.value.id} LIMIT 1`);
    expect((await fetch(`${platform.url}/files/${key!.file_key}`)).status).toBe(404);
  });

  it('refuses disguised images by their bytes, whatever the name or the declared type, and stores nothing', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const disguised = [
      dataUrl('image/png', gif),
      dataUrl('image/png', svg),
      Buffer.from('just some text, named receipt.png').toString('base64'),
      dataUrl('image/gif', gif),
      dataUrl('image/svg+xml', svg),
      dataUrl('image/jpeg', png),
      dataUrl('text/plain', png),
      'data:image/png,not-base64',
      // a png's signature in front of bytes that are no image
      dataUrl('image/png', Buffer.concat([png.subarray(0, 8), Buffer.from('no image data here')])),
    ];
    const filesBefore = storedFiles().length;
    for (const image of disguised) {
      const refused = await submit(bob, { type: 'other', content: words(8), images: [dataUrl('image/png', png), image] });
      expect(refused.status, image.slice(0, 40)).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'IMAGE_INVALID', message: IMAGE_INVALID_EN });
    }
    expect(await storedRows(bob.memberId)).toBe(0);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it('refuses an image over 5 MB, more than 3 images, a word count outside the limits and an unknown type, in the client’s language', async () => {
    const carol = await register('fbc');
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 - 7, 1)]);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ type: 'game', content: words(8), images: [dataUrl('image/png', big)] }, 'IMAGE_INVALID', IMAGE_INVALID_EN],
      [{ type: 'game', content: words(8), images: Array.from({ length: 4 }, () => dataUrl('image/png', png)) }, 'FEEDBACK_TOO_MANY_IMAGES', IMAGE_INVALID_EN],
      [{ type: 'game', content: words(4) }, 'FEEDBACK_WORDS_OUT_OF_RANGE', WORDS_EN],
      [{ type: 'game', content: `   ${words(4)}  \n\n ` }, 'FEEDBACK_WORDS_OUT_OF_RANGE', WORDS_EN],
      [{ type: 'game', content: words(501) }, 'FEEDBACK_WORDS_OUT_OF_RANGE', WORDS_EN],
      [{ type: 'game', content: Array.from({ length: 6 }, () => 'a'.repeat(2_000)).join(' ') }, 'FEEDBACK_CONTENT_TOO_LONG', 'The text can have at most 10,000 characters'],
      [{ type: 'lottery', content: words(8) }, 'FEEDBACK_TYPE_INVALID', 'Please choose what your feedback is about'],
    ];
    const filesBefore = storedFiles().length;
    for (const [body, code, message] of cases) {
      const refused = await submit(carol, body);
      expect(refused.status, code).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code, message });
    }
    expect((await submit(carol, { type: 'game', content: words(3) }, 'ES')).body.message).toBe('Por favor escriba entre 5 y 500 palabras');
    expect(await storedRows(carol.memberId)).toBe(0);
    expect(storedFiles()).toHaveLength(filesBefore);

    // The limits themselves are allowed.
    expect((await submit(carol, { type: 'game', content: words(5) })).status).toBe(200);
    expect((await submit(carol, { type: 'suggestion', content: words(500) })).status).toBe(200);
    expect((await list(carol)).body.value.list.map((item) => item.type)).toEqual(['suggestion', 'game']);
  });

  it('keeps no file when the submission cannot be stored', async () => {
    const dave = await register('fbd');
    await platform.db.orm.execute(sql`ALTER TABLE notices.feedback_images ADD CONSTRAINT test_refuse_images CHECK (width < 0) NOT VALID`);
    try {
      const filesBefore = storedFiles().length;
      const failed = await submit(dave, { type: 'account', content: words(6), images: [dataUrl('image/png', png)] });
      expect(failed.status).toBe(500);
      expect(storedFiles()).toHaveLength(filesBefore);
      expect(await storedRows(dave.memberId)).toBe(0);
    } finally {
      await platform.db.orm.execute(sql`ALTER TABLE notices.feedback_images DROP CONSTRAINT test_refuse_images`);
    }
  });

  it('refuses trial accounts and guests', async () => {
    const trial = await register('fbt');
    await platform.db.orm.execute(sql`UPDATE identity.members SET type = 4 WHERE id = ${trial.memberId}`);
    const refused = await submit(trial, { type: 'other', content: words(6) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'TRIAL_ACCOUNT_REFUSED', message: 'Please use a real account' });
    expect((await list(trial)).status).toBe(403);
    expect(await storedRows(trial.memberId)).toBe(0);
    expect((await call('PUT', '/wps/feedback', { body: { type: 'other', content: words(6) } })).status).toBe(401);
    expect((await call('GET', '/wps/feedback')).status).toBe(401);
  });

  it('answers another member’s submission exactly as an unknown one, and changes nothing', async () => {
    const [alices] = (await list(alice)).body.value.list;
    const unknown = await detail(bob, '999999999');
    const others = await detail(bob, alices!.id);
    expect(others.status).toBe(404);
    expect(others.body).toEqual(unknown.body);
    expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await detail(bob, 'abc')).status).toBe(404);
    expect((await detail(bob, '99999999999999999999999')).status).toBe(404);

    const followUp = await call('POST', `/wps/feedback/${alices!.id}/replies`, { token: bob.token, body: { text: 'Esto no es mío' } });
    expect(followUp.status).toBe(404);
    expect((await detail(alice, alices!.id)).body.value.replies).toEqual([]);
    expect((await list(bob)).body.value).toMatchObject({ list: [], total: 0, totalPages: 0 });
  });

  it('lets the operator list, read, answer and close; the member sees the reply and follows up while it is open', async () => {
    const erin = await register('fbe');
    const sent = (await submit(erin, { type: 'withdrawal', content: words(20), images: [dataUrl('image/png', png)] })).body.value;

    const open = await asOperator<Page<OperatorSummary>>('GET', `/operator/v1/feedback?status=open&memberId=${erin.memberId}&type=`);
    expect(open.status).toBe(200);
    expect(open.body.value.list).toEqual([{ ...sent, memberId: erin.memberId, account: erin.account, merchantCode: 'DEMO' }]);
    expect((await asOperator<Page<OperatorSummary>>('GET', `/operator/v1/feedback?status=replied&memberId=${erin.memberId}`)).body.value.total).toBe(0);
    const seen = await asOperator<FeedbackDetail & { account: string }>('GET', `/operator/v1/feedback/${sent.id}`);
    expect(seen.body.value).toMatchObject({ content: words(20), account: erin.account, images: [{ position: 1, dataUrl: expect.stringMatching(/^data:image\/png;base64,/) }] });

    const answer = await asOperator<FeedbackReply>('POST', `/operator/v1/feedback/${sent.id}/replies`, { text: '  Gracias, ya revisamos su retiro.  ' });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({ from: 'operator', operatorName: 'laura', text: 'Gracias, ya revisamos su retiro.' });
    const mine = (await detail(erin, sent.id)).body.value;
    expect(mine).toMatchObject({ status: 'replied', replyCount: 1, replies: [answer.body.value] });
    expect((await list(erin)).body.value.list[0]).toMatchObject({ status: 'replied', replyCount: 1 });
    // The reply also leaves a letter in the member's inbox, so the unread badge rises at once.
    const inbox = await call<{ list: { title: string; content: string; read: boolean }[] }>('GET', '/wps/relay/CSP_messageList', { token: erin.token, headers: { 'accept-language': 'en' } });
    expect(inbox.body.value.list).toContainEqual(expect.objectContaining({ title: 'Reply to your feedback', content: expect.stringContaining(`no. ${sent.id}`), read: false }));
    await eventually(async () => {
      const [event] = await rows<{ payload: { feedbackId: string; memberId: string; reply: { text: string } }; published: boolean }>(
        platform.db.orm,
        sql`SELECT envelope->'payload' AS payload, published_at IS NOT NULL AS published FROM notices.outbox WHERE envelope->>'type' = ${FEEDBACK_REPLIED_EVENT} AND envelope->'payload'->>'feedbackId' = ${sent.id}`,
      );
      return event?.published === true && event.payload.memberId === erin.memberId && event.payload.reply.text === 'Gracias, ya revisamos su retiro.';
    }, 'feedback.replied published');

    const empty = await call('POST', `/wps/feedback/${sent.id}/replies`, { token: erin.token, body: { text: '   ' } });
    expect(empty.body).toMatchObject({ code: 'FEEDBACK_REPLY_EMPTY', message: 'Please enter a reply' });
    const followUp = await call<FeedbackReply>('POST', `/wps/feedback/${sent.id}/replies`, { token: erin.token, body: { text: 'Sigue sin llegar, ¿me ayudan?' } });
    expect(followUp.status).toBe(200);
    expect(followUp.body.value).toMatchObject({ from: 'member', operatorName: null, text: 'Sigue sin llegar, ¿me ayudan?' });
    const after = (await detail(erin, sent.id)).body.value;
    expect(after.status).toBe('open');
    expect(after.replies.map((reply) => reply.from)).toEqual(['operator', 'member']);

    const closed = await asOperator<OperatorSummary>('POST', `/operator/v1/feedback/${sent.id}/close`);
    expect(closed.body.value).toMatchObject({ id: sent.id, status: 'closed' });
    expect((await asOperator<OperatorSummary>('POST', `/operator/v1/feedback/${sent.id}/close`)).body.value.status).toBe('closed');
    const late = await call('POST', `/wps/feedback/${sent.id}/replies`, { token: erin.token, body: { text: 'Hola de nuevo' } });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'FEEDBACK_CLOSED', message: 'This feedback is closed' });
    expect((await asOperator('POST', `/operator/v1/feedback/${sent.id}/replies`, { text: 'Otra respuesta' })).status).toBe(409);
    expect((await detail(erin, sent.id)).body.value.replies).toHaveLength(2);
    expect((await asOperator('POST', '/operator/v1/feedback/999999999/close')).status).toBe(404);
  });

  it('pushes an operator’s reply and close to the member’s sockets as `feedback`, and to nobody else', async () => {
    const gina = await register('fbg');
    const sent = (await submit(gina, { type: 'deposit', content: words(8) })).body.value;
    const [ginas, alices] = await Promise.all([listen(gina), listen(alice)]);

    const answer = await asOperator<FeedbackReply>('POST', `/operator/v1/feedback/${sent.id}/replies`, { text: 'Ya está acreditado.' });
    expect(answer.status).toBe(200);
    await eventually(() => ginas.length === 1, 'the reply pushed');
    const [listed] = (await list(gina)).body.value.list;
    // What the member's own list shows of it, and nothing more.
    expect(ginas[0]).toEqual({ v: Date.parse(listed!.updatedAt), type: 'feedback', data: { feedbackId: sent.id, status: 'replied', replyCount: 1, updatedAt: listed!.updatedAt } });

    const closed = await asOperator<FeedbackSummary>('POST', `/operator/v1/feedback/${sent.id}/close`);
    expect(closed.status).toBe(200);
    await eventually(() => ginas.length === 2, 'the close pushed');
    expect(ginas[1]!.data).toEqual({ feedbackId: sent.id, status: 'closed', replyCount: 1, updatedAt: closed.body.value.updatedAt });
    expect(ginas[1]!.v).toBeGreaterThanOrEqual(ginas[0]!.v);

    // Closing a closed submission changes nothing and pushes nothing; other members never hear of it.
    expect((await asOperator('POST', `/operator/v1/feedback/${sent.id}/close`)).status).toBe(200);
    await sleep(300);
    expect(ginas).toHaveLength(2);
    expect(alices).toEqual([]);
  });

  it('refuses the operator calls without the operator token', async () => {
    const [alices] = (await list(alice)).body.value.list;
    for (const [method, url] of [
      ['GET', '/operator/v1/feedback'],
      ['GET', `/operator/v1/feedback/${alices!.id}`],
      ['POST', `/operator/v1/feedback/${alices!.id}/replies`],
      ['POST', `/operator/v1/feedback/${alices!.id}/close`],
    ] as const) {
      const wrong = await asOperator(method, url, method === 'POST' ? { text: 'hola' } : undefined, 'not-the-token');
      expect(wrong.status, url).toBe(401);
      expect(wrong.body.code).toBe('OPERATOR_UNAUTHORIZED');
      const asMember = await call(method, url, { token: alice.token, body: method === 'POST' ? { text: 'hola' } : undefined });
      expect(asMember.status, url).toBe(401);
    }
    expect((await detail(alice, alices!.id)).body.value).toMatchObject({ status: 'open', replies: [] });
  });

  it('holds a member to 10 submissions an hour', async () => {
    const frank = await register('fbf');
    for (let sent = 0; sent < 10; sent++) expect((await submit(frank, { type: 'other', content: words(1) })).status).toBe(400);
    const limited = await submit(frank, { type: 'other', content: words(6) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await storedRows(frank.memberId)).toBe(0);
  });

  it('gives the demo player two submissions, one answered by the operator in Spanish', async () => {
    const login = await call<{ token: string }>('POST', '/wps/session/login', { body: { username: 'demoplayer', password: 'demo1234', type: 'username' } });
    expect(login.status).toBe(200);
    const demo = { token: login.body.value.token, memberId: '', account: 'demoplayer' };
    // The demo submissions are written when the demo player's registration reaches the notices service.
    await eventually(async () => (await list(demo)).body.value.total === 2, 'the demo submissions');
    const [deposit, suggestion] = (await list(demo)).body.value.list;
    expect(deposit).toMatchObject({ type: 'deposit', status: 'open', imageCount: 1, replyCount: 0 });
    expect(suggestion).toMatchObject({ type: 'suggestion', status: 'replied', replyCount: 1 });
    const answered = (await detail(demo, suggestion!.id)).body.value;
    expect(answered.replies).toEqual([expect.objectContaining({ from: 'operator', text: expect.stringContaining('Gracias por tu sugerencia') })]);
    const receipt = (await detail(demo, deposit!.id)).body.value.images[0]!;
    expect((await sharp(Buffer.from(receipt.dataUrl.split(',')[1]!, 'base64')).metadata()).format).toBe('png');
    // Seeded once, however often the player appears.
    expect((await list(demo)).body.value.total).toBe(2);
    const [seeded] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM notices.feedback WHERE account = 'demoplayer' AND origin IS NOT NULL`);
    expect(seeded!.n).toBe(2);
  });
});
