import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * The promotions page on a phone and on a desktop: full on a fresh install (every kind of the demo brand, in ES and
 * EN), category tabs, a claim, an application with an image checked before it is sent, and the operator's decision
 * arriving live.
 */

/** Set by `npm run test:e2e` for the platform and the suite alike. */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;
const SCREENS = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1366, height: 860 } },
] as const;

/** A small png, made by hand. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(24, 0);
  header.writeUInt32BE(16, 4);
  header[8] = 8;
  const raw = Buffer.alloc(25 * 16, 0xa0);
  for (let row = 0; row < 16; row++) raw[row * 25] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function operator<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: { Authorization: `Operator ${OPERATOR_TOKEN}`, 'X-Operator': 'e2e.ops' }, data });
  const body = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(body.success, `${method} ${url}: ${body.message ?? ''}`).toBe(true);
  return body.value;
}

const createPromotion = (request: APIRequestContext, body: Record<string, unknown>) =>
  operator<{ promotionId: string }>(request, 'POST', '/operator/v1/merchants/DEMO/promotions', {
    category: 'other',
    currency: 'MXN',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    sort: -100,
    ...body,
  });

/**
 * Nothing of the page reaches past the screen's right edge: the document does not scroll sideways, and every card
 * fits (the tab strip scrolls within itself).
 */
const noWiderThan = async (page: Page, width: number) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(width);
  expect(
    await page.getByTestId('promotions-list').evaluate((list) => Math.max(...[...list.querySelectorAll('li, li *')].map((el) => el.getBoundingClientRect().right))),
    'a promotion card is wider than the screen',
  ).toBeLessThanOrEqual(width);
};

test.describe('the promotions page', () => {
  for (const screen of SCREENS) {
    test(`${screen.name}: full on a fresh install, tabs, a claim and an application decided live`, async ({ page, request }) => {
      test.skip(!OPERATOR_TOKEN, 'OPERATOR_TOKEN is not set for the suite');
      test.slow();
      await page.setViewportSize(screen.viewport);
      await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));

      await test.step('a guest sees every kind of the demo promotions, with banners, periods and states', async () => {
        await page.goto('/promotions');
        const list = page.getByTestId('promotions-list');
        await expect(list.locator('li')).not.toHaveCount(0);
        expect(await list.locator('li').count()).toBeGreaterThanOrEqual(12);
        for (const kind of ['deposit_match', 'cash_bonus', 'cashback', 'application', 'referral', 'raffle', 'tournament']) {
          await expect(list.locator(`li[data-kind="${kind}"]`).first()).toBeVisible();
        }
        const welcome = list.locator('li', { hasText: '100% welcome bonus' });
        await expect(welcome).toContainText('100% · 2,000.00 MXN');
        await expect(welcome).toContainText('Ongoing');
        await expect(welcome.locator('img')).toHaveAttribute('src', '/promo-banners/welcome.svg');
        // The banner loads lazily: once it is on screen, it has loaded.
        await welcome.locator('img').scrollIntoViewIfNeeded();
        await expect.poll(() => welcome.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
        await expect(welcome.locator('[data-testid^="promo-action-"]')).toHaveText('Join');
        await expect(list.locator('li[data-kind="tournament"] [data-testid^="promo-state-"]')).toHaveText('Coming soon');
        await expect(list.locator('li[data-kind="application"]').first().locator('[data-testid^="promo-action-"]')).toHaveText('Apply');
        // A guest who wants to take part is asked to sign in.
        await welcome.locator('[data-testid^="promo-action-"]').click();
        await expect(page.getByTestId('login-modal')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('login-modal')).toHaveCount(0);
        await noWiderThan(page, screen.viewport.width);
      });

      await test.step('the tabs show one category at a time', async () => {
        await page.getByTestId('promotions-tab-deposit').click();
        await expect(page).toHaveURL(/category=deposit/);
        const cards = page.getByTestId('promotions-list').locator('li');
        // The list follows the tab on the next render: read it until it does.
        const shownCategories = async () => new Set(await cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-category'))));
        await expect(cards.first()).toBeVisible();
        await expect.poll(shownCategories).toEqual(new Set(['deposit']));
        await expect(page.getByTestId('promotions-tab-deposit')).toHaveAttribute('aria-selected', 'true');
        await page.getByTestId('promotions-tab-live').click();
        await expect(page.getByTestId('promotions-tab-live')).toHaveAttribute('aria-selected', 'true');
        await expect.poll(shownCategories).toEqual(new Set(['live']));
        await page.getByTestId('promotions-tab-all').click();
        await expect(page).not.toHaveURL(/category=/);
      });

      const bonus = await createPromotion(request, {
        kind: 'cash_bonus',
        titles: { ES: `Bono e2e ${screen.name}`, EN: `E2E bonus ${screen.name}` },
        summaries: { ES: 'Bono de prueba', EN: 'A test bonus' },
        terms: { amountMinor: '1500', multiple: 3, days: 7 },
        // First in the brand's order, so that it is among the few promotions home offers a new member.
        sort: -10_000,
      });
      const activity = await createPromotion(request, {
        kind: 'application',
        titles: { ES: `Actividad e2e ${screen.name}`, EN: `E2E activity ${screen.name}` },
        rules: { ES: 'Envía tu captura.', EN: 'Send your screenshot.' },
        terms: { amountMinor: '4000', imagesRequired: 1, multiple: 2, days: 7 },
      });

      const username = freshUsername('pm');
      await registerInClient(page, username);

      await test.step('home greets the new member with the balance and the promotions open to them, a bonus to claim first', async () => {
        await page.goto('/');
        const welcome = page.getByTestId('member-welcome');
        await expect(welcome.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Welcome back, ${username}$`, 'i'));
        await expect(welcome.getByTestId('member-welcome-balance')).toHaveText(/^\$ 0\.00$/);
        const open = welcome.getByTestId('member-welcome-promotions').locator('li');
        await expect(open.first()).toHaveAttribute('data-state', 'claim');
        expect(await open.count()).toBeLessThanOrEqual(3);
        const offered = welcome.getByTestId(`member-welcome-promo-${bonus.promotionId}`);
        await expect(offered).toContainText(`E2E bonus ${screen.name}`);
        await expect(offered).toContainText('15.00 MXN');
        await expect(offered).toContainText('Claim');
        expect(await page.evaluate(() => document.documentElement.scrollWidth), 'home scrolls sideways').toBeLessThanOrEqual(screen.viewport.width);
        await offered.click();
        await expect(page).toHaveURL(new RegExp(`/promotions\\?promotion=${bonus.promotionId}$`));
        await expect(page.getByTestId('promo-detail')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('promo-detail')).toHaveCount(0);
      });
      await page.goto('/promotions');

      await test.step('the side menu has invite friends (a referral promotion runs) and the count of promotions to act on', async () => {
        if (screen.name === 'phone') await page.getByTestId('side-menu-toggle').click();
        await expect(page.getByTestId('side-menu-invite')).toBeVisible();
        await expect(page.getByTestId('side-menu-promotions').getByTestId('promotions-badge')).toHaveText(/^\d+$/);
        if (screen.name === 'phone') await page.getByTestId('side-menu-close').click();
      });

      await test.step('a claim gives the bonus: the card says claimed, and the count goes down', async () => {
        const available = Number(await page.getByTestId('promotions-available').getAttribute('data-count'));
        await page.getByTestId(`promo-action-${bonus.promotionId}`).click();
        await expect(page.getByTestId(`promo-card-${bonus.promotionId}`).getByTestId(`promo-state-${bonus.promotionId}`)).toHaveText('Claimed');
        await expect(page.getByTestId('promotions-available')).toHaveAttribute('data-count', String(available - 1));
        await page.getByTestId(`promo-details-${bonus.promotionId}`).click();
        await expect(page.getByTestId('promo-detail-state')).toContainText('You claimed 15.00 MXN');
        await expect(page.getByTestId('promo-detail-terms')).toContainText('Wagering: 3× the bonus');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('promo-detail')).toHaveCount(0);
      });

      await test.step('an application: the comment counts to 140, a gif is refused in words, a png is previewed and sent', async () => {
        await page.getByTestId(`promo-action-${activity.promotionId}`).click();
        const form = page.getByTestId('promo-apply-form');
        await expect(form).toBeVisible();
        await expect(page.getByTestId('promo-detail-rules')).toHaveText('Send your screenshot.');
        await form.getByTestId('promo-apply-comment').fill('x'.repeat(150));
        await expect(form.getByTestId('promo-apply-count')).toHaveText('140/140');
        await form.getByTestId('promo-apply-comment').fill('Five wins in a row at table 3');
        await expect(form.getByTestId('promo-apply-count')).toHaveText('29/140');
        await form.getByTestId('promo-apply-submit').click();
        await expect(form.getByTestId('promo-apply-images-error')).toHaveText('Please add at least 1 image(s)');
        await form.getByTestId('promo-apply-images-input').setInputFiles({ name: 'win.gif', mimeType: 'image/png', buffer: GIF });
        await expect(form.getByTestId('promo-apply-images-error')).toHaveText('Only png or jpg images are allowed');
        await expect(form.getByTestId('promo-apply-images-preview')).toHaveCount(0);
        await form.getByTestId('promo-apply-images-input').setInputFiles({ name: 'streak.png', mimeType: 'image/png', buffer: png() });
        await expect(form.getByTestId('promo-apply-images-preview')).toHaveCount(1);
        await form.getByTestId('promo-apply-submit').click();
        await expect(page.getByTestId('promo-detail-state')).toHaveAttribute('data-state', 'process');
        await expect(page.getByTestId('promo-detail-state')).toContainText('In process');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('promo-detail')).toHaveCount(0);
        await expect(page.getByTestId(`promo-card-${activity.promotionId}`).getByTestId(`promo-state-${activity.promotionId}`)).toHaveText('In process');
      });

      await test.step("the operator's decision arrives live: rejected, with the reason", async () => {
        const { list } = await operator<{ list: Array<{ applicationId: string; comment: string }> }>(
          request,
          'GET',
          `/operator/v1/merchants/DEMO/promotion-applications?promotionId=${activity.promotionId}&state=process`,
        );
        expect(list.map((one) => one.comment)).toEqual(['Five wins in a row at table 3']);
        await operator(request, 'POST', `/operator/v1/merchants/DEMO/promotion-applications/${list[0]!.applicationId}/reject`, { reason: 'The screenshot is cut' });
        await expect(page.getByTestId(`promo-card-${activity.promotionId}`).getByTestId(`promo-state-${activity.promotionId}`)).toHaveText('Rejected');
        await page.getByTestId(`promo-details-${activity.promotionId}`).click();
        await expect(page.getByTestId('promo-detail-state')).toContainText('Your application was rejected: The screenshot is cut');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('promo-detail')).toHaveCount(0);
        await noWiderThan(page, screen.viewport.width);
      });

      await test.step('in Spanish, the page reads in Spanish', async () => {
        await page.evaluate(() => window.localStorage.setItem('language', 'ES'));
        await page.addInitScript(() => window.localStorage.setItem('language', 'ES'));
        await page.reload();
        await expect(page.getByTestId('promotions-list').locator('li', { hasText: 'Bono de bienvenida 100 %' })).toBeVisible();
        await expect(page.getByTestId(`promo-card-${bonus.promotionId}`).getByTestId(`promo-state-${bonus.promotionId}`)).toHaveText('Reclamado');
        await expect(page.getByTestId('promotions-tab-all')).toHaveText('Todas');
      });
    });
  }
});
