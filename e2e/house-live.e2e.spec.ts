import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * House live roulette on the real client and the real API: a member opens the table, sees the countdown, places a
 * chip on red while betting is open, and sees the result, the settled bet and the balance change; a guest watches the
 * same round. The rounds run on the server's clock with the table's own betting window.
 */
const ROULETTE_PATH = '/house/house-roulette';

async function balance(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/wps/v2/wallets/balance', { headers: { authorization: `Bearer ${token}` } });
  return Number(((await response.json()) as { value: { balance: string } }).value.balance);
}

test.describe('house live roulette (EN)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  });

  test('a member bets on red in the window, sees the countdown, the result and the balance change', async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const token = await registerInClient(page, freshUsername('r'));
    const deposit = await request.post('/wps/v2/wallets/deposit/demo', { headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() }, data: { amount: '100.00' } });
    expect(deposit.ok()).toBe(true);

    await page.goto(ROULETTE_PATH);
    const table = page.getByTestId('live-table');
    await expect(table).toBeVisible();

    // A guest watching the same table sees the same rounds.
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(ROULETTE_PATH);
    await expect(guest.getByTestId('live-table')).toBeVisible();

    // Wait for a round with a few seconds left to bet.
    await expect
      .poll(
        async () => {
          const status = await table.getAttribute('data-status');
          const seconds = Number(((await page.getByTestId('live-countdown').textContent()) ?? '').replace('s', '')) || 0;
          return status === 'betting' && seconds >= 4;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(true);
    const roundId = await table.getAttribute('data-round');
    await expect(page.getByTestId('live-countdown')).toHaveText(/^\d+s$/);

    await page.getByTestId('live-chip-10').click();
    await page.getByTestId('live-spot-red').click();
    await expect(page.getByTestId('live-my-bet')).toHaveCount(1);
    await expect(page.getByTestId('live-my-bet').first()).toHaveAttribute('data-status', 'placed');
    await expect(page.getByTestId('live-spot-red')).toContainText('10');
    expect(await balance(request, token)).toBe(90);
    await expect(page.getByTestId('live-balance')).toContainText('90.00');

    // The result comes when the window closes; the bet settles and the balance follows.
    await expect(page.getByTestId('live-result')).toHaveAttribute('data-has-result', 'true', { timeout: 45_000 });
    const number = Number(await page.getByTestId('live-result-value').textContent());
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(number);
    await expect(page.getByTestId('live-my-bet').first()).toHaveAttribute('data-status', red ? 'won' : 'lost', { timeout: 20_000 });
    await expect.poll(() => balance(request, token), { timeout: 10_000 }).toBe(red ? 110 : 90);
    await expect(page.getByTestId('live-balance')).toContainText(red ? '110.00' : '90.00', { timeout: 10_000 });
    await expect(page.locator(`[data-testid="live-history"] li[data-round="${roundId}"]`)).toHaveText(String(number));

    // The guest saw the same round and result, and has no bet spots to use.
    await expect(guest.locator(`[data-testid="live-history"] li[data-round="${roundId}"]`)).toHaveText(String(number));
    await expect(guest.getByTestId('live-spot-red')).toBeDisabled();
    await guestContext.close();
  });
});
