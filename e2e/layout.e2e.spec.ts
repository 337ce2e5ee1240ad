import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * The layout around every page: the side menu (drawer on phones, panel or rail on desktop, none on game pages), the
 * footer (vendor carousel, bank logos), the app-download page with its QR codes and the installable app, and the
 * mirror-domain list timed from the browser.
 */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** English, and the announcement popup already seen this session, so nothing covers the page. */
async function prepare(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('language', 'EN');
    window.sessionStorage.setItem('ANONYMOUS_POPUP', '1');
    window.sessionStorage.setItem('USER_POPUP', '1');
  });
}

async function api<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const response = await request.get(path, { headers: { 'accept-language': 'EN', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const body = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(body.success, `GET ${path}: ${body.message ?? ''}`).toBe(true);
  return body.value;
}

const menu = (page: Page) => page.getByTestId('side-menu');

test.describe('side menu', () => {
  test('on a phone: a drawer that opens, navigates, closes, and is gone on a game page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await prepare(page);
    await page.goto('/');
    await expect(menu(page)).toHaveAttribute('data-mode', 'drawer');
    await expect(menu(page)).toHaveAttribute('data-open', 'false');
    await expect(page.getByTestId('side-menu-home')).toBeHidden();

    await test.step('the menu button opens it; Escape closes it', async () => {
      await page.getByTestId('side-menu-toggle').click();
      await expect(menu(page)).toHaveAttribute('data-open', 'true');
      await expect(page.getByTestId('side-menu-home')).toBeVisible();
      await expect(page.getByTestId('side-menu-close')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu(page)).toHaveAttribute('data-open', 'false');
      await expect(page.getByTestId('side-menu-toggle')).toBeFocused();
    });

    await test.step('a press beside the drawer closes it', async () => {
      await page.getByTestId('side-menu-toggle').click();
      await expect(page.getByTestId('side-menu-backdrop')).toBeVisible();
      await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
      await expect(menu(page)).toHaveAttribute('data-open', 'false');
    });

    await test.step('a game type opens to its vendors; choosing one navigates and closes the drawer', async () => {
      await page.getByTestId('side-menu-toggle').click();
      await page.getByTestId('side-menu-expand-RNG').click();
      const vendor = menu(page).locator('[data-testid^="side-menu-vendor-"]').first();
      const vassalage = ((await vendor.getAttribute('data-testid')) ?? '').replace('side-menu-vendor-', '');
      await vendor.click();
      await expect(page).toHaveURL(new RegExp(`/rng\\?vassalage=${vassalage}$`));
      await expect(menu(page)).toHaveAttribute('data-open', 'false');
    });

    await test.step('the drawer carries the language selector, the guest buttons and the app download', async () => {
      await page.getByTestId('side-menu-toggle').click();
      await menu(page).getByTestId('language-select').selectOption('ES');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByTestId('side-menu-home')).toHaveText('Inicio');
      await page.getByTestId('side-menu-login').click();
      await expect(page.getByTestId('login-modal')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('login-modal')).toHaveCount(0);
      await expect(menu(page)).toHaveAttribute('data-open', 'true');
      await page.getByTestId('side-menu-download').click();
      await expect(page).toHaveURL(/\/download$/);
      await expect(menu(page)).toHaveAttribute('data-open', 'false');
    });

    await test.step('the seamless game page has neither the menu nor its button', async () => {
      await page.goto('/seamless');
      await expect(page.locator('header.site-header')).toBeVisible();
      await expect(page.locator('footer')).toHaveCount(0);
      await expect(page.getByTestId('side-menu')).toHaveCount(0);
      await expect(page.getByTestId('side-menu-toggle')).toHaveCount(0);
    });
  });

  test('on desktop: a panel beside the page that folds into a rail, remembered; QR codes on hover; licence; customer service', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await prepare(page);
    await page.goto('/');
    await expect(menu(page)).toHaveAttribute('data-mode', 'panel');

    await test.step('the panel sits beside the page, not over it', async () => {
      const side = await menu(page).boundingBox();
      const main = await page.locator('main.main').boundingBox();
      expect(side && main && side.x + side.width <= main.x + 1).toBe(true);
      await expect(page.getByTestId('side-menu-type-RNG')).toBeVisible();
      await expect(page.getByTestId('side-menu-promotions')).toBeVisible();
    });

    await test.step('hovering the app download shows an iOS and an Android QR code for this site', async () => {
      await page.getByTestId('side-menu-download').hover();
      const popover = page.getByTestId('side-menu-qr');
      await expect(popover).toBeVisible();
      for (const platform of ['ios', 'android']) {
        const code = popover.getByTestId(`side-menu-qr-${platform}`);
        await expect(code).toBeVisible();
        const origin = new URL(page.url()).origin;
        await expect(code).toHaveAttribute('data-text', `${origin}/download?platform=${platform}&language=EN`);
      }
      await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
      await expect(popover).toHaveCount(0);
    });

    await test.step('the licence opens the brand’s licence image', async () => {
      await page.getByTestId('side-menu-licence').click();
      const dialog = page.getByTestId('licence-modal');
      await expect(dialog).toBeVisible();
      await expect.poll(() => dialog.getByTestId('licence-image').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });

    await test.step('customer service opens by type, and the official channels show', async () => {
      await page.getByTestId('side-menu-cs-LIVECHAT').click();
      await expect(page.getByTestId('side-menu-cs-LIVECHAT')).toHaveAttribute('aria-expanded', 'true');
      await expect(menu(page).getByTestId('side-menu-cs-entry')).toHaveText('Live chat');
      const chatWindow = page.waitForEvent('popup');
      await menu(page).getByTestId('side-menu-cs-entry').click();
      await expect(await chatWindow).toHaveURL(/\/support-chat$/);
      await expect(page.getByTestId('side-menu-channel-LIVECHAT')).toBeVisible();
    });

    await test.step('the menu button folds the panel into a rail; the choice survives a reload', async () => {
      await page.getByTestId('side-menu-toggle').click();
      await expect(menu(page)).toHaveAttribute('data-mode', 'rail');
      await expect(page.getByTestId('side-menu-type-RNG')).toHaveAttribute('title', 'Slots');
      expect((await menu(page).boundingBox())?.width).toBeLessThan(100);
      await page.reload();
      await expect(menu(page)).toHaveAttribute('data-mode', 'rail');
      await page.getByTestId('side-menu-toggle').click();
      await expect(menu(page)).toHaveAttribute('data-mode', 'panel');
    });

    await test.step('a game type in the menu opens its category page', async () => {
      await page.getByTestId('side-menu-type-LIVE').click();
      await expect(page).toHaveURL(/\/live$/);
      await expect(page.getByTestId('side-menu-type-LIVE')).toHaveClass(/active/);
    });
  });

  test('a member sees their links, the messages badge follows the unread count live', async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    await prepare(page);
    const token = await registerInClient(page, freshUsername('lm'));
    const member = page.getByTestId('side-menu-member');
    await expect(member).toBeVisible();
    await expect(page.getByTestId('side-menu-login')).toHaveCount(0);
    for (const panel of ['personalHistoryCopy', 'transactionHistory', 'securityCenter', 'depositv2', 'messageV2']) {
      await expect(page.getByTestId(`side-menu-link-${panel}`)).toBeVisible();
    }

    const messages = page.getByTestId('side-menu-link-messageV2');
    const { unread } = await api<{ unread: number }>(request, '/wps/relay/CSP_unreadCount', token);
    if (unread > 0) await expect(messages.getByTestId('unread-badge')).toHaveText(String(unread));
    else await expect(messages.getByTestId('unread-badge')).toHaveCount(0);

    if (OPERATOR_TOKEN) {
      await test.step('a letter from the operator raises the badge in the menu and on the avatar', async () => {
        const { id } = await api<{ id: string }>(request, '/wps/member/info', token);
        const response = await request.post(`/operator/v1/members/${id}/letters`, {
          headers: { Authorization: `Operator ${OPERATOR_TOKEN}` },
          data: { title: { ES: 'Hola', EN: 'Hello' }, content: { ES: 'Bienvenido', EN: 'Welcome' } },
        });
        expect(response.ok()).toBe(true);
        await expect(messages.getByTestId('unread-badge')).toHaveText(String(unread + 1));
        await expect(page.getByTestId('member-menu-button').getByTestId('unread-badge')).toHaveText(String(unread + 1));
      });
    }

    await messages.click();
    await expect(page).toHaveURL(/\/member\?panel=messageV2$/);
    await expect(messages).toHaveClass(/active/);
  });
});

test.describe('footer', () => {
  test('the vendor carousel moves on a phone and holds still under the pointer; 23 bank logos; help links', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await prepare(page);
    const lanes = await api<{ data: { lanes: { cards: { vassalage: string }[] }[] } }>(request, '/lgw/games/vendors?platform=html5-desktop&language=EN');
    const vendors = new Set(lanes.data.lanes.flatMap((lane) => lane.cards.map((card) => card.vassalage)));
    await page.goto('/');
    const carousel = page.getByTestId('footer-carousel');
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByTestId('footer-vendor')).toHaveCount(vendors.size);
    await expect(carousel).toHaveAttribute('data-per-view', /^([3-9]|1[0-5])$/);
    const perView = Number(await carousel.getAttribute('data-per-view'));

    await test.step('it moves one logo after the 3 s pause', async () => {
      expect(vendors.size).toBeGreaterThan(perView);
      await expect(carousel).toHaveAttribute('data-moving', 'true');
      await expect(carousel).toHaveAttribute('data-index', '0');
      await expect(carousel).toHaveAttribute('data-index', '1', { timeout: 6_000 });
    });

    await test.step('every bank logo 1 to 23 is there and loads', async () => {
      const banks = page.getByTestId('footer-bank');
      await expect(banks).toHaveCount(23);
      expect(await banks.evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).src).pathname))).toEqual(Array.from({ length: 23 }, (_, i) => `/banks/${i + 1}.svg`));
      for (const number of [1, 12, 23]) expect((await request.get(`/banks/${number}.svg`)).headers()['content-type']).toContain('image/svg+xml');
    });

    await test.step('the terms link opens the help centre on terms', async () => {
      await page.getByTestId('footer-terms').click();
      await expect(page).toHaveURL(/\/help#term$/);
    });

    await test.step('on a wider screen it shows 16 logos and stops while the pointer is on it', async () => {
      await page.setViewportSize({ width: 1000, height: 800 });
      await page.goto('/');
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel).toHaveAttribute('data-per-view', '12');
      await page.setViewportSize(DESKTOP);
      await expect(carousel).toHaveAttribute('data-per-view', '16');
      await page.setViewportSize({ width: 1000, height: 800 });
      // The pointer stays where the terms link was clicked; on a page laid out so that the carousel is under it, the
      // carousel rightly holds still. It is moved off the footer first.
      await page.mouse.move(1, 1);
      await expect(carousel).toHaveAttribute('data-moving', 'true');
      await carousel.hover();
      await expect(carousel).toHaveAttribute('data-moving', 'false');
    });
  });
});

test.describe('app download and the installable app', () => {
  test('QR codes per platform carry origin, language and token; the manifest is linked and served; the service worker takes over', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await prepare(page);
    await page.goto('/download');
    const origin = new URL(page.url()).origin;

    await test.step('a guest gets a code per platform, without a token', async () => {
      for (const platform of ['ios', 'android']) {
        const code = page.getByTestId(`download-qr-${platform}`);
        await expect(code).toBeVisible();
        expect(await code.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
        await expect(code).toHaveAttribute('data-text', `${origin}/download?platform=${platform}&language=EN`);
        await expect(page.getByTestId(`download-guide-${platform}`).locator('li')).toHaveCount(4);
      }
    });

    await test.step('the manifest is linked, served and names its icons', async () => {
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const response = await request.get(href!);
      expect(response.headers()['content-type']).toContain('application/manifest+json');
      const manifest = (await response.json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string; type: string }[] };
      expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
      // The app installs under the brand's name.
      const status = (await (await request.get('/wps/system/status')).json()) as { value: { info: { merchant: { name: string } } } };
      expect(manifest.name).toBe(status.value.info.merchant.name);
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      for (const icon of manifest.icons.filter((entry) => entry.type === 'image/png')) {
        const image = await request.get(icon.src);
        expect(image.status(), icon.src).toBe(200);
        expect(image.headers()['content-type']).toBe('image/png');
      }
    });

    await test.step("search engines get a description and a robots file that keeps them out of members' pages", async () => {
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S{20,}|\S+( \S+){5,}/);
      const robots = await request.get('/robots.txt');
      expect(robots.status()).toBe(200);
      expect(robots.headers()['content-type']).toContain('text/plain');
      const lines = (await robots.text()).split('\n');
      expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /wps/', 'Disallow: /api/']));
    });

    await test.step('the service worker controls the page and starts it without a network', async () => {
      const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
      expect(script).toMatch(/\/sw\.js\?v=/);
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.context().setOffline(true);
      await page.reload();
      await expect(page.locator('#root > *').first()).toBeAttached();
      await page.context().setOffline(false);
    });

    await test.step('signed in, the codes carry the session too', async () => {
      const token = await registerInClient(page, freshUsername('ld'));
      await page.goto('/download?platform=android');
      await expect(page.getByTestId('download-guide-android')).toHaveClass(/is-highlighted/);
      await expect(page.getByTestId('download-qr-ios')).toHaveAttribute('data-text', `${origin}/download?platform=ios&language=EN&token=${token}`);
    });

    await test.step('a scanned link opens the page in the language it carries', async () => {
      await page.goto('/download?platform=ios&language=ES');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByTestId('download-guide-ios')).toHaveClass(/is-highlighted/);
    });
  });
});

/** Opens the mirror-domain page and waits for its first measuring pass to end. */
async function openDomains(page: Page) {
  await page.goto('/domains');
  const origin = new URL(page.url()).origin;
  const list = page.getByTestId('domain-list');
  const items = page.getByTestId('domain-item');
  await expect(items.first()).toBeVisible();
  await expect(list).toHaveAttribute('data-measuring', 'false', { timeout: 20_000 });
  return { origin, list, items };
}

test.describe('mirror domains', () => {
  // The second test rewrites the page's answer, which a service worker would fetch out of the test's reach.
  test.use({ serviceWorkers: 'block' });

  /** The sources the site's security policy lets a page connect to. */
  const connectSources = async (request: APIRequestContext): Promise<string[]> => {
    const policy = (await request.get('/')).headers()['content-security-policy'] ?? '';
    const directive = policy.split(';').find((part) => part.trim().startsWith('connect-src '));
    return directive?.trim().split(/\s+/).slice(1) ?? [];
  };

  test('every domain is timed from the browser, the fastest marked, and measured again on demand', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await prepare(page);
    const listed = await api<string[]>(request, '/wps/system/domainRoute');
    expect(listed.length).toBeGreaterThan(0);
    // The policy names the brand's mirror domains where a page may connect; the gateway learns them in the background.
    await expect.poll(async () => (await connectSources(request)).length, { timeout: 15_000 }).toBeGreaterThan(1);
    const { origin, list, items } = await openDomains(page);

    // This site and the other domains of the demo brand (its host names) all answer, and each is timed.
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    const states = () => items.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.state));
    for (const state of await states()) expect(state).toBe('ok');
    for (const row of await items.all()) await expect(row).toContainText(/\d+ ms/);
    for (const other of await items.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.origin))) {
      if (other !== origin) expect(await connectSources(request)).toContain(other);
    }
    const here = page.locator(`[data-testid="domain-item"][data-origin="${origin}"]`);
    await expect(here).toHaveCount(1);
    await expect(here).toHaveAttribute('data-state', 'ok');
    // The first row is the fastest, and only it is marked.
    await expect(page.getByTestId('domain-fastest')).toHaveCount(1);
    await expect(items.first()).toHaveAttribute('data-fastest', 'true');
    await expect(items.first().getByTestId('domain-fastest')).toBeVisible();

    const round = Number(await list.getAttribute('data-round'));
    await page.getByTestId('domains-remeasure').click();
    await expect(list).toHaveAttribute('data-round', String(round + 1));
    await expect(list).toHaveAttribute('data-measuring', 'false', { timeout: 20_000 });
    await expect(page.getByTestId('domain-fastest')).toHaveCount(1);
    for (const state of await states()) expect(state).toBe('ok');
  });

  test('a domain the page’s policy does not name is refused by the browser and listed as not measurable, not as down', async ({ page, request, cspViolations }) => {
    await page.setViewportSize(PHONE);
    await prepare(page);
    await expect.poll(async () => (await connectSources(request)).length, { timeout: 15_000 }).toBeGreaterThan(1);
    // The page as it would be with the policy before the brand listed its other domains: its own origin only.
    await page.route('**/domains', async (route) => {
      const response = await route.fetch();
      const policy = response.headers()['content-security-policy'] ?? '';
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy.replace(/connect-src [^;]*/, "connect-src 'self'") } });
    });
    const { origin, list, items } = await openDomains(page);
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    await expect(page.locator(`[data-testid="domain-item"][data-origin="${origin}"]`)).toHaveAttribute('data-state', 'ok');
    const others = page.locator(`[data-testid="domain-item"]:not([data-origin="${origin}"])`);
    for (const row of await others.all()) {
      await expect(row).toHaveAttribute('data-state', 'blocked');
      await expect(row).toContainText('Cannot be timed from here');
    }
    // Measured again, they are not asked again and stay as they are.
    await page.getByTestId('domains-remeasure').click();
    await expect(list).toHaveAttribute('data-measuring', 'false', { timeout: 20_000 });
    for (const row of await others.all()) await expect(row).toHaveAttribute('data-state', 'blocked');
    await expect(items.first()).toHaveAttribute('data-origin', origin);

    // The refusals this test provoked, and nothing else: connections to the other domains' liveness checks.
    const refused = (await others.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.origin))).map((other) => `${other}/health/live`);
    expect(cspViolations.length).toBeGreaterThan(0);
    for (const violation of cspViolations)
      expect(
        refused.some((url) => violation.includes(url)),
        violation,
      ).toBe(true);
    cspViolations.splice(0);
  });
});
