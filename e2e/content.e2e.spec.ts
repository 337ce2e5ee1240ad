import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshPassword, freshUsername } from './support';

/**
 * The brand's content on the real client and the real API, on a phone and on a desktop: the announcement popup for
 * guests (B) and members (A, and F right after a first sign-in) with its session marker and "hide today", the notice
 * list with paging and unread markers, the home banners and their links, promotions, and the help centre with search,
 * the terms and the licence. Each test publishes what it needs through the operator API and removes it afterwards.
 * `npm run test:e2e` gives the suite the operator token; without it these tests are skipped.
 */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;
const MERCHANT = 'DEMO';

type Texts = { EN: { title: string; content: string }; ES: { title: string; content: string } };

interface Created {
  id: string;
}

interface NoticeAnswer {
  banners: { id: string; groupName: string | null }[];
  player: { id: string }[];
  popup: { id: string; execution: string | null }[];
}

async function api<T>(request: APIRequestContext, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': 'EN', authorization: `Operator ${OPERATOR_TOKEN}` };
  const response = await request.fetch(path, { method, headers, ...(body === undefined ? {} : { data: body }) });
  const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(envelope.success, `${method} ${path}: ${envelope.message ?? ''}`).toBe(true);
  return envelope.value;
}

/** Publishes notices and help articles for one test, and removes them all at the end. */
class Content {
  private readonly notices: string[] = [];
  private readonly articles: string[] = [];
  private readonly categories: string[] = [];
  readonly stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

  constructor(private readonly request: APIRequestContext) {}

  texts(title: string, content = `<p>${title}: <strong>details</strong></p>`): Texts {
    return { EN: { title: `${title} ${this.stamp}`, content }, ES: { title: `${title} ES ${this.stamp}`, content } };
  }

  async notice(body: Record<string, unknown>): Promise<string> {
    const created = await api<Created>(this.request, 'POST', `/operator/v1/merchants/${MERCHANT}/notices`, body);
    this.notices.push(created.id);
    return created.id;
  }

  async category(title: string): Promise<string> {
    const created = await api<Created>(this.request, 'POST', `/operator/v1/merchants/${MERCHANT}/help/categories`, { texts: { EN: { title }, ES: { title } }, sort: 1000 });
    this.categories.push(created.id);
    return created.id;
  }

  async article(categoryId: string, title: string, content: string): Promise<string> {
    const created = await api<Created>(this.request, 'POST', `/operator/v1/merchants/${MERCHANT}/help/articles`, {
      categoryId,
      texts: { EN: { title, content }, ES: { title, content } },
    });
    this.articles.push(created.id);
    return created.id;
  }

  async remove(): Promise<void> {
    for (const id of this.notices) await api(this.request, 'DELETE', `/operator/v1/merchants/${MERCHANT}/notices/${id}`);
    for (const id of this.articles) await api(this.request, 'DELETE', `/operator/v1/merchants/${MERCHANT}/help/articles/${id}`);
    for (const id of this.categories) await api(this.request, 'DELETE', `/operator/v1/merchants/${MERCHANT}/help/categories/${id}`);
  }
}

async function guestNotices(request: APIRequestContext): Promise<NoticeAnswer> {
  const response = await request.get('/wps/system/notices?language=EN');
  return ((await response.json()) as { value: NoticeAnswer }).value;
}

async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
}

/** The guest's popup was closed in this session: pages that are not about popups get on with their business. */
async function skipGuestPopup(page: Page): Promise<void> {
  await page.addInitScript(() => window.sessionStorage.setItem('ANONYMOUS_POPUP', '1'));
}

/** Home with its content on screen: the banners are there, so the popup would be too. */
async function homeWithContent(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('banner-carousel-w_home')).toBeVisible();
}

const localToday = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });

async function registerWithPassword(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('register-button').click();
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm').fill(password);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 860 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`content on a ${name}`, () => {
    test.skip(!OPERATOR_TOKEN, 'needs the operator token (npm run test:e2e sets it)');
    // Whatever the suite does about the brand's popups elsewhere, these tests start from a browser that has seen none.
    test.use({ viewport, storageState: { cookies: [], origins: [] } });

    test('a guest sees the B popups as slides, seven titles a page; closing keeps them closed for the session', async ({ page, request }) => {
      test.slow();
      const content = new Content(request);
      try {
        const guest: string[] = [];
        for (let index = 0; index < 8; index++) guest.push(await content.notice({ type: 'PU', execution: 'B', texts: content.texts(`Guest popup ${index}`), sort: -100 + index }));
        const member = await content.notice({ type: 'PU', execution: 'A', texts: content.texts('Member popup') });
        const total = (await guestNotices(request)).popup.length;
        expect(total).toBeGreaterThanOrEqual(8);
        await useEnglish(page);
        await page.goto('/');

        const modal = page.getByTestId('public-modal');
        await expect(modal).toBeVisible();
        for (const id of guest) await expect(modal.getByTestId(`popup-slide-${id}`)).toBeAttached();
        await expect(modal.getByTestId(`popup-slide-${member}`)).toHaveCount(0);
        await expect(modal.locator('[data-testid^="popup-slide-"]')).toHaveCount(total);
        await expect(modal.locator('[data-testid^="popup-slide-"]:not([data-execution="B"])')).toHaveCount(0);

        await test.step('the titles list holds seven a page and jumps to a slide', async () => {
          const titles = modal.getByTestId('popup-titles').getByRole('button');
          await expect(titles).toHaveCount(7);
          await expect(modal.getByTestId('popup-titles-page')).toHaveText(`1 / ${Math.ceil(total / 7)}`);
          await modal.getByTestId('popup-titles-next').click();
          await expect(titles).toHaveCount(total - 7);
          await modal.getByTestId('popup-titles-prev').click();
          const target = guest[3]!;
          await modal.getByTestId(`popup-title-${target}`).click();
          await expect(modal.getByTestId(`popup-slide-${target}`)).toHaveAttribute('data-current', 'true');
          await expect(modal.getByTestId(`popup-slide-${target}`)).toContainText(`Guest popup 3 ${content.stamp}`);
          await expect(modal.getByTestId(`popup-slide-${target}`).locator('strong')).toHaveText('details');
        });

        await test.step('the slides move on by themselves, and hold still under the pointer', async () => {
          // The title clicked last holds the focus, which holds the slides too.
          await page.mouse.move(0, 0);
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          const deck = modal.locator('.popup-deck');
          await expect(deck).toHaveAttribute('data-playing', 'true');
          const current = modal.locator('[data-testid^="popup-slide-"][data-current="true"]');
          const before = await current.getAttribute('data-testid');
          await expect.poll(() => current.getAttribute('data-testid'), { timeout: 8_000 }).not.toBe(before);
          await deck.hover();
          await expect(deck).toHaveAttribute('data-playing', 'false');
        });

        await test.step('closing sets ANONYMOUS_POPUP; a reload does not show it again', async () => {
          await modal.getByTestId('public-modal-close').click();
          await expect(modal).toHaveCount(0);
          expect(await page.evaluate(() => window.sessionStorage.getItem('ANONYMOUS_POPUP'))).not.toBeNull();
          expect(await page.evaluate(() => window.sessionStorage.getItem('USER_POPUP'))).toBeNull();
          await homeWithContent(page);
          await expect(page.getByTestId('public-modal')).toHaveCount(0);
        });
      } finally {
        await content.remove();
      }
    });

    test('"hide today" keeps the popup away in new sessions until the next day', async ({ page, context, request }) => {
      const content = new Content(request);
      try {
        const id = await content.notice({ type: 'PU', execution: 'B', texts: content.texts('Hide me') });
        await useEnglish(page);
        await page.goto('/');
        await expect(page.getByTestId(`popup-slide-${id}`)).toBeAttached();
        await page.getByTestId('public-modal-hide-today').click();
        await expect(page.getByTestId('public-modal')).toHaveCount(0);
        expect(await page.evaluate(() => window.localStorage.getItem('POPUP_HIDDEN_ON'))).toBe(await localToday(page));

        // A new tab is a new session: no session marker, only today's date.
        const second = await context.newPage();
        await homeWithContent(second);
        expect(await second.evaluate(() => window.sessionStorage.getItem('ANONYMOUS_POPUP'))).toBeNull();
        await expect(second.getByTestId('public-modal')).toHaveCount(0);

        // The day after, it is back.
        await second.evaluate(() => window.localStorage.setItem('POPUP_HIDDEN_ON', '2000-01-01'));
        const third = await context.newPage();
        await third.goto('/');
        await expect(third.getByTestId(`popup-slide-${id}`)).toBeAttached();
      } finally {
        await content.remove();
      }
    });

    test('a member sees the A popups, and the F popups only right after the first sign-in', async ({ page, request }) => {
      test.slow();
      const content = new Content(request);
      try {
        const always = await content.notice({ type: 'PU', execution: 'A', texts: content.texts('Members only'), sort: -1000 });
        const first = await content.notice({ type: 'PU', execution: 'F', texts: content.texts('Welcome aboard'), sort: -999 });
        const guest = await content.notice({ type: 'PU', execution: 'B', texts: content.texts('Guests only') });
        await useEnglish(page);
        await skipGuestPopup(page);
        const username = freshUsername('cp');
        const password = freshPassword();
        await registerWithPassword(page, username, password);

        const modal = page.getByTestId('public-modal');
        await expect(modal).toBeVisible();
        await expect(modal.getByTestId(`popup-slide-${always}`)).toBeAttached();
        await expect(modal.getByTestId(`popup-slide-${first}`)).toBeAttached();
        await expect(modal.getByTestId(`popup-slide-${guest}`)).toHaveCount(0);
        await expect(modal.locator('[data-testid^="popup-slide-"][data-execution="B"]')).toHaveCount(0);

        await modal.getByTestId('public-modal-close').click();
        await expect(modal).toHaveCount(0);
        expect(await page.evaluate(() => window.sessionStorage.getItem('USER_POPUP'))).not.toBeNull();
        await homeWithContent(page);
        await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
        await expect(page.getByTestId('public-modal')).toHaveCount(0);

        await test.step('signing out and in again: the B popups as a guest, then the A popups and no F', async () => {
          await page.getByTestId('logout-button').click();
          await page.getByTestId('confirm-ok').click();
          await expect(page.getByTestId('login-button')).toBeVisible();
          // Signing out clears the session storage (spec §4), the guest's marker with it: the guest popups come back.
          await expect(modal.getByTestId(`popup-slide-${guest}`)).toBeAttached();
          await modal.getByTestId('public-modal-close').click();
          await page.getByTestId('login-button').click();
          await page.getByTestId('login-username').fill(username);
          await page.getByTestId('login-password').fill(password);
          await page.getByTestId('login-submit').click();
          await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
          await expect(modal).toBeVisible();
          await expect(modal.getByTestId(`popup-slide-${always}`)).toBeAttached();
          await expect(modal.getByTestId(`popup-slide-${first}`)).toHaveCount(0);
          await expect(modal.locator('[data-testid^="popup-slide-"][data-execution="F"]')).toHaveCount(0);
        });
      } finally {
        await content.remove();
      }
    });

    test('the notice list pages nine at a time, marks unread notices and opens one in full', async ({ page, request }) => {
      test.slow();
      const content = new Content(request);
      try {
        const ids: string[] = [];
        for (let index = 0; index < 10; index++)
          ids.push(
            await content.notice({ type: 'PL', texts: content.texts(`Notice ${index}`, `<p>Body of notice ${index} <script>window.hacked = 1</script><a href="https://example.com/x">link</a></p>`) }),
          );
        const all = (await guestNotices(request)).player.map((notice) => notice.id);
        expect(all.length).toBeGreaterThanOrEqual(10);
        await useEnglish(page);
        await skipGuestPopup(page);
        await homeWithContent(page);

        await expect(page.getByTestId('notice-unread-dot')).toBeVisible();
        await page.getByTestId('notice-button').click();
        const modal = page.getByTestId('notice-modal');
        await expect(modal).toBeVisible();
        const rows = modal.locator('[data-testid^="notice-row-"]');
        await expect(rows).toHaveCount(9);
        await expect(rows.first()).toHaveAttribute('data-unread', 'true');
        // Newest first: the last one published leads.
        await expect(rows.first()).toHaveAttribute('data-testid', `notice-row-${ids[9]}`);
        await modal.getByTestId('page-2').click();
        await expect(rows).toHaveCount(Math.min(9, all.length - 9));

        await test.step('opening a notice shows it in full, sanitised, and marks it read', async () => {
          await modal.getByTestId('page-1').click();
          await modal.getByTestId(`notice-row-${ids[9]}`).click();
          await expect(modal.getByTestId('notice-detail-title')).toHaveText(`Notice 9 ${content.stamp}`);
          await expect(modal.getByTestId('notice-detail-content')).toContainText('Body of notice 9');
          await expect(modal.getByTestId('notice-detail-content').locator('script')).toHaveCount(0);
          await expect(modal.getByTestId('notice-detail-content').locator('a')).toHaveAttribute('rel', 'noopener noreferrer');
          expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
          await modal.getByTestId('notice-back').click();
          await expect(modal.getByTestId(`notice-row-${ids[9]}`)).toHaveAttribute('data-unread', 'false');
          await expect(modal.getByTestId(`notice-row-${ids[8]}`)).toHaveAttribute('data-unread', 'true');
        });

        await test.step('a notice in the marquee opens it in the list', async () => {
          await page.keyboard.press('Escape');
          await expect(modal).toHaveCount(0);
          const item = page.getByTestId(`notice-marquee-${ids[8]}`);
          await expect(item).toContainText(`Notice 8 ${content.stamp}`);
          // A long strip scrolls past the screen's edge: the keyboard reaches every item.
          await item.focus();
          await page.keyboard.press('Enter');
          await expect(modal.getByTestId('notice-detail')).toHaveAttribute('data-notice-id', ids[8]!);
          await page.keyboard.press('Escape');
        });

        await test.step('the marks stay after a reload, and the dot goes once every notice is read', async () => {
          await homeWithContent(page);
          await page.getByTestId('notice-button').click();
          await expect(modal.getByTestId(`notice-row-${ids[9]}`)).toHaveAttribute('data-unread', 'false');
          await expect(modal.getByTestId(`notice-row-${ids[8]}`)).toHaveAttribute('data-unread', 'false');
          const unread = modal.locator('[data-testid^="notice-row-"][data-unread="true"]');
          for (let pageNo = 1; pageNo <= Math.ceil(all.length / 9); pageNo++) {
            await modal.getByTestId(`page-${pageNo}`).click();
            await expect(modal.getByTestId(`page-${pageNo}`)).toHaveAttribute('aria-current', 'page');
            while ((await unread.count()) > 0) {
              await unread.first().click();
              await expect(modal.getByTestId('notice-detail')).toBeVisible();
              await modal.getByTestId('notice-back').click();
              await expect(modal.getByTestId('notice-list')).toBeVisible();
            }
          }
          await expect(unread).toHaveCount(0);
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('notice-unread-dot')).toHaveCount(0);
        });

        await test.step('a notice published meanwhile arrives by push, unread', async () => {
          const late = await content.notice({ type: 'PL', texts: content.texts('Late notice') });
          await expect(page.getByTestId(`notice-marquee-${late}`)).toBeAttached();
          await expect(page.getByTestId('notice-unread-dot')).toBeVisible();
        });
      } finally {
        await content.remove();
      }
    });

    test('home banners run in a carousel and follow their links; promotions list their cards', async ({ page, request }) => {
      test.slow();
      const content = new Content(request);
      try {
        const promotion = await content.notice({ type: 'PR', texts: content.texts('Double points', '<p>Every bet earns <em>double</em> points.</p>') });
        const toPromotion = await content.notice({ type: 'B', groupName: 'w_home', texts: content.texts('Banner to promotion'), linkageType: 'PROMOTION', linkTarget: promotion, sort: -2000 });
        const toLive = await content.notice({ type: 'B', groupName: 'w_home', texts: content.texts('Banner to live'), linkageType: 'PAGE', linkTarget: '/live', sort: -1999 });
        const games = await request.get('/lgw/games/game_menus?gameType=FISH&pageNo=1&pageSize=1&language=EN');
        const game = ((await games.json()) as { value: { games: { nodeId: string }[] } }).value.games[0]!;
        const toGame = await content.notice({ type: 'B', groupName: 'w_home', texts: content.texts('Banner to a game'), linkageType: 'GAME', linkTarget: String(game.nodeId), sort: -1998 });
        const inLogin = await content.notice({ type: 'B', groupName: 'w_login', texts: content.texts('Login banner'), linkageType: 'PAGE', linkTarget: '/promotions', sort: -2000 });
        const home = (await guestNotices(request)).banners.filter((banner) => banner.groupName === 'w_home').map((banner) => banner.id);
        await useEnglish(page);
        await skipGuestPopup(page);
        await homeWithContent(page);

        const carousel = page.getByTestId('banner-carousel-w_home');
        await expect(carousel.locator('.banner-dot')).toHaveCount(home.length);
        for (const id of [toPromotion, toLive]) await expect(carousel.getByTestId(`banner-${id}`)).toBeAttached();
        await page.mouse.move(0, 0);
        await expect(carousel).toHaveAttribute('data-playing', 'true');
        await carousel.hover();
        await expect(carousel).toHaveAttribute('data-playing', 'false');

        await test.step('a swipe moves to the next banner, without following the link under it', async () => {
          const box = (await carousel.locator('.banner-viewport').boundingBox())!;
          const current = () => carousel.locator('.banner-dot[aria-current="true"]').getAttribute('data-testid');
          const before = await current();
          const y = box.y + box.height / 2;
          await page.mouse.move(box.x + box.width * 0.7, y);
          await page.mouse.down();
          await page.mouse.move(box.x + box.width * 0.3, y, { steps: 6 });
          await page.mouse.up();
          await expect.poll(current).not.toBe(before);
          await expect(page).toHaveURL(/\/$/);
        });

        await test.step('a game banner launches through the lobby: a guest is asked to sign in', async () => {
          await carousel.getByTestId(`banner-dot-${home.indexOf(toGame)}`).click();
          await expect(carousel.getByTestId(`banner-${toGame}`)).toHaveClass(/is-current/);
          await carousel.getByTestId(`banner-link-${toGame}`).click();
          const login = page.getByTestId('login-modal');
          await expect(login).toBeVisible();
          // The sign-in modal shows its own banners, and the form keeps the focus.
          await expect(login.getByTestId(`banner-${inLogin}`)).toBeVisible();
          await expect(page.getByTestId('login-username')).toBeFocused();
          await page.keyboard.press('Escape');
          await expect(login).toHaveCount(0);
        });

        await test.step('a dot brings a banner forward; a click follows its link', async () => {
          await carousel.getByTestId(`banner-dot-${home.indexOf(toLive)}`).click();
          await expect(carousel.getByTestId(`banner-${toLive}`)).toHaveClass(/is-current/);
          await carousel.getByTestId(`banner-link-${toLive}`).click();
          await expect(page).toHaveURL(/\/live$/);
        });

        await test.step('a promotion banner opens the promotions page at that promotion', async () => {
          await homeWithContent(page);
          await carousel.hover();
          await carousel.getByTestId(`banner-dot-${home.indexOf(toPromotion)}`).click();
          await expect(carousel.getByTestId(`banner-${toPromotion}`)).toHaveClass(/is-current/);
          await carousel.getByTestId(`banner-link-${toPromotion}`).click();
          await expect(page).toHaveURL(new RegExp(`/promotions#${promotion}$`));
          const card = page.getByTestId(`promotion-${promotion}`);
          await expect(card).toHaveClass(/is-target/);
          await expect(card).toContainText(`Double points ${content.stamp}`);
          await expect(card.locator('em')).toHaveText('double');
          await expect(card).toBeInViewport();
        });

        await test.step('another language reads the content again, in that language', async () => {
          // Phones keep the language selector in the side menu.
          const selector = page.getByTestId('language-select').locator('visible=true');
          if ((await selector.count()) === 0) await page.getByTestId('side-menu-toggle').click();
          await selector.first().selectOption('ES');
          await expect(page.getByTestId(`promotion-${promotion}`)).toContainText(`Double points ES ${content.stamp}`);
        });
      } finally {
        await content.remove();
      }
    });

    test('the help centre over home: categories, search, #term, a link per article and the licence', async ({ page, request }) => {
      const content = new Content(request);
      try {
        const category = await content.category(`Cashier ${content.stamp}`);
        const word = `zq${content.stamp}`;
        const article = await content.article(category, `Where is my ${word} refund?`, `<p>Refunds reach your wallet within <strong>24 hours</strong> (${word}).</p>`);
        await useEnglish(page);
        await skipGuestPopup(page);
        await page.goto('/help');
        const modal = page.getByTestId('help-modal');
        await expect(modal).toBeVisible();
        // Home stays underneath.
        await expect(page.getByTestId('home')).toBeAttached();

        await modal.getByTestId(`help-category-${category}`).click();
        await expect(modal.getByTestId('help-category-articles').getByTestId(`help-article-${article}`)).toBeVisible();

        await test.step('a search, trimmed, finds the article; its link opens it', async () => {
          await modal.getByTestId('help-search').fill(`   ${word.toUpperCase()}   `);
          await expect(modal.getByTestId('help-results').getByTestId(`help-article-${article}`)).toBeVisible();
          await expect(modal.getByTestId('help-results').locator('[data-testid^="help-article-"]')).toHaveCount(1);
          await modal.getByTestId(`help-article-${article}`).click();
          await expect(page).toHaveURL(new RegExp(`/help#article-${article}$`));
          await expect(modal.getByTestId('help-article-content').locator('strong')).toHaveText('24 hours');
          await modal.getByTestId('help-search').fill(`nothing-like-${word}`);
          await expect(modal.getByTestId('help-no-results')).toBeVisible();
        });

        await test.step('an article link and #term open straight away', async () => {
          await page.goto(`/help#article-${article}`);
          await expect(modal.getByTestId('help-article')).toHaveAttribute('data-article-id', article);
          await page.goto('/help#term');
          await expect(modal.getByTestId('help-article')).toHaveAttribute('data-terms', 'true');
        });

        await test.step('the licence shows its image', async () => {
          await modal.getByTestId('help-licence-link').click();
          await expect(page).toHaveURL(/\/help#licence$/);
          const image = modal.getByTestId('licence-image');
          await expect(image).toBeVisible();
          await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
        });

        await test.step('closing goes home', async () => {
          await modal.getByRole('button', { name: 'Close' }).first().click();
          await expect(page).toHaveURL(/\/$/);
          await expect(modal).toHaveCount(0);
        });
      } finally {
        await content.remove();
      }
    });
  });
}
