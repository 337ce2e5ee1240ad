import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/** Set by `npm run test:e2e` for the platform and the suite alike. */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;
const WIDTHS = [360, 1366] as const;

async function setLevel(request: APIRequestContext, memberId: string, level: number): Promise<void> {
  const response = await request.fetch(`/operator/v1/merchants/DEMO/vip/members/${memberId}`, {
    method: 'PUT',
    headers: { Authorization: `Operator ${OPERATOR_TOKEN}`, 'X-Operator': 'e2e.ops' },
    data: { level },
  });
  const body = (await response.json()) as { success: boolean; message?: string };
  expect(body.success, `set level: ${body.message ?? ''}`).toBe(true);
}

async function demoDeposit(request: APIRequestContext, token: string, amount: string): Promise<void> {
  const response = await request.post('/wps/v2/wallets/deposit/demo', { headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() }, data: { amount } });
  expect(response.ok()).toBe(true);
}

const inEnglish = (page: Page) => page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
/** Nothing of the VIP page reaches past the screen's right edge. */
const noWiderThan = async (page: Page, width: number) =>
  expect(
    await page.getByTestId('vip-page').evaluate((root) => Math.max(root.getBoundingClientRect().right, ...[...root.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right))),
    'the VIP page is wider than the screen',
  ).toBeLessThanOrEqual(width);

test.describe('the VIP page', () => {
  for (const width of WIDTHS) {
    test(`guests see the levels and a sign-in prompt; a member sees its level, progress and an upgrade live (${width} px)`, async ({ page, request }) => {
      test.skip(!OPERATOR_TOKEN, 'OPERATOR_TOKEN is not set for the suite');
      await page.setViewportSize({ width, height: width < 500 ? 780 : 860 });
      await inEnglish(page);

      await test.step('a guest sees the six demo levels and is asked to sign in', async () => {
        await page.goto('/vip');
        await expect(page.getByTestId('vip-levels').locator('li')).toHaveCount(6);
        await expect(page.getByTestId('vip-level-3')).toContainText('VIP3');
        await expect(page.getByTestId('vip-level-3')).toContainText('20,000.00 MXN');
        await expect(page.getByTestId('vip-guest')).toContainText('Sign in to see your VIP level');
        await expect(page.getByTestId('vip-member')).toHaveCount(0);
        await noWiderThan(page, width);
      });

      const token = await registerInClient(page, freshUsername('vp'));
      const memberId = await page.evaluate(() => window.sessionStorage.getItem('customerId'));
      expect(memberId).toMatch(/^\d+$/);

      await test.step('a new member is at VIP0, with the avatar label, and progress toward VIP1', async () => {
        await expect(page.getByTestId('avatar-vip-label')).toHaveText('VIP0');
        await demoDeposit(request, token, '400.00');
        // Deposits reach VIP progress through the deposit stream: the page shows them once it has counted this one.
        await expect
          .poll(async () => {
            const response = await request.get('/wps/vip', { headers: { Authorization: `Bearer ${token}` } });
            return ((await response.json()) as { value?: { member?: { depositMinor?: string } | null } }).value?.member?.depositMinor;
          })
          .toBe('40000');
        await page.goto('/vip');
        const card = page.getByTestId('vip-member');
        await expect(card).toHaveAttribute('data-level', '0');
        await expect(page.getByTestId('vip-next')).toHaveText('Next level: VIP1');
        await expect(page.getByTestId('vip-progress-deposit')).toContainText('400.00 MXN / 1,000.00 MXN');
        await expect(page.getByTestId('vip-progress-deposit').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
        await expect(page.getByTestId('vip-progress-bet')).toContainText('0.00 MXN / 5,000.00 MXN');
        await expect(page.getByTestId('vip-level-0')).toHaveAttribute('aria-current', 'true');
        await expect(page.getByTestId('vip-bonuses-empty')).toBeVisible();
        await noWiderThan(page, width);
      });

      await test.step('the progress bars move as the member deposits, without a reload', async () => {
        await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
        await demoDeposit(request, token, '100.00');
        await expect(page.getByTestId('vip-progress-deposit')).toContainText('500.00 MXN / 1,000.00 MXN');
        await expect(page.getByTestId('vip-progress-deposit').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
        expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      });

      await test.step('an upgrade shows at once: a toast, the avatar label and the member’s card, without a reload', async () => {
        await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
        await setLevel(request, memberId!, 3);
        await expect(page.getByText('Congratulations! You reached VIP3.')).toBeVisible();
        await expect(page.getByTestId('avatar-vip-label')).toHaveText('VIP3');
        await expect(page.getByTestId('vip-member')).toHaveAttribute('data-level', '3');
        await expect(page.getByTestId('vip-next')).toHaveText('Next level: VIP4');
        await expect(page.getByTestId('vip-keep')).toContainText('10,000.00 MXN');
        await expect(page.getByTestId('vip-level-3')).toHaveAttribute('aria-current', 'true');
        expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
        await noWiderThan(page, width);
        await page.screenshot({ path: `test-results/vip-${width}.png`, fullPage: true });
      });

      await test.step('the member saves a birthday once, for the level’s birthday bonus', async () => {
        const section = page.getByTestId('vip-birthday');
        await expect(section).toContainText('birthday bonus (500.00 MXN)');
        const thisYear = new Date().getUTCFullYear();
        await page.getByTestId('vip-birthday-input').fill(`${thisYear - 10}-06-15`);
        await page.getByTestId('vip-birthday-save').click();
        await expect(page.getByTestId('vip-birthday-error')).toHaveText('Please enter your real date of birth (you must be 18 or older)');
        await page.getByTestId('vip-birthday-input').fill('1990-06-15');
        await page.getByTestId('vip-birthday-save').click();
        // Dates follow the interface language's locale (English: month first).
        await expect(page.getByTestId('vip-birthday-on-file')).toContainText('June 15');
        await expect(page.getByTestId('vip-birthday-from')).toBeVisible();
        await expect(page.getByTestId('vip-birthday-input')).toHaveCount(0);
        await noWiderThan(page, width);
      });

      await test.step('the side menu leads to the VIP page', async () => {
        await page.goto('/');
        if (width < 500) await page.getByTestId('side-menu-toggle').first().click();
        const vipBonus = page.getByTestId('side-menu-link-vipBonus').filter({ visible: true }).first();
        await expect(vipBonus).toBeVisible();
        await vipBonus.click();
        await expect(page).toHaveURL(/\/vip$/);
        await expect(page.getByTestId('vip-member')).toBeVisible();
      });
    });
  }
});
