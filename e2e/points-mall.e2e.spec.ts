import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The points mall on the real client and the real API, with the demo brand's seeded programme: a guest is sent to
 * sign in; the demo players see their points, the rewards, their redeem history in every status and their points
 * details; they redeem goods with a delivery address and convert points to cash behind the payment password, and the
 * points on screen follow by push. On a desktop (EN) and on a 360 px phone (ES).
 */

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
const PAY_PASSWORD = 'pago1234';
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;

async function api<T>(request: APIRequestContext, method: string, path: string, options: { token?: string; body?: unknown; operator?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': 'EN', 'idempotency-key': randomUUID() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.operator) {
    expect(OPERATOR_TOKEN, 'the suite runs with the platform’s OPERATOR_TOKEN (npm run test:e2e sets it)').toBeTruthy();
    headers.authorization = `Operator ${OPERATOR_TOKEN}`;
  }
  const response = await request.fetch(path, { method, headers, ...(options.body === undefined ? {} : { data: options.body }) });
  const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(envelope.success, `${method} ${path}: ${envelope.message ?? ''}`).toBe(true);
  return envelope.value;
}

/** Signs a demo player in through the API, with a payment password, and opens the mall with the token in the address (spec §4). */
async function openMall(page: Page, request: APIRequestContext, username: string, language: 'EN' | 'ES'): Promise<string> {
  const { token } = await api<{ token: string }>(request, 'POST', '/wps/session/login', { body: { username, password: DEMO_PASSWORD, type: 'username' } });
  const status = await api<{ isSet: boolean }>(request, 'GET', '/wps/member/payment-password', { token });
  if (!status.isSet) await api(request, 'PUT', '/wps/member/payment-password', { token, body: { password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD } });
  await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  await page.goto(`/pointMall?token=${encodeURIComponent(token)}`);
  await expect(page.getByTestId('point-mall')).toBeVisible();
  await expect(page.getByTestId('points-current')).toHaveText(/^-?[\d,.]+$/);
  return token;
}

/** A goods reward of this run, cheap and unlimited, so every run can redeem it. */
async function cheapGoods(request: APIRequestContext, name: string): Promise<string> {
  const reward = await api<{ rewardId: string }>(request, 'POST', '/operator/v1/merchants/DEMO/points/rewards', {
    operator: true,
    body: { kind: 'goods', name, description: 'A keyring', image: '/rewards/mug.svg', points: '10', sort: 1 },
  });
  return reward.rewardId;
}

const pointsOn = async (page: Page) => BigInt(((await page.getByTestId('points-current').textContent()) ?? '').replace(/[^\d-]/g, ''));

/** The page lies within the window and nothing in it is wider than the page. */
async function fitsWidth(page: Page): Promise<void> {
  const fit = await page.getByTestId('point-mall').evaluate((mall) => {
    const right = mall.getBoundingClientRect().right;
    const wider = [...mall.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > right + 1);
    return { right, innerWidth: window.innerWidth, wider: wider.map((element) => element.className || element.tagName) };
  });
  expect(fit.right).toBeLessThanOrEqual(fit.innerWidth);
  expect(fit.wider).toEqual([]);
}

test.describe('points mall', () => {
  test('a guest is sent to sign in', async ({ page }) => {
    await page.goto('/pointMall');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
  });

  test('desktop (EN): points, rewards, history in every status, details, redeem with delivery, and convert', async ({ page, request }) => {
    const name = `Keyring ${randomUUID().slice(0, 6)}`;
    const rewardId = await cheapGoods(request, name);
    await openMall(page, request, 'demoplayer2', 'EN');
    await expect(page.getByTestId('points-ratio')).toHaveText('100 points = 1 MXN');
    await expect(page.getByTestId('points-convert-rate')).toHaveText('1000 points = 10.00 MXN · minimum 100 points');
    await expect(page.getByTestId('points-rewards').locator('[data-kind="voucher"]').first()).toBeVisible();
    await expect(page.getByTestId('points-rewards').locator('[data-kind="cash"]').first()).toBeVisible();

    await test.step('the redeem history shows every status with its remark, and the details a running balance', async () => {
      await page.getByTestId('points-tab-history').click();
      const history = page.getByTestId('points-history');
      await expect(history.locator('[data-status="approved"]').first()).toHaveText('Approved');
      await expect(history.locator('[data-status="in_process"]').first()).toHaveText('In process');
      await expect(history.locator('[data-status="rejected"]').first()).toHaveText('Rejected');
      await expect(history).toContainText('The delivery address could not be confirmed');
      await page.getByTestId('points-tab-details').click();
      await expect(page.getByTestId('points-details').locator('tbody tr').first()).toBeVisible();
      await expect(page.getByTestId('points-details')).toContainText('Redeem refund');
    });

    await test.step('redeeming goods needs the delivery address and the payment password', async () => {
      await page.getByTestId('points-tab-rewards').click();
      const before = await pointsOn(page);
      await page.getByTestId(`reward-redeem-${rewardId}`).click();
      const dialog = page.getByTestId('redeem-dialog');
      await expect(dialog.getByTestId('redeem-name')).toHaveText(name);
      await dialog.getByTestId('redeem-password').fill(PAY_PASSWORD);
      await dialog.getByTestId('redeem-submit').click();
      await expect(dialog.getByTestId('redeem-error')).toHaveText('Please enter the delivery name, phone and address');
      await dialog.getByTestId('redeem-delivery-name').fill('Lucia Perez');
      await dialog.getByTestId('redeem-delivery-phone').fill('5512345678');
      await dialog.getByTestId('redeem-delivery-address').fill('Av. Reforma 222, CDMX');
      await dialog.getByTestId('redeem-password').fill('wrong999');
      await dialog.getByTestId('redeem-submit').click();
      await expect(dialog.getByTestId('redeem-error')).toHaveText('The payment password is incorrect');
      await expect(page.getByTestId('points-current')).toHaveText(before.toLocaleString('en-US'));
      await dialog.getByTestId('redeem-password').fill(PAY_PASSWORD);
      await dialog.getByTestId('redeem-submit').click();
      await expect(page.getByTestId('toast').last()).toContainText('is in process');
      await expect(page.getByTestId('points-current')).toHaveText((before - 10n).toLocaleString('en-US'));
      await page.getByTestId('points-tab-history').click();
      await expect(page.getByTestId('points-history').locator('tbody tr').first()).toContainText(name);
    });

    await test.step('converting refuses a fractional amount, then pays 100 points as 1.00 MXN', async () => {
      const before = await pointsOn(page);
      await page.getByTestId('points-convert-amount').fill('1.5');
      await page.getByTestId('points-convert-password').fill(PAY_PASSWORD);
      await page.getByTestId('points-convert-submit').click();
      await expect(page.getByTestId('points-convert-error')).toHaveText('Enter a whole number of points greater than zero');
      await page.getByTestId('points-convert-amount').fill('100');
      await expect(page.getByTestId('points-convert-preview')).toHaveText('You receive 1.00 MXN');
      await page.getByTestId('points-convert-submit').click();
      await expect(page.getByTestId('toast').last()).toContainText('100 points converted to 1.00 MXN');
      await expect(page.getByTestId('points-current')).toHaveText((before - 100n).toLocaleString('en-US'));
    });
    await fitsWidth(page);
  });

  test('phone (ES, 360 px): the whole page fits, the rewards and history read well, and a redemption goes through', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const name = `Llavero ${randomUUID().slice(0, 6)}`;
    const rewardId = await cheapGoods(request, name);
    await openMall(page, request, 'demoplayer', 'ES');
    await expect(page.getByTestId('points-ratio')).toHaveText('100 puntos = 1 MXN');
    await fitsWidth(page);
    const before = await pointsOn(page);

    await page.getByTestId(`reward-redeem-${rewardId}`).click();
    const dialog = page.getByTestId('redeem-dialog');
    await dialog.getByTestId('redeem-delivery-name').fill('Lucia Perez');
    await dialog.getByTestId('redeem-delivery-phone').fill('5512345678');
    await dialog.getByTestId('redeem-delivery-address').fill('Av. Reforma 222, CDMX');
    await dialog.getByTestId('redeem-password').fill(PAY_PASSWORD);
    await dialog.getByTestId('redeem-submit').click();
    await expect(page.getByTestId('toast').last()).toContainText('está en proceso');
    await expect(page.getByTestId('points-current')).toHaveText((before - 10n).toLocaleString('es-MX'));

    await page.getByTestId('points-tab-history').click();
    const first = page.getByTestId('points-history').locator('tbody tr').first();
    await expect(first).toContainText(name);
    await expect(first.locator('[data-status="in_process"]')).toHaveText('En proceso');
    await fitsWidth(page);
    await page.getByTestId('points-tab-details').click();
    await expect(page.getByTestId('points-details').locator('tbody tr').first()).toContainText('Canje');
    await fitsWidth(page);
  });
});
