import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { PUSH_EVENT, readPush, type AnyPush, type HelpCentre, type OperatorHelpCentre, type NoticeEntry, type NoticesAnswer, type OperatorNotice } from '@wps/contracts';
import { rows, sleep } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

type Texts = Record<string, { title: string; content?: string }>;

describe('content through the real HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'wps-content-test-'));
  const call = apiCaller(() => platform.url);
  const operator = () => ({ authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'content-test' });
  const tag = () => randomUUID().slice(0, 8);
  let ip = 1;
  const freshIp = () => ({ 'x-forwarded-for': `203.0.113.${ip++}` });

  const notices = (query = 'types=B,PL,PU,PR,H&platform=W', options: { token?: string; language?: string } = {}) =>
    call<NoticesAnswer>('GET', `/wps/system/notices?${query}`, { token: options.token, language: options.language ?? 'ES' });
  const all = (answer: NoticesAnswer): NoticeEntry[] => [...answer.banners, ...answer.player, ...answer.popup, ...answer.promotion, ...answer.help];
  const titles = (answer: NoticesAnswer) => all(answer).map((entry) => entry.title);
  const createNotice = (body: Record<string, unknown>, merchant = 'DEMO', language = 'EN') =>
    call<OperatorNotice>('POST', `/operator/v1/merchants/${merchant}/notices`, { body, headers: operator(), language });
  const notice = (title: string, fields: Record<string, unknown> = {}, texts?: Texts) => ({ type: 'PL', texts: texts ?? { ES: { title, content: `<p>${title}</p>` } }, ...fields });
  const contentRows = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT (SELECT count(*) FROM notices.notices) + (SELECT count(*) FROM notices.notice_texts) AS n`))[0]!.n;
  const storedFiles = () => (existsSync(path.join(filesDir, 'content')) ? readdirSync(path.join(filesDir, 'content')).length : 0);

  const member = async () => {
    const username = `cnt${tag()}`;
    const answer = await call<{ token: string }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
      headers: freshIp(),
    });
    expect(answer.status).toBe(200);
    return answer.body.value.token;
  };
  let memberToken: string;
  let agentToken: string;
  let trialToken: string;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { FILE_STORE_DIR: filesDir } });
    memberToken = await member();
    const agent = await call<{ token: string }>('POST', '/wps/session/login', { body: { username: 'demoagent', password: 'demo1234', area: 'agent' }, headers: freshIp() });
    agentToken = agent.body.value.token;
    // Free play (trial accounts, type 4) is a brand option.
    const freePlay = await call('PUT', '/operator/v1/merchants/DEMO/settings', { body: { whitelabel: { FREEPLAY3: true } }, headers: operator() });
    expect(freePlay.status).toBe(200);
    const trial = await call<{ token: string }>('POST', '/wps/session/login/freeplay', { headers: freshIp() });
    trialToken = trial.body.value.token;
    expect([agentToken, trialToken].every(Boolean)).toBe(true);
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('serves the demo brand’s content in Spanish and English: banners of every group, notices, popups, promotions, help', async () => {
    const { status, body } = await notices();
    expect(status).toBe(200);
    const answer = body.value;
    const groups = answer.banners.map((banner) => banner.groupName);
    expect(new Set(groups)).toEqual(new Set(['w_home', 'w_login', 'w_reg', 'w_forget', 'w_leftmenu']));
    expect(groups.filter((group) => group === 'w_home').length).toBeGreaterThanOrEqual(3);
    expect(answer.banners.every((banner) => banner.url?.startsWith('/files/content/') && banner.linkageType !== 'NONE')).toBe(true);
    expect(answer.player.length).toBeGreaterThanOrEqual(4);
    // A guest sees the guests' popup only (spec §4: anonymous users see execution B).
    expect(answer.popup.map((popup) => popup.execution)).toEqual(['B']);
    expect(answer.promotion).toHaveLength(3);
    expect(answer.promotion.every((promotion) => promotion.url && promotion.content.includes('<li>'))).toBe(true);
    expect(answer.help.length).toBeGreaterThanOrEqual(1);
    // Banners link to the site's own pages and to promotions that exist.
    const promotionIds = answer.promotion.map((promotion) => promotion.id);
    for (const banner of answer.banners) {
      if (banner.linkageType === 'PROMOTION') expect(promotionIds).toContain(banner.linkTarget);
      if (banner.linkageType === 'PAGE') expect(banner.linkTarget).toMatch(/^\/(live|rng|promotions|register|help)$/);
    }
    const english = (await notices(undefined, { language: 'EN' })).body.value;
    expect(english.promotion.map((promotion) => promotion.title)).toContain('100% welcome bonus');
    expect(answer.promotion.map((promotion) => promotion.title)).toContain('Bono de bienvenida del 100%');

    const image = await fetch(platform.url + answer.banners[0]!.url!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ width: 1920, height: 600 });
    expect(metadata.exif).toBeUndefined();

    // Signed-in members see the members' popups: two with execution A and the first-sign-in one.
    const members = (await notices(undefined, { token: memberToken })).body.value;
    expect(members.popup.map((popup) => popup.execution).sort()).toEqual(['A', 'A', 'F']);
  });

  it('answers each audience its own notices: guests, members (trial accounts too) and agents, by VIP level and popup execution', async () => {
    const id = tag();
    const made = await Promise.all([
      createNotice(notice(`guests ${id}`, { audiences: ['guest'] })),
      createNotice(notice(`members ${id}`, { audiences: ['member'] })),
      createNotice(notice(`agents ${id}`, { audiences: ['agent'] })),
      createNotice(notice(`vip ${id}`, { minVipLevel: 3 })),
      createNotice(notice(`popup A ${id}`, { type: 'PU', execution: 'A' })),
      createNotice(notice(`popup B ${id}`, { type: 'PU', execution: 'B' })),
      createNotice(notice(`popup F ${id}`, { type: 'PU', execution: 'F' })),
    ]);
    expect(made.map((answer) => answer.status)).toEqual(made.map(() => 200));
    const mine = async (token?: string, query?: string) => titles((await notices(query, { token })).body.value).filter((title) => title.endsWith(id));

    expect(await mine()).toEqual([`guests ${id}`, `popup B ${id}`]);
    expect((await mine(memberToken)).sort()).toEqual([`members ${id}`, `popup A ${id}`, `popup F ${id}`]);
    expect((await mine(trialToken)).sort()).toEqual([`members ${id}`, `popup A ${id}`, `popup F ${id}`]);
    expect((await mine(agentToken)).sort()).toEqual([`agents ${id}`, `popup A ${id}`, `popup F ${id}`]);
    // `execution` narrows the popups to one kind; a guest never gets a members' popup by asking for it.
    expect(await mine(memberToken, 'types=PU&execution=F')).toEqual([`popup F ${id}`]);
    expect(await mine(undefined, 'types=PU&execution=A')).toEqual([]);
    // An unknown or ended session is just a guest.
    expect(await mine('not-a-live-session')).toEqual([`guests ${id}`, `popup B ${id}`]);
  });

  it('answers a notice only inside its window, and the cached answer ends when a notice starts or ends', async () => {
    const id = tag();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const future = await createNotice(notice(`future ${id}`, { startsAt: later }));
    const ending = await createNotice(notice(`ending ${id}`, { endsAt: new Date(Date.now() + 1_500).toISOString() }));
    expect([future.status, ending.status]).toEqual([200, 200]);
    const answer = (await notices('types=PL')).body.value;
    expect(titles(answer)).toContain(`ending ${id}`);
    expect(titles(answer)).not.toContain(`future ${id}`);
    expect(new Date(answer.validUntil!).getTime()).toBeLessThanOrEqual(Date.parse(ending.body.value.endsAt!));
    await sleep(1_600);
    // No change event in between: the gateway let the answer go when the notice ended.
    expect(titles((await notices('types=PL')).body.value)).not.toContain(`ending ${id}`);
    // A draft is kept but never shown.
    await createNotice(notice(`draft ${id}`, { status: 'draft' }));
    expect(titles((await notices('types=PL')).body.value)).not.toContain(`draft ${id}`);
  });

  it('answers texts in the language, else in the brand’s default language (ES), else any', async () => {
    const id = tag();
    await createNotice(notice('', {}, { ES: { title: `hola ${id}` }, EN: { title: `hello ${id}` } }));
    await createNotice(notice('', {}, { ES: { title: `solo español ${id}` } }));
    await createNotice(notice('', {}, { EN: { title: `english only ${id}` } }));
    const mine = async (language: string) => titles((await notices('types=PL', { language })).body.value).filter((title) => title.endsWith(id));
    expect((await mine('EN')).sort()).toEqual([`english only ${id}`, `hello ${id}`, `solo español ${id}`]);
    expect((await mine('ES')).sort()).toEqual([`english only ${id}`, `hola ${id}`, `solo español ${id}`]);
  });

  it('stores texts in any of the 31 interface languages and answers each reader its own, else the brand’s default', async () => {
    const id = tag();
    const written = await createNotice(
      notice('', {}, { ES: { title: `hola ${id}` }, EN: { title: `hello ${id}` }, FR: { title: `bonjour ${id}` }, 'ZH-TW': { title: `你好 ${id}` }, AR: { title: `مرحبا ${id}` } }),
    );
    expect(written.status).toBe(200);
    const mine = async (language: string) => titles((await notices('types=PL', { language })).body.value).filter((title) => title.endsWith(id));
    expect(await mine('FR')).toEqual([`bonjour ${id}`]);
    expect(await mine('fr-CA')).toEqual([`bonjour ${id}`]);
    expect(await mine('ZH-TW')).toEqual([`你好 ${id}`]);
    expect(await mine('AR')).toEqual([`مرحبا ${id}`]);
    // Japanese was not written: the brand's default language (ES) stands in.
    expect(await mine('JA')).toEqual([`hola ${id}`]);
    // A key that is not an interface language is refused, and nothing is stored.
    const unknown = await createNotice(notice('', {}, { ES: { title: `x ${id}` }, XX: { title: `nope ${id}` } }));
    expect(unknown.status).toBe(400);
    expect((await mine('ES')).sort()).toEqual([`hola ${id}`]);
  });

  it('narrows the answer by type and refuses an unknown type or platform', async () => {
    const banners = (await notices('types=B&platform=W')).body.value;
    expect(banners.banners.length).toBeGreaterThan(0);
    expect([banners.player, banners.popup, banners.promotion, banners.help].every((list) => list.length === 0)).toBe(true);
    const unknownType = await notices('types=B,XX');
    expect(unknownType.status).toBe(400);
    expect(unknownType.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'types' });
    expect((await notices('types=B&platform=Z')).status).toBe(400);
    expect((await notices('types=B&execution=Q')).status).toBe(400);
  });

  it('neutralises script in content and titles on write, keeping the formatting', async () => {
    const id = tag();
    const created = await createNotice(
      notice(
        '',
        {},
        {
          ES: {
            title: `<b>Hola</b><script>alert(1)</script> ${id}`,
            content: `<p onclick="alert(1)">Bono <strong>50%</strong></p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">mal</a><a href="https://example.com/t">bien</a><iframe src="https://evil.example"></iframe>`,
          },
        },
      ),
    );
    expect(created.status).toBe(200);
    const stored = created.body.value.texts.ES!;
    expect(stored.title).toBe(`Hola ${id}`);
    expect(stored.content).not.toMatch(/<script|onclick|onerror|javascript:|<iframe/i);
    expect(stored.content).toContain('<p>Bono <strong>50%</strong></p>');
    expect(stored.content).toContain('<a href="https://example.com/t" target="_blank" rel="noopener noreferrer">bien</a>');
    const [row] = await rows<{ content: string }>(platform.db.orm, sql`SELECT content FROM notices.notice_texts WHERE notice_id = ${created.body.value.id}`);
    expect(row!.content).toBe(stored.content);
    const shown = (await notices('types=PL')).body.value.player.find((entry) => entry.id === created.body.value.id);
    expect(shown?.content).toBe(stored.content);
  });

  it('refuses a bad notice with the spec’s message, in the caller’s language, and stores nothing', async () => {
    const before = await contentRows();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const cases: [Record<string, unknown>, string, string?][] = [
      [notice('   '), 'NOTICE_TITLE_EMPTY', 'texts.ES.title'],
      [notice('<script>alert(1)</script>'), 'NOTICE_TITLE_EMPTY'],
      [{ type: 'PL', texts: {} }, 'NOTICE_TITLE_EMPTY', 'texts'],
      [notice('x', { startsAt: new Date(Date.now() + 7_200_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString() }), 'NOTICE_WINDOW_INVALID', 'endsAt'],
      [notice('x', { startsAt: new Date(Date.now() - 7_200_000).toISOString(), endsAt: hourAgo }), 'NOTICE_WINDOW_INVALID'],
      [notice('x', { type: 'B', groupName: 'w_nowhere' }), 'BANNER_GROUP_INVALID', 'groupName'],
      [notice('x', { type: 'B' }), 'BANNER_GROUP_INVALID'],
      [notice('x', { type: 'PU' }), 'NOTICE_EXECUTION_REQUIRED'],
      [notice('x', { linkageType: 'GAME', linkTarget: 'dice' }), 'NOTICE_LINK_INVALID', 'linkTarget'],
      [notice('x', { linkageType: 'PAGE', linkTarget: '//evil.example/x' }), 'NOTICE_LINK_INVALID'],
      [notice('x', { linkageType: 'PAGE', linkTarget: 'javascript:alert(1)' }), 'NOTICE_LINK_INVALID'],
      [notice('x', { linkageType: 'PROMOTION', linkTarget: '999999999' }), 'NOTICE_LINK_INVALID'],
      [notice('x', { linkageType: 'NONE', linkTarget: '/live' }), 'NOTICE_LINK_INVALID'],
      [notice('x', { linkageType: 'URL', linkTarget: 'javascript:alert(1)' }), 'NOTICE_URL_INVALID'],
      [notice('x', { linkageType: 'URL', linkTarget: 'ftp://files.example.com/a' }), 'NOTICE_URL_INVALID'],
      [notice('x', { imageKey: 'content/0123456789abcdef0123456789abcdef.png' }), 'CONTENT_IMAGE_NOT_FOUND', 'imageKey'],
      [notice('x', { type: 'XX' }), 'VALIDATION_FAILED', 'type'],
      [notice('x', { unknownField: 1 }), 'VALIDATION_FAILED'],
    ];
    for (const [body, code, field] of cases) {
      const answer = await createNotice(body);
      expect({ body, status: answer.status, code: answer.body.code }).toEqual({ body, status: 400, code });
      if (field) expect(answer.body.field).toBe(field);
    }
    const spanish = await createNotice(notice('x', { linkageType: 'URL', linkTarget: 'mailto:a@b.c' }), 'DEMO', 'ES');
    expect(spanish.body.message).toBe('URL inválida: los enlaces deben comenzar con http:// o https://');
    const english = await createNotice(notice('x', { type: 'B', groupName: 'top' }));
    expect(english.body.message).toBe('Unknown banner group; use w_login, w_reg, w_forget, w_home or w_leftmenu');
    expect(await contentRows()).toBe(before);
  });

  it('uploads images checked by content, resized and stripped; a disguised or oversized upload is refused and nothing is stored', async () => {
    const upload = (image: string) => call<{ key: string; url: string; width: number; height: number }>('POST', '/operator/v1/content/images', { body: { image }, headers: operator() });
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#d4a017' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'camera owner', ImageDescription: 'home address' } } })
      .jpeg()
      .toBuffer();
    const files = storedFiles();
    const images = (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM notices.content_images`))[0]!.n;
    const refused = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>').toString('base64'),
      `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64')}`,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>')]).toString('base64'),
      '@@not base64@@',
      // Over 5 MB, with a jpeg's signature.
      Buffer.concat([photo.subarray(0, 3), Buffer.alloc(5 * 1024 * 1024)]).toString('base64'),
    ];
    for (const image of refused) {
      const answer = await upload(image);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'IMAGE_INVALID', message: 'Images must be png or jpg, at most 5MB each, at most 3' });
    }
    expect(storedFiles()).toBe(files);
    expect((await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM notices.content_images`))[0]!.n).toBe(images);

    const stored = await upload(`data:image/jpeg;base64,${photo.toString('base64')}`);
    expect(stored.status).toBe(200);
    expect(stored.body.value).toMatchObject({ width: 1920, height: 960, url: `/files/${stored.body.value.key}` });
    expect(storedFiles()).toBe(files + 1);
    const served = await fetch(platform.url + stored.body.value.url);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('camera owner'))).toBe(false);

    // A stored image can illustrate a notice and the licence.
    const withImage = await createNotice(notice(`with image ${tag()}`, { type: 'PR', imageKey: stored.body.value.key }));
    expect(withImage.body.value.url).toBe(stored.body.value.url);
    const licence = await call('PUT', '/operator/v1/merchants/DEMO/licence', {
      body: { imageKey: stored.body.value.key, texts: { ES: '<p>Licencia <b>X-1</b></p><script>x</script>', EN: '<p>Licence X-1</p>' } },
      headers: operator(),
    });
    expect(licence.status).toBe(200);
    const help = await call<HelpCentre>('GET', '/wps/system/helpCenter?language=ES');
    expect(help.body.value.licence).toEqual({ url: stored.body.value.url, text: '<p>Licencia <b>X-1</b></p>' });
  });

  it('keeps an answer until the brand’s content changes: the change event drops it, and every socket of the brand hears it', async () => {
    const id = tag();
    const socket = io(platform.url, { auth: { merchantCode: 'DEMO' }, transports: ['websocket'] });
    const pushes: AnyPush[] = [];
    socket.on(PUSH_EVENT, (message: unknown) => {
      const push = readPush(message);
      if (push) pushes.push(push);
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    let since = Date.now();
    const noticePushed = () => pushes.some((push) => push.type === 'notice' && push.data.merchantCode === 'DEMO' && push.v >= since);
    try {
      const created = await createNotice(notice(`before ${id}`));
      const noticeId = created.body.value.id;
      // The creation's own change event, and every earlier one of the brand, has been handled once its push is here.
      await eventually(noticePushed, 'the creation’s notice push');
      const read = async () => titles((await notices('types=PL')).body.value);
      expect(await read()).toContain(`before ${id}`);
      // Written behind the service's back, with no event: the gateway keeps answering what it has.
      await platform.db.orm.execute(sql`UPDATE notices.notice_texts SET title = ${`unseen ${id}`} WHERE notice_id = ${noticeId}`);
      expect(await read()).toContain(`before ${id}`);

      // A change made through another gateway reaches this one as the `notices.changed` event only.
      since = Date.now();
      await platform.clients.notices.operatorUpdateNotice({ ...notice(`elsewhere ${id}`), merchantCode: 'DEMO', operator: 'other-gateway', noticeId } as never);
      await eventually(async () => (await read()).includes(`elsewhere ${id}`), 'the change event to drop the cached answer');
      await eventually(noticePushed, 'the notice push');

      // A change through this gateway is on the very next read.
      const updated = await call<OperatorNotice>('PUT', `/operator/v1/merchants/DEMO/notices/${noticeId}`, { body: { ...notice(`after ${id}`), sort: -5 }, headers: operator() });
      expect(updated.status).toBe(200);
      expect(await read()).toContain(`after ${id}`);
      const deleted = await call('DELETE', `/operator/v1/merchants/DEMO/notices/${noticeId}`, { headers: operator() });
      expect(deleted.body.value).toEqual({ id: noticeId, deleted: true });
      expect(await read()).not.toContain(`after ${id}`);
      expect((await call('DELETE', `/operator/v1/merchants/DEMO/notices/${noticeId}`, { headers: operator() })).body.code).toBe('NOTICE_NOT_FOUND');
    } finally {
      socket.close();
    }
  });

  it('keeps each brand’s content to itself: another brand’s notice cannot be changed, listed or deleted', async () => {
    const created = await createNotice(notice(`demo only ${tag()}`));
    const id = created.body.value.id;
    const update = await call('PUT', `/operator/v1/merchants/OTHER/notices/${id}`, { body: notice('taken over'), headers: operator() });
    expect(update.status).toBe(404);
    expect(update.body.code).toBe('NOTICE_NOT_FOUND');
    expect((await call('DELETE', `/operator/v1/merchants/OTHER/notices/${id}`, { headers: operator() })).status).toBe(404);
    expect((await call('DELETE', `/operator/v1/merchants/DEMO/notices/abc`, { headers: operator() })).body.code).toBe('NOTICE_NOT_FOUND');
    const other = await call<{ list: OperatorNotice[]; total: number }>('GET', '/operator/v1/merchants/OTHER/notices', { headers: operator() });
    expect(other.body.value.total).toBe(0);
    const demo = await call<{ list: OperatorNotice[]; total: number; totalPages: number }>('GET', '/operator/v1/merchants/DEMO/notices?type=PL&pageSize=5', { headers: operator() });
    expect(demo.body.value.list).toHaveLength(5);
    expect(demo.body.value.list.every((entry) => entry.type === 'PL' && entry.merchantCode === 'DEMO')).toBe(true);
    expect(demo.body.value.totalPages).toBe(Math.ceil(demo.body.value.total / 5));
  });

  it('serves the help centre per language with the terms, the licence and an accent-blind search', async () => {
    const spanish = (await call<HelpCentre>('GET', '/wps/system/helpCenter?language=ES')).body.value;
    expect(spanish.categories.map((category) => category.title)).toEqual(['Cuenta', 'Depósitos y retiros', 'Juegos', 'Juego responsable', 'Términos']);
    expect(spanish.categories.every((category) => category.articles.length >= 2)).toBe(true);
    expect(spanish.terms).toMatchObject({ title: 'Términos y condiciones', terms: true });
    expect(spanish.results).toBeNull();
    expect(spanish.licence?.url).toMatch(/^\/files\/content\//);
    const english = (await call<HelpCentre>('GET', '/wps/system/helpCenter', { language: 'EN' })).body.value;
    expect(english.terms?.title).toBe('Terms and conditions');

    const search = async (words: string, language = 'ES') =>
      (await call<HelpCentre>('GET', `/wps/system/helpCenter?language=${language}&search=${encodeURIComponent(words)}`)).body.value.results!.map((article) => article.title);
    expect(await search('  DEPOSITO ')).toEqual(expect.arrayContaining(['¿Cuánto tarda un depósito?', 'Mi depósito no aparece']));
    // Title matches come first, and every word must match.
    expect((await search('deposito'))[0]).toMatch(/depósito/);
    expect(await search('retiro ganancias')).toEqual(['¿Cómo retiro mis ganancias?']);
    expect(await search('withdraw winnings', 'EN')).toEqual(['How do I withdraw my winnings?']);
    expect(await search('zzzz nothing')).toEqual([]);
  });

  it('lets the operator write the help centre: categories, articles, the terms mark; players see it at once', async () => {
    const id = tag();
    const category = await call<{ id: string }>('POST', '/operator/v1/merchants/DEMO/help/categories', {
      body: { texts: { ES: { title: `Bonos ${id}` }, EN: { title: `Bonuses ${id}` } }, sort: 99 },
      headers: operator(),
    });
    expect(category.status).toBe(200);
    const article = await call<{ id: string; terms: boolean }>('POST', '/operator/v1/merchants/DEMO/help/articles', {
      body: { categoryId: category.body.value.id, texts: { ES: { title: `Reglas nuevas ${id}`, content: '<p>Texto <script>alert(1)</script>claro</p>' } }, terms: true },
      headers: operator(),
    });
    expect(article.status).toBe(200);
    const help = (await call<HelpCentre>('GET', '/wps/system/helpCenter?language=EN')).body.value;
    expect(help.categories.at(-1)).toMatchObject({ title: `Bonuses ${id}`, articles: [{ title: `Reglas nuevas ${id}`, content: '<p>Texto claro</p>', terms: true }] });
    // A category written in Portuguese (Brazil) as well: read in it, searched in it.
    const portuguese = await call('PUT', `/operator/v1/merchants/DEMO/help/categories/${category.body.value.id}`, {
      body: { texts: { ES: { title: `Bonos ${id}` }, EN: { title: `Bonuses ${id}` }, 'PT-BR': { title: `Bônus ${id}` } }, sort: 99 },
      headers: operator(),
    });
    expect(portuguese.status).toBe(200);
    const inPortuguese = (await call<HelpCentre>('GET', '/wps/system/helpCenter', { language: 'pt-BR' })).body.value;
    expect(inPortuguese.categories.at(-1)?.title).toBe(`Bônus ${id}`);
    // The terms mark moved: one terms article per brand.
    expect(help.terms?.id).toBe(article.body.value.id);
    const found = (await call<HelpCentre>('GET', `/wps/system/helpCenter?language=ES&search=reglas%20${id}`)).body.value.results;
    expect(found?.map((entry) => entry.id)).toEqual([article.body.value.id]);

    const notEmpty = await call('DELETE', `/operator/v1/merchants/DEMO/help/categories/${category.body.value.id}`, { headers: operator() });
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.body.code).toBe('HELP_CATEGORY_NOT_EMPTY');
    const elsewhere = await call('POST', '/operator/v1/merchants/OTHER/help/articles', {
      body: { categoryId: category.body.value.id, texts: { ES: { title: 'x' } } },
      headers: operator(),
    });
    expect(elsewhere.body.code).toBe('HELP_CATEGORY_NOT_FOUND');
    const renamed = await call('PUT', `/operator/v1/merchants/DEMO/help/articles/${article.body.value.id}`, {
      body: { categoryId: category.body.value.id, texts: { EN: { title: `Renamed ${id}` } }, terms: false },
      headers: operator(),
    });
    expect(renamed.status).toBe(200);
    const after = (await call<HelpCentre>('GET', '/wps/system/helpCenter?language=ES')).body.value;
    expect(after.terms).toBeNull();
    expect(after.categories.at(-1)?.articles[0]?.title).toBe(`Renamed ${id}`);

    expect((await call('DELETE', `/operator/v1/merchants/DEMO/help/articles/${article.body.value.id}`, { headers: operator() })).status).toBe(200);
    expect((await call('DELETE', `/operator/v1/merchants/DEMO/help/categories/${category.body.value.id}`, { headers: operator() })).status).toBe(200);
    const operatorView = (await call<OperatorHelpCentre>('GET', '/operator/v1/merchants/DEMO/help', { headers: operator() })).body.value;
    expect(operatorView.categories.map((entry) => entry.id)).not.toContain(category.body.value.id);
    // The demo terms get their mark back.
    const terms = operatorView.categories.flatMap((entry) => entry.articles).find((entry) => entry.texts.EN?.title === 'Terms and conditions')!;
    const restored = await call('PUT', `/operator/v1/merchants/DEMO/help/articles/${terms.id}`, { body: { ...terms, id: undefined, updatedAt: undefined, terms: true }, headers: operator() });
    expect(restored.status).toBe(200);
  });

  it('refuses the operator calls without the operator token', async () => {
    const attempts: { headers: Record<string, string> }[] = [{ headers: {} }, { headers: { authorization: 'Operator wrong-token' } }, { headers: { authorization: `Bearer ${memberToken}` } }];
    for (const { headers } of attempts) {
      for (const [method, url, body] of [
        ['GET', '/operator/v1/merchants/DEMO/notices', undefined],
        ['POST', '/operator/v1/merchants/DEMO/notices', notice('x')],
        ['POST', '/operator/v1/content/images', { image: 'AAAA' }],
        ['PUT', '/operator/v1/merchants/DEMO/licence', { imageKey: null, texts: { ES: 'x' } }],
        ['DELETE', '/operator/v1/merchants/DEMO/help/categories/1', undefined],
      ] as const) {
        const answer = await call(method, url, { body, headers });
        expect({ url, status: answer.status, code: answer.body.code }).toEqual({ url, status: 401, code: 'OPERATOR_UNAUTHORIZED' });
      }
    }
  });
});
