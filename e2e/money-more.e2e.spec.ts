import { createHmac, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * More of the member centre's money: an agent's transfer to its downline, the partial receipt of a paid withdrawal,
 * and the betting record's filters and totals over rounds a vendor played through the seamless-wallet API.
 * `npm run test:e2e` gives this suite the operator token and SIMVENDOR's secret; without them those tests are skipped.
 */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;
const VENDOR_SECRET = process.env.E2E_VENDOR_SECRET;
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
const PAY_PASSWORD = 'pago1234';

async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
}

async function api<T>(request: APIRequestContext, method: string, path: string, options: { token?: string; body?: unknown; key?: boolean; operator?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': 'EN' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.operator) headers.authorization = `Operator ${OPERATOR_TOKEN}`;
  if (options.key) headers['idempotency-key'] = randomUUID();
  const response = await request.fetch(path, { method, headers, ...(options.body === undefined ? {} : { data: options.body }) });
  const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(envelope.success, `${method} ${path}: ${envelope.message ?? ''}`).toBe(true);
  return envelope.value;
}

async function ensurePaymentPassword(request: APIRequestContext, token: string): Promise<void> {
  const status = await api<{ isSet: boolean }>(request, 'GET', '/wps/member/payment-password', { token });
  if (!status.isSet) await api(request, 'PUT', '/wps/member/payment-password', { token, body: { password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD } });
}

test.describe('member money, more (EN)', () => {
  test('the demo agent transfers to a member registered with its referral code', async ({ page, browser, request }) => {
    await useEnglish(page);
    const username = freshUsername('t');
    await registerInClient(page, username, 'DEMOAGENT');
    await expect(page.getByTestId('balance')).toHaveText('$ 0.00');

    const agentToken = (await api<{ token: string }>(request, 'POST', '/wps/session/login', { body: { username: 'demoagent', password: DEMO_PASSWORD, type: 'username' } })).token;
    await ensurePaymentPassword(request, agentToken);
    await api(request, 'POST', '/wps/v2/wallets/deposit/demo', { token: agentToken, body: { amount: '1000.00' }, key: true });
    const outsider = freshUsername('t');
    await api(request, 'PUT', '/wps/member/register', { body: { username: outsider, password: 'outside123', confirmPassword: 'outside123', acceptTerms: true } });

    const agentContext = await browser.newContext();
    try {
      const agentPage = await agentContext.newPage();
      await useEnglish(agentPage);
      // A token in the URL query is taken into the session (spec §4).
      await agentPage.goto(`/member?panel=transferFund&token=${encodeURIComponent(agentToken)}`);
      await expect(agentPage.getByTestId('panel-transferFund')).toBeVisible();
      await expect(agentPage.getByTestId('transfer-rule')).toContainText('any member of your downline');
      // The wallet card shows a dash until the balances arrive.
      await expect(agentPage.getByTestId('wallet-available')).toHaveText(/^\$ [\d,]+\.\d{2}$/);
      const available = (await agentPage.getByTestId('wallet-available').textContent()) ?? '';

      await test.step('a member outside the downline is refused with the server message', async () => {
        await agentPage.getByTestId('transfer-to').fill(outsider);
        await agentPage.getByTestId('transfer-amount').fill('10');
        await agentPage.getByTestId('transfer-paypass').fill(PAY_PASSWORD);
        await agentPage.getByTestId('transfer-submit').click();
        await expect(agentPage.getByTestId('transfer-form-error')).toHaveText('Agents can transfer only to members of their own downline');
        await expect(agentPage.getByTestId('wallet-available')).toHaveText(available);
      });

      await test.step('the transfer to the new downline member moves the money and both balances follow', async () => {
        await agentPage.getByTestId('transfer-to').fill(username);
        await agentPage.getByTestId('transfer-amount').fill('125.50');
        await agentPage.getByTestId('transfer-paypass').fill(PAY_PASSWORD);
        await agentPage.getByTestId('transfer-submit').click();
        await expect(agentPage.getByTestId('toast').last()).toContainText(`transferred to ${username}`);
        await expect(agentPage.getByTestId('transfer-form-error')).toHaveCount(0);
        await expect(agentPage.getByTestId('transfer-amount')).toHaveValue('');
        // The member's header follows the balance push without a reload.
        await expect(page.getByTestId('balance')).toHaveText('$ 125.50');
      });
    } finally {
      await agentContext.close();
    }

    await page.goto('/member?panel=transactionHistory');
    const received = page.locator('[data-testid="record-row"][data-type="transfer"]');
    await expect(received).toHaveCount(1);
    await expect(received.getByTestId('record-amount')).toHaveText('+125.50');
  });

  test('the player confirms a partial receipt of a paid withdrawal', async ({ page, request }) => {
    test.skip(!OPERATOR_TOKEN, 'OPERATOR_TOKEN is not set for the suite');
    await useEnglish(page);
    const token = await registerInClient(page, freshUsername('t'));
    await api(request, 'POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '600.00' }, key: true });
    await ensurePaymentPassword(request, token);
    const withdrawal = await api<{ id: string }>(request, 'POST', '/wps/v2/withdraw', {
      token,
      key: true,
      body: { amount: '300.00', paymentPassword: PAY_PASSWORD, bankName: 'Banco Demo', accountName: 'Test Player', accountNumber: '012345678901' },
    });
    await api(request, 'POST', `/operator/v1/withdrawals/${withdrawal.id}/approve`, { operator: true });
    await api(request, 'POST', `/operator/v1/withdrawals/${withdrawal.id}/paid`, { operator: true });

    await page.goto('/member?panel=withdraw');
    const row = page.getByTestId('withdrawal-row').first();
    await expect(row).toHaveAttribute('data-status', 'paid');
    await row.getByTestId('withdrawal-confirm').click();
    await expect(page.getByTestId('confirm-receipt-dialog')).toBeVisible();
    await page.getByTestId('confirm-option-partial').click();
    await page.getByTestId('confirm-submit').click();
    await expect(page.getByTestId('confirm-amount-error')).toBeVisible();
    await page.getByTestId('confirm-amount').fill('300');
    await page.getByTestId('confirm-submit').click();
    await expect(page.getByTestId('confirm-receipt-dialog')).toBeVisible();
    await page.getByTestId('confirm-amount').fill('275.50');
    await page.getByTestId('confirm-submit').click();
    await expect(page.getByTestId('confirm-receipt-dialog')).toHaveCount(0);
    await expect(row).toHaveAttribute('data-status', 'confirmed');
    await expect(row.getByTestId('withdrawal-received')).toHaveText('Received: $ 275.50');
    await expect(row.getByTestId('withdrawal-confirm')).toHaveCount(0);
    await expect(page.getByTestId('wallet-balance')).toHaveText('$ 300.00');
  });

  test('the betting record filters rounds by period, game type and status and totals them', async ({ page, request }) => {
    test.skip(!VENDOR_SECRET, 'E2E_VENDOR_SECRET is not set for the suite');
    await useEnglish(page);
    const token = await registerInClient(page, freshUsername('t'));
    const memberId = String((await api<{ id: string | number }>(request, 'GET', '/wps/member/info', { token })).id);
    await api(request, 'POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '500.00' }, key: true });

    const vendor = async (operation: string, payload: Record<string, unknown>) => {
      const body = JSON.stringify({ player: memberId, currency: 'MXN', ...payload });
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', VENDOR_SECRET!).update(`${timestamp}.${body}`).digest('hex');
      const response = await request.post(`/api/vendor/v1/${operation}`, {
        headers: { 'content-type': 'application/json', 'x-vendor-code': 'SIMVENDOR', 'x-timestamp': timestamp, 'x-signature': signature },
        data: body,
      });
      expect(response.status(), `${operation}: ${await response.text()}`).toBe(200);
    };
    const round = () => `e2e-${randomUUID()}`;
    const slot = round();
    await vendor('bet', { transactionId: `b-${slot}`, roundId: slot, gameType: 'RNG', gameCode: 'lucky-7', amount: '10.00' });
    await vendor('win', { transactionId: `w-${slot}`, roundId: slot, betTransactionId: `b-${slot}`, amount: '25.00', settle: true });
    const live = round();
    await vendor('bet', { transactionId: `b-${live}`, roundId: live, gameType: 'LIVE', amount: '20.00' });
    const voided = round();
    await vendor('bet', { transactionId: `b-${voided}`, roundId: voided, gameType: 'RNG', amount: '5.00' });
    await vendor('void', { transactionId: `v-${voided}`, roundId: voided });

    await page.goto('/member?panel=personalHistoryCopy');
    const rows = page.getByTestId('bet-row');
    const totals = async (bet: string, valid: string, win: string, net: string) => {
      await expect(page.getByTestId('bets-total-bet')).toHaveText(bet);
      await expect(page.getByTestId('bets-total-valid')).toHaveText(valid);
      await expect(page.getByTestId('bets-total-win')).toHaveText(win);
      await expect(page.getByTestId('bets-total-net')).toHaveText(net);
    };

    await test.step('the last 7 days by default: every round, totals without the cancelled stake', async () => {
      await expect(page.getByTestId('bets-range')).toHaveValue('last7');
      await expect(rows).toHaveCount(3);
      await totals('$ 30.00', '$ 10.00', '$ 25.00', '-5.00');
    });

    await test.step('status and game type narrow the list and the totals', async () => {
      await page.getByTestId('bets-status').selectOption('settled');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-round', slot);
      await totals('$ 10.00', '$ 10.00', '$ 25.00', '+15.00');
      await page.getByTestId('bets-status').selectOption('cancelled');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-round', voided);
      await totals('$ 0.00', '$ 0.00', '$ 0.00', '0.00');
      await page.getByTestId('bets-status').selectOption('');
      await page.getByTestId('bets-game-type').selectOption('LIVE');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-status', 'open');
      await totals('$ 20.00', '$ 0.00', '$ 0.00', '-20.00');
      await page.getByTestId('bets-game-type').selectOption('');
      await expect(rows).toHaveCount(3);
    });

    await test.step('the period: yesterday is empty, today and a custom day hold the rounds', async () => {
      await page.getByTestId('bets-range').selectOption('yesterday');
      await expect(page.getByTestId('bets-empty')).toBeVisible();
      await totals('$ 0.00', '$ 0.00', '$ 0.00', '0.00');
      await page.getByTestId('bets-range').selectOption('today');
      await expect(rows).toHaveCount(3);
      const today = await page.evaluate(() => {
        const now = new Date();
        return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      });
      const yesterday = await page.evaluate(() => {
        const day = new Date();
        day.setDate(day.getDate() - 1);
        return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      });
      await page.getByTestId('bets-range').selectOption('custom');
      await page.getByTestId('bets-from').fill(yesterday);
      await page.getByTestId('bets-to').fill(yesterday);
      await page.getByTestId('bets-search').click();
      await expect(page.getByTestId('bets-empty')).toBeVisible();
      await page.getByTestId('bets-to').fill(today);
      await page.getByTestId('bets-search').click();
      await expect(rows).toHaveCount(3);
      await totals('$ 30.00', '$ 10.00', '$ 25.00', '-5.00');
    });
  });
});
