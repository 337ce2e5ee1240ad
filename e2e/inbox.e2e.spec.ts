import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { startEmbedded, type EmbeddedPlatform } from '../embedded/src/host.js';
import { freshUsername, registerInClient } from './support';

/** Set by `npm run test:e2e` for the platform and the suite alike. */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;

async function operator(request: APIRequestContext, path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await request.fetch(path, { method: 'POST', headers: { Authorization: `Operator ${OPERATOR_TOKEN}` }, data });
  const body = (await response.json()) as { success: boolean; value: Record<string, unknown>; message?: string };
  expect(body.success, `POST ${path}: ${body.message ?? ''}`).toBe(true);
  return body.value;
}

/** The unread badge the visitor sees (header and side menu show the same count). */
const badge = (page: Page) => page.getByTestId('unread-badge').filter({ visible: true }).first();
const items = (page: Page) => page.getByTestId('inbox-item');

test.describe('the inbox (messageV2)', () => {
  test('lists, opens, marks all read and deletes; the badge follows live when the operator writes or broadcasts', async ({ page, request }) => {
    test.skip(!OPERATOR_TOKEN, 'OPERATOR_TOKEN is not set for the suite');
    await page.addInitScript(() => {
      window.localStorage.setItem('language', 'EN');
      // The visitor chose "hide today" for the brand's announcement popups, which would cover the page.
      const today = new Date();
      window.localStorage.setItem('POPUP_HIDDEN_ON', `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`);
    });
    await registerInClient(page, freshUsername('ib'));
    const memberId = await page.evaluate(() => window.sessionStorage.getItem('customerId'));
    expect(memberId).toMatch(/^\d+$/);

    await test.step('a new member has the welcome letter and the brand’s broadcast, both unread', async () => {
      await expect(badge(page)).toHaveText('2');
      await page.goto('/member?panel=messageV2');
      await expect(page.getByTestId('panel-messageV2')).toBeVisible();
      await expect(items(page)).toHaveCount(2);
      await expect(page.getByTestId('inbox-unread')).toHaveText('2 unread messages');
      await expect(items(page).filter({ hasText: 'Welcome' })).toHaveAttribute('data-read', 'false');
      await expect(items(page).filter({ hasText: 'Slots tournament this weekend' })).toHaveAttribute('data-read', 'false');
    });

    await test.step('a letter from the operator raises the badge and appears at once, without a reload', async () => {
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      await operator(request, `/operator/v1/members/${memberId}/letters`, { title: { ES: 'Tu bono', EN: 'Your bonus' }, content: { ES: 'Ya está activo', EN: 'It is active now.\nEnjoy!' } });
      await expect(badge(page)).toHaveText('3');
      await expect(items(page)).toHaveCount(3);
      await expect(items(page).first()).toContainText('Your bonus');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    });

    await test.step('opening a message shows it in full and marks it read', async () => {
      const letter = items(page).filter({ hasText: 'Your bonus' });
      await letter.getByTestId('inbox-item-open').click();
      await expect(letter.getByTestId('inbox-item-content')).toHaveText('It is active now.\nEnjoy!');
      await expect(letter).toHaveAttribute('data-read', 'true');
      await expect(badge(page)).toHaveText('2');
      await letter.getByTestId('inbox-item-open').click();
      await expect(letter.getByTestId('inbox-item-content')).toHaveCount(0);
    });

    await test.step('a broadcast to a list of members raises the badge live', async () => {
      await operator(request, '/operator/v1/merchants/DEMO/broadcasts', {
        segment: { type: 'members', memberIds: [memberId] },
        title: { ES: 'Solo para ti', EN: 'Just for you' },
        content: { ES: 'Un giro gratis', EN: 'A free spin' },
      });
      await expect(badge(page)).toHaveText('3');
      await expect(items(page).first()).toContainText('Just for you');
      await expect(items(page).first()).toContainText('Announcement');
    });

    await test.step('mark all read clears the badge', async () => {
      await page.getByTestId('inbox-read-all').click();
      await expect(badge(page)).toHaveCount(0);
      await expect(page.getByTestId('inbox-unread')).toHaveText('All messages read');
      await expect(items(page).filter({ has: page.locator('[data-read="false"]') })).toHaveCount(0);
      await expect(page.locator('[data-testid="inbox-item"][data-read="false"]')).toHaveCount(0);
      await expect(page.getByTestId('inbox-read-all')).toBeDisabled();
    });

    await test.step('deleting asks first; cancel keeps the message, confirm removes it', async () => {
      const letter = items(page).filter({ hasText: 'Your bonus' });
      await letter.getByTestId('inbox-item-open').click();
      await letter.getByTestId('inbox-item-delete').click();
      await expect(page.getByTestId('confirm-dialog')).toContainText('Your bonus');
      await page.getByTestId('confirm-cancel').click();
      await expect(items(page)).toHaveCount(4);
      await letter.getByTestId('inbox-item-delete').click();
      await page.getByTestId('confirm-ok').click();
      await expect(items(page)).toHaveCount(3);
      await expect(items(page).filter({ hasText: 'Your bonus' })).toHaveCount(0);
    });

    await test.step('works on a 360 px phone: the panel fits the screen, a message opens in place', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await expect(items(page)).toHaveCount(3);
      const welcome = items(page).filter({ hasText: 'Welcome' });
      await welcome.getByTestId('inbox-item-open').click();
      await expect(welcome.getByTestId('inbox-item-content')).toBeVisible();
      const panel = page.getByTestId('panel-messageV2');
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    });
  });
});

test.describe('the inbox for a trial account (own platform, free play on)', () => {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let platform: EmbeddedPlatform;

  test.beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', webDist: process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(ROOT, 'web', 'dist') });
    await platform.db.orm.execute(sql`
      UPDATE identity.merchants
      SET settings = jsonb_set(settings, '{whitelabel}', coalesce(settings->'whitelabel', '{}'::jsonb) || '{"FREEPLAY3": true}'::jsonb)
      WHERE code = 'DEMO'`);
    // The brand directory keeps brands for five seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
  });

  test.afterAll(async () => {
    await platform?.close();
  });

  test('shows no badge and never asks for the unread count', async ({ page, request }) => {
    const response = await request.post(`${platform.url}/wps/session/login/freeplay`, { data: {} });
    const trial = ((await response.json()) as { value: { token: string } }).value;
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('CSP_')) asked.push(sent.url());
    });
    await page.goto(`${platform.url}/?token=${encodeURIComponent(trial.token)}`);
    await expect(page.getByTestId('member-account')).toHaveText(/^guest/i);
    // The trial account has a welcome letter, yet nothing shows it.
    await expect.poll(async () => (await platform.clients.notices.unreadCount({ memberId: await memberIdOf(page), merchantCode: 'DEMO' })).unread).toBeGreaterThan(0);
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
    expect(asked).toEqual([]);
  });
});

const memberIdOf = async (page: Page): Promise<string> => (await page.evaluate(() => window.sessionStorage.getItem('customerId'))) ?? '';
