import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
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

test.describe('house live roulette felt and round verification (EN)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  });

  test('a member places a split with the mouse and a corner from the keyboard on the lines of the felt, and both are taken', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await registerInClient(page, freshUsername('f'));
    const deposit = await request.post('/wps/v2/wallets/deposit/demo', { headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() }, data: { amount: '100.00' } });
    expect(deposit.ok()).toBe(true);
    await page.goto(ROULETTE_PATH);
    const table = page.getByTestId('live-table');
    await expect
      .poll(
        async () => {
          const status = await table.getAttribute('data-status');
          const seconds = Number(((await page.getByTestId('live-countdown').textContent()) ?? '').replace('s', '')) || 0;
          return status === 'betting' && seconds >= 6;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(true);

    // The hot spots are buttons named after the bet they place.
    const split = page.getByRole('button', { name: 'Split 17/20', exact: true });
    await expect(split).toHaveAttribute('data-testid', 'live-spot-split-17-20');
    await page.getByTestId('live-chip-5').click();
    await split.click();
    await expect(page.getByTestId('live-my-bet')).toHaveCount(1);

    const corner = page.getByRole('button', { name: 'Corner 17/18/20/21', exact: true });
    await corner.focus();
    await expect(corner).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('live-my-bet')).toHaveCount(2);
    await expect(page.getByTestId('live-my-bet-spot')).toHaveText(['Split 17/20', 'Corner 17/18/20/21']);
    for (const bet of await page.getByTestId('live-my-bet').all()) await expect(bet).toHaveAttribute('data-status', 'placed');
    await expect(page.getByTestId('live-spot-split-17-20')).toHaveAttribute('aria-label', 'Split 17/20 · 5');
    expect(await balance(request, token)).toBe(90);

    // The server holds both bets on the round, with the spot ids of the felt.
    const bets = await request.get('/wps/house/live/tables/roulette-1/my-bets', { headers: { authorization: `Bearer ${token}` } });
    const spots = ((await bets.json()) as { value: Array<{ spot: string; amount: string }> }).value.map((bet) => `${bet.spot}:${bet.amount}`).sort();
    expect(spots).toEqual(['corner-17:5.00', 'split-17-20:5.00']);
  });

  test('a guest opens a settled round from the table history on the verify page and it passes every check', async ({ page }) => {
    test.setTimeout(150_000);
    await page.goto(ROULETTE_PATH);
    // The second newest settled round: the round after it has surely opened, so its chain link can be checked.
    await expect.poll(() => page.getByTestId('live-verify-link').count(), { timeout: 100_000 }).toBeGreaterThanOrEqual(2);
    // The history may move on while we look: hold on to one round by its link.
    const href = (await page.getByTestId('live-verify-link').nth(1).getAttribute('href'))!;
    expect(href).toMatch(/^\/house\/verify\?table=roulette-1&round=\d+$/);
    const roundNo = new URL(href, page.url()).searchParams.get('round')!;
    const link = page.locator(`[data-testid="live-history"] li[data-round="roulette-1.${roundNo}"] a`);
    const number = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/house/verify\\?table=roulette-1&round=${roundNo}$`));

    const result = page.getByTestId('verify-live-result');
    await expect(result).toHaveAttribute('data-passed', 'true', { timeout: 20_000 });
    // Table rounds have their own form; the solo form (server seed, client seed, nonce) is out of the way.
    await expect(page.getByTestId('verify-kind-table')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('verify-server-seed')).toBeHidden();
    await expect(page.getByTestId('verify-live-verdict')).toHaveText(`Round #${roundNo} verified: every check passed`);
    for (const check of ['hash', 'link', 'head', 'result']) await expect(page.getByTestId(`verify-live-check-${check}`)).toHaveAttribute('data-state', 'pass');
    await expect(page.getByTestId('verify-live-recomputed')).toHaveText(new RegExp(`^${number} (red|black|green)$`));
    await expect(page.getByTestId('verify-live-stored')).toHaveText((await page.getByTestId('verify-live-recomputed').textContent())!);

    // A round still to come is refused and reveals nothing.
    await page.getByTestId('verify-live-round').fill('999999');
    await page.getByTestId('verify-live-run').click();
    await expect(page.getByTestId('verify-live-error')).toHaveText('Round not found');
    await expect(page.getByTestId('verify-live-result')).toHaveCount(0);
  });
});
