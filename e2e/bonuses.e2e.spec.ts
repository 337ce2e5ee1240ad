import { createHmac, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/** Set by `npm run test:e2e` for the platform and the suite alike. */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;
const VENDOR_SECRET = process.env.E2E_VENDOR_SECRET;
const WIDTHS = [360, 1366] as const;

async function send(request: APIRequestContext, method: string, path: string, options: { token?: string; operator?: boolean; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'accept-language': 'EN', 'idempotency-key': randomUUID() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.operator) Object.assign(headers, { authorization: `Operator ${OPERATOR_TOKEN}`, 'x-operator': 'e2e.ops' });
  const response = await request.fetch(path, { method, headers, ...(options.body === undefined ? {} : { data: options.body }) });
  const body = (await response.json()) as { success: boolean; message?: string; value?: unknown };
  expect(body.success, `${method} ${path}: ${body.message ?? ''}`).toBe(true);
  return body.value;
}

/** A settled slot round at the vendor simulator. */
async function playRound(request: APIRequestContext, memberId: string, amount: string) {
  const body = JSON.stringify({ player: memberId, currency: 'MXN', transactionId: randomUUID(), roundId: randomUUID(), gameType: 'RNG', amount, win: '0', settle: true });
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', VENDOR_SECRET!).update(`${timestamp}.${body}`).digest('hex');
  const response = await request.post('/api/vendor/v1/bet', {
    headers: { 'content-type': 'application/json', 'x-vendor-code': 'SIMVENDOR', 'x-timestamp': timestamp, 'x-signature': signature },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('bonus money', () => {
  for (const width of WIDTHS) {
    test(`a bonus shows its wagering, moves live with play, and a withdrawal asks before it forfeits it (${width} px)`, async ({ page, request }) => {
      test.skip(!OPERATOR_TOKEN || !VENDOR_SECRET, 'OPERATOR_TOKEN and E2E_VENDOR_SECRET are set by npm run test:e2e');
      await page.setViewportSize({ width, height: width < 500 ? 780 : 860 });
      await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
      const token = await registerInClient(page, freshUsername('bn'));
      const memberId = await page.evaluate(() => window.sessionStorage.getItem('customerId'));
      expect(memberId).toMatch(/^\d+$/);
      await send(request, 'POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '300.00' } });
      await send(request, 'POST', `/operator/v1/members/${memberId}/bonuses`, {
        operator: true,
        body: { amount: '50.00', currency: 'MXN', title: 'Welcome bonus', terms: { multiple: 4, days: 7, maxBetMinor: '10000', weights: { RNG: 100, LIVE: 10 } } },
      });

      await test.step('bonusDetails shows the bonus with its requirement, weights and maximum bet', async () => {
        await page.goto('/member?panel=bonusDetails');
        const item = page.getByTestId('bonus-money-item').first();
        await expect(item).toHaveAttribute('data-state', 'wagering');
        await expect(item).toContainText('Welcome bonus');
        await expect(item.getByTestId('bonus-wagered')).toContainText('0.00 / 200.00');
        await expect(item.getByTestId('bonus-progress')).toHaveAttribute('aria-valuenow', '0');
        await expect(item.getByTestId('bonus-weights')).toContainText('Slots 100%');
        await expect(item.getByTestId('bonus-max-bet')).toContainText('100.00');
        await expect(page.getByTestId('bonus-balance')).toContainText('50.00');
        const overflow = await page.getByTestId('bonus-money').evaluate((card) => card.scrollWidth - card.clientWidth);
        expect(overflow, 'the bonus card fits the screen').toBeLessThanOrEqual(0);
      });

      await test.step('settled play moves the progress bar without a reload', async () => {
        await playRound(request, memberId!, '50.00');
        const item = page.getByTestId('bonus-money-item').first();
        await expect(item.getByTestId('bonus-progress')).toHaveAttribute('aria-valuenow', '25');
        await expect(item.getByTestId('bonus-wagered')).toContainText('50.00 / 200.00');
      });

      await test.step('a withdrawal names the bonus it would forfeit; keeping it moves nothing, confirming forfeits it', async () => {
        await send(request, 'PUT', '/wps/member/payment-password', { token, body: { password: 'pay12345', confirmPassword: 'pay12345' } });
        await page.goto('/member?panel=withdraw');
        await page.getByTestId('withdraw-amount').fill('100');
        await page.getByTestId('withdraw-bank-name').fill('Banco Demo');
        await page.getByTestId('withdraw-account-name').fill('Test Player');
        await page.getByTestId('withdraw-account-number').fill('012345678901');
        await page.getByTestId('withdraw-paypass').fill('pay12345');
        await page.getByTestId('withdraw-submit').click();
        await expect(page.getByTestId('confirm-dialog')).toContainText('forfeits your bonus of 50.00');
        await page.getByTestId('confirm-cancel').click();
        await expect(page.getByTestId('withdrawal-list-empty')).toBeVisible();
        await page.getByTestId('withdraw-submit').click();
        await page.getByTestId('confirm-ok').click();
        await expect(page.getByTestId('withdrawal-row')).toHaveCount(1);
        await page.goto('/member?panel=bonusDetails');
        await expect(page.getByTestId('bonus-money-item').first()).toHaveAttribute('data-state', 'forfeited');
        await expect(page.getByTestId('bonus-balance')).toContainText('0.00');
      });
    });
  }
});
