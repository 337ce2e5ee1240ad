import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
}

/** Registers through the register modal; a new member starts at zero. */
async function register(page: Page, username: string): Promise<void> {
  await registerInClient(page, username);
  await expect(page.getByTestId('balance')).toHaveText('$ 0.00');
}

/** The smallest valid PNG (1x1, transparent). */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Set OPERATOR_TOKEN for both the platform and the suite (e.g. `OPERATOR_TOKEN=… npm run test:e2e`) to run the operator steps. */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;

async function operator(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<unknown> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Operator ${OPERATOR_TOKEN}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { success: boolean; value: unknown; message?: string };
  expect(body.success, `${method} ${path}: ${body.message ?? ''}`).toBe(true);
  return body.value;
}

test.describe('player money (EN)', () => {
  test('sandbox deposit, payment password, withdrawal, account record, deposit limits', async ({ page, request }) => {
    await useEnglish(page);
    const username = freshUsername('m');
    await register(page, username);

    await test.step('the header deposit shortcut opens the deposit panel', async () => {
      await page.getByTestId('deposit-button').click();
      await expect(page).toHaveURL(/\/member\?panel=depositv2$/);
      await expect(page.getByTestId('panel-depositv2')).toBeVisible();
      await expect(page.getByTestId('deposit-list-empty')).toBeVisible();
    });

    await test.step('an amount outside the method range is refused on the client', async () => {
      await page.getByTestId('deposit-method-SANDBOX_PAY').click();
      await page.getByTestId('deposit-amount').fill('0');
      await page.getByTestId('deposit-submit').click();
      await expect(page.getByTestId('deposit-amount-error')).toBeVisible();
      await page.getByTestId('deposit-amount').fill('12.345');
      await page.getByTestId('deposit-submit').click();
      await expect(page.getByTestId('deposit-amount-error')).toContainText('valid amount');
    });

    await test.step('deposit through the sandbox gateway: Pay, and the balance rises live', async () => {
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      await page.getByTestId('deposit-amount').fill('500');
      const popupPromise = page.waitForEvent('popup');
      await page.getByTestId('deposit-submit').click();
      const popup = await popupPromise;
      await expect(popup).toHaveURL(/\/sandbox-pay\//);
      await popup.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page.getByTestId('balance')).toHaveText('$ 500.00');
      await expect(page.getByTestId('deposit-row').first()).toHaveAttribute('data-status', 'approved');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      await popup.close();
    });

    await test.step('manual bank transfer: bank details, proof checked on the client, then uploaded', async () => {
      await page.getByTestId('deposit-method-BANK_TRANSFER').click();
      await expect(page.getByTestId('bank-details')).toBeVisible();
      await page.getByTestId('deposit-amount').fill('150');
      await page.getByTestId('deposit-submit').click();
      await expect(page.getByTestId('proof-upload')).toBeVisible();
      await page.getByTestId('deposit-proof-input').setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
      await expect(page.getByTestId('deposit-proof-error')).toHaveText('Only png or jpg images are allowed');
      await page.getByTestId('deposit-proof-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
      await expect(page.getByTestId('deposit-proof-preview')).toHaveCount(1);
      await page.getByTestId('deposit-proof-submit').click();
      await expect(page.getByTestId('proof-upload')).toHaveCount(0);
      const bankRow = page.getByTestId('deposit-row').first();
      await expect(bankRow).toHaveAttribute('data-status', 'pending');
      await expect(page.getByTestId('balance')).toHaveText('$ 500.00');
    });

    await test.step('withdraw asks for a payment password first', async () => {
      await page.getByTestId('withdraw-button').click();
      await expect(page).toHaveURL(/\/member\?panel=withdraw$/);
      await expect(page.getByTestId('paypass-form')).toBeVisible();
      await expect(page.getByTestId('wallet-available')).toHaveText('$ 500.00');
      await page.getByTestId('paypass-new').fill('pay12345');
      await page.getByTestId('paypass-confirm').fill('pay12346');
      await page.getByTestId('paypass-submit').click();
      await expect(page.getByTestId('paypass-confirm-error')).toHaveText('Confirmation password is not correct.');
      await page.getByTestId('paypass-confirm').fill('pay12345');
      await page.getByTestId('paypass-submit').click();
      await expect(page.getByTestId('withdraw-form')).toBeVisible();
    });

    await test.step('a wrong payment password shows the server message and moves nothing', async () => {
      await page.getByTestId('withdraw-amount').fill('200');
      await page.getByTestId('withdraw-bank-name').fill('Banco Demo');
      await page.getByTestId('withdraw-account-name').fill('Test Player');
      await page.getByTestId('withdraw-account-number').fill('012345678901');
      await page.getByTestId('withdraw-paypass').fill('wrong999');
      const answer = page.waitForResponse((r) => r.url().endsWith('/wps/v2/withdraw'));
      await page.getByTestId('withdraw-submit').click();
      const response = await answer;
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      await expect(page.getByTestId('withdraw-form-error')).toHaveText(body.message);
      await expect(page.getByTestId('wallet-available')).toHaveText('$ 500.00');
      await expect(page.getByTestId('withdrawal-list-empty')).toBeVisible();
    });

    await test.step('withdraw part of it: available drops and the amount is held', async () => {
      await page.getByTestId('withdraw-paypass').fill('pay12345');
      await page.getByTestId('withdraw-submit').click();
      await expect(page.getByTestId('wallet-available')).toHaveText('$ 300.00');
      await expect(page.getByTestId('wallet-held')).toHaveText('$ 200.00');
      await expect(page.getByTestId('balance')).toHaveText('$ 300.00');
      await expect(page.getByTestId('withdrawal-row')).toHaveCount(1);
      await expect(page.getByTestId('withdrawal-row').first()).toHaveAttribute('data-status', 'pending');
    });

    await test.step('the operator approves and pays; the player confirms receipt', async () => {
      if (!OPERATOR_TOKEN) {
        test.info().annotations.push({ type: 'skipped step', description: 'operator approval: OPERATOR_TOKEN is not set for the suite' });
        return;
      }
      const pending = (await operator(request, 'GET', '/operator/v1/withdrawals?status=pending&pageSize=100')) as { content: { id: string; memberId: string; amount: string }[] };
      const mine = pending.content.find((withdrawal) => withdrawal.amount === '200.00');
      expect(mine).toBeTruthy();
      await operator(request, 'POST', `/operator/v1/withdrawals/${mine!.id}/approve`);
      await operator(request, 'POST', `/operator/v1/withdrawals/${mine!.id}/paid`);
      await page.reload();
      await expect(page.getByTestId('withdrawal-row').first()).toHaveAttribute('data-status', 'paid');
      await expect(page.getByTestId('wallet-held')).toHaveText('$ 0.00');
      await page.getByTestId('withdrawal-confirm').click();
      await expect(page.getByTestId('confirm-receipt-dialog')).toBeVisible();
      await page.getByTestId('confirm-option-not_received').click();
      await page.getByTestId('confirm-submit').click();
      await expect(page.getByTestId('confirm-comment-error')).toBeVisible();
      await expect(page.getByTestId('confirm-proof-error')).toHaveText('Please add at least one image');
      await page.getByTestId('confirm-option-received').click();
      await page.getByTestId('confirm-submit').click();
      await expect(page.getByTestId('confirm-receipt-dialog')).toHaveCount(0);
      await expect(page.getByTestId('withdrawal-row').first()).toHaveAttribute('data-status', 'confirmed');
    });

    await test.step('the account record lists the deposit and the hold, signed and coloured', async () => {
      await page.getByTestId('member-menu-button').click();
      await page.getByTestId('member-menu-transactionHistory').click();
      await expect(page).toHaveURL(/\/member\?panel=transactionHistory$/);
      await expect(page.getByTestId('panel-transactionHistory')).toBeVisible();
      const deposit = page.locator('[data-testid="record-row"][data-type="deposit"]');
      const hold = page.locator('[data-testid="record-row"][data-type="withdrawal_hold"]');
      await expect(deposit).toHaveCount(1);
      await expect(deposit.getByTestId('record-amount')).toHaveText('+500.00');
      await expect(deposit.getByTestId('record-amount')).toHaveClass(/amount-in/);
      await expect(hold).toHaveCount(1);
      await expect(hold.getByTestId('record-amount')).toHaveText('-200.00');
      await expect(hold.getByTestId('record-amount')).toHaveClass(/amount-out/);

      await page.getByTestId('records-type').selectOption('withdrawal_hold');
      await page.getByTestId('records-search').click();
      await expect(page.getByTestId('record-row')).toHaveCount(1);
      await page.getByTestId('records-type').selectOption('');
      await page.getByTestId('records-last7').click();
      await expect(deposit).toHaveCount(1);
    });

    await test.step('the betting record shows its empty state', async () => {
      await page.getByTestId('member-nav-personalHistoryCopy').click();
      await expect(page.getByTestId('bets-empty')).toBeVisible();
    });

    await test.step('a deposit limit decrease shows at once, an increase waits', async () => {
      await page.getByTestId('member-nav-depositv2').click();
      await expect(page.getByTestId('limit-current-daily')).toHaveText('No limit');
      await page.getByTestId('limit-daily').fill('1000');
      await page.getByTestId('limits-save').click();
      await expect(page.getByTestId('limit-current-daily')).toHaveText('$ 1,000.00');
      await page.getByTestId('limit-daily').fill('800');
      await page.getByTestId('limits-save').click();
      await expect(page.getByTestId('limit-current-daily')).toHaveText('$ 800.00');
      await expect(page.getByTestId('limits-pending')).toHaveCount(0);
      await page.getByTestId('limit-daily').fill('900');
      await page.getByTestId('limits-save').click();
      await expect(page.getByTestId('limits-pending')).toBeVisible();
      await expect(page.getByTestId('limit-pending-daily')).toContainText('$ 900.00');
      await expect(page.getByTestId('limit-current-daily')).toHaveText('$ 800.00');
    });
  });

  test('guests are sent to the login modal', async ({ page }) => {
    await useEnglish(page);
    await page.goto('/member?panel=withdraw');
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('member-center')).toHaveCount(0);
  });
});

test('the member centre speaks Spanish by default', async ({ page }) => {
  await register(page, freshUsername('m'));
  await page.goto('/member?panel=transferFund');
  await expect(page.getByTestId('member-nav-transactionHistory')).toHaveText('Registro de cuenta');
  await expect(page.getByTestId('transfer-rule')).toContainText('línea ascendente');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-to-error')).toHaveText('El campo no puede estar vacío');
});
