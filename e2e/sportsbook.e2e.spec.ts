import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * The house sportsbook on the real client, on a 360 px phone and a 1366 px desktop. A guest sees the events with their
 * prices, opens one and builds a slip that asks them to sign in. The demo player places a pre-match single on the first
 * upcoming event, finds it among their open bets with a cash-out offer, places a parlay of two other upcoming events,
 * and cashes the single out; the balance follows each step.
 */

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 900 };
const SINGLE_STAKE = 5;
const PARLAY_STAKE = 3;

/** "$ 1,234.50" → 123450 (cents). */
const cents = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

async function api<T>(request: APIRequestContext, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': 'EN', 'idempotency-key': randomUUID() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await request.fetch(path, { method, headers, ...(options.body === undefined ? {} : { data: options.body }) });
  const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(envelope.success, `${method} ${path}: ${envelope.message ?? ''}`).toBe(true);
  return envelope.value;
}

/**
 * Nothing of the sportsbook reaches past the screen's right edge, but what scrolls inside its own row (the sports
 * chips). The site's header is not the sportsbook's to check.
 */
async function fitsWidth(page: Page, width: number): Promise<void> {
  const past = await page.getByTestId('sportsbook').evaluate((root, edge) => {
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== root.parentElement; parent = parent.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    return [...root.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > edge + 1 && element.getClientRects().length > 0 && !clipped(element))
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
  }, width);
  expect(past, 'the sportsbook reaches past the right edge').toEqual([]);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? DESKTOP.width) < 1100;

/** The slip or my bets: in the right column on a desktop, in the bottom sheet on a phone. */
async function openPanel(page: Page, tab: 'slip' | 'bets'): Promise<void> {
  if (isPhone(page) && !(await page.getByTestId('sb-panel').evaluate((panel) => panel.classList.contains('is-open')))) {
    await page.getByTestId(tab === 'slip' ? 'sb-dock-slip' : 'sb-dock-bets').click();
  }
  await page.getByTestId(tab === 'slip' ? 'sb-panel-slip' : 'sb-panel-bets').click();
}

async function closePanel(page: Page): Promise<void> {
  if (isPhone(page)) await page.getByTestId('sb-sheet-close').click();
}

/** The first price that can be picked in an upcoming event's row. */
const firstPrice = (row: Locator): Locator => row.locator('[data-testid="sb-price"][data-locked="false"]').first();
const upcomingRows = (page: Page): Locator => page.locator('[data-testid="sb-event"][data-status="not_started"]');

/** Places the slip as it stands: any odds accepted, so a price moving meanwhile does not refuse it. Answers the bet ids. */
async function placeSlip(page: Page, stake: number): Promise<string[]> {
  await page.getByTestId('sb-stake').fill(String(stake));
  await page.getByTestId('sb-accept-odds').selectOption('any');
  await expect(page.getByTestId('sb-place')).toBeEnabled();
  await page.getByTestId('sb-place').click();
  const placed = page.getByTestId('sb-placed');
  await expect(placed).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sb-pick')).toHaveCount(0);
  return [...((await placed.textContent()) ?? '').matchAll(/#(\d+)/g)].map((match) => match[1]!);
}

test.describe('house sportsbook', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  });

  test('phone: a guest sees events with prices, opens one and is asked to sign in to bet', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/sportsbook');
    const rows = page.getByTestId('sb-event');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('sb-group-sports')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('sb-sport-football')).toContainText('Football');
    // Each match shows its sides, when it plays (or the LIVE badge) and prices in decimal odds.
    await expect(
      rows
        .filter({ has: page.locator('.sb-market-cell') })
        .first()
        .getByTestId('sb-event-when'),
    ).toBeVisible();
    await expect(page.locator('[data-testid="sb-price"][data-locked="false"] .sb-price-value').first()).toHaveText(/^\d+\.\d{2,3}/);
    await fitsWidth(page, PHONE.width);

    await test.step('e-sports list their own titles', async () => {
      await page.getByTestId('sb-group-esports').click();
      await expect(page).toHaveURL(/group=esports/);
      await expect(page.getByTestId('sb-sport-cs2')).toBeVisible();
      await expect(page.getByTestId('sb-sport-football')).toHaveCount(0);
      await expect(rows.first()).toBeVisible();
      await page.getByTestId('sb-group-sports').click();
    });

    await test.step('the odds format changes every price on the page', async () => {
      const price = page.locator('[data-testid="sb-price"][data-locked="false"]').first();
      await expect(price.locator('.sb-price-value')).toHaveText(/^\d+\.\d{2,3}/);
      await page.getByTestId('sb-odds-format').selectOption('american');
      await expect(price.locator('.sb-price-value')).toHaveText(/^[+-]\d+/);
      await page.getByTestId('sb-odds-format').selectOption('decimal');
    });

    await test.step('an event opens with its markets grouped and named', async () => {
      await page.getByTestId('sb-status-upcoming').click();
      const match = upcomingRows(page)
        .filter({ has: page.locator('.sb-market-cell') })
        .first();
      await match.getByTestId('sb-event-more').click();
      await expect(page).toHaveURL(/event=/);
      const detail = page.getByTestId('sb-event-detail');
      await expect(detail.getByTestId('sb-market-group').first()).toBeVisible();
      await expect(detail.getByTestId('sb-price').first()).toBeVisible();
      await fitsWidth(page, PHONE.width);
    });

    await test.step('a guest builds a slip, and placing it asks them to sign in', async () => {
      await firstPrice(page.getByTestId('sb-event-detail')).click();
      await expect(page.getByTestId('sb-dock-slip')).toContainText('1');
      await openPanel(page, 'slip');
      await expect(page.getByTestId('sb-pick')).toHaveCount(1);
      await page.getByTestId('sb-stake').fill('10');
      await expect(page.getByTestId('sb-payout')).toHaveText(/\$ \d/);
      await page.getByTestId('sb-place').click();
      await expect(page.getByTestId('login-submit')).toBeVisible();
    });
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`${name}: the demo player places a single and a parlay, and cashes the single out`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const { token } = await api<{ token: string }>(request, 'POST', '/wps/session/login', { body: { username: 'demoplayer', password: DEMO_PASSWORD, type: 'username' } });
      await api(request, 'POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '100.00' } });
      await page.goto(`/sportsbook?status=upcoming&token=${encodeURIComponent(token)}`);
      const balance = page.getByTestId('balance');
      await expect(balance).toHaveText(/\d/);
      let expected = cents(await balance.textContent());
      const rows = upcomingRows(page);
      await expect(rows.nth(2)).toBeVisible();

      if (name === 'desktop') {
        await test.step('the member’s odds format is kept for them', async () => {
          await page.getByTestId('sb-odds-format').selectOption('hongkong');
          await expect(firstPrice(rows.first()).locator('.sb-price-value')).toHaveText(/^\d+\.\d{2,3}/);
          await expect.poll(async () => (await api<{ oddsFormat: string }>(request, 'GET', '/wps/house/sports', { token })).oddsFormat).toBe('hongkong');
          await page.reload();
          await expect(page.getByTestId('sb-odds-format')).toHaveValue('hongkong');
          await page.getByTestId('sb-odds-format').selectOption('decimal');
          await expect.poll(async () => (await api<{ oddsFormat: string }>(request, 'GET', '/wps/house/sports', { token })).oddsFormat).toBe('decimal');
        });
      }

      let singleId = '';
      await test.step('a pre-match single on the first upcoming event', async () => {
        const price = firstPrice(rows.first());
        const outcome = await price.getAttribute('data-outcome');
        await price.click();
        await expect(price).toHaveAttribute('aria-pressed', 'true');
        await openPanel(page, 'slip');
        await expect(page.getByTestId('sb-pick')).toHaveCount(1);
        await expect(page.getByTestId('sb-pick')).toHaveAttribute('data-pick', new RegExp(`\\|${outcome}$`));
        const ids = await placeSlip(page, SINGLE_STAKE);
        expect(ids).toHaveLength(1);
        singleId = ids[0]!;
        expected -= SINGLE_STAKE * 100;
        await expect.poll(async () => cents(await balance.textContent())).toBe(expected);
        await fitsWidth(page, viewport.width);
      });

      await test.step('it is among the open bets, with a cash-out offer', async () => {
        await openPanel(page, 'bets');
        await page.getByTestId('sb-bets-open').click();
        const bet = page.locator(`[data-testid="sb-bet"][data-bet-id="${singleId}"]`);
        await expect(bet).toBeVisible();
        await expect(bet).toHaveAttribute('data-type', 'single');
        await expect(bet.getByTestId('sb-bet-state')).toHaveText('Open');
        await expect(bet.getByTestId('sb-leg-state')).toHaveText('Open');
        await expect(bet.getByTestId('sb-bet-stake')).toHaveText('$ 5.00');
        await expect(bet.getByTestId('sb-cashout')).toHaveText(/^Cash out \$ \d+\.\d{2}$/);
        await fitsWidth(page, viewport.width);
        await closePanel(page);
      });

      await test.step('a parlay of two other upcoming events', async () => {
        await firstPrice(rows.nth(1)).click();
        await firstPrice(rows.nth(2)).click();
        await openPanel(page, 'slip');
        await expect(page.getByTestId('sb-pick')).toHaveCount(2);
        await page.getByTestId('sb-mode-parlay').click();
        await page.getByTestId('sb-stake').fill(String(PARLAY_STAKE));
        await expect(page.getByTestId('sb-total-odds')).toHaveText(/^\d+\.\d{2,3}$/);
        await expect(page.getByTestId('sb-total-stake')).toHaveText('$ 3.00');
        const [parlayId] = await placeSlip(page, PARLAY_STAKE);
        expected -= PARLAY_STAKE * 100;
        await expect.poll(async () => cents(await balance.textContent())).toBe(expected);
        await openPanel(page, 'bets');
        const parlay = page.locator(`[data-testid="sb-bet"][data-bet-id="${parlayId}"]`);
        await expect(parlay).toHaveAttribute('data-type', 'parlay');
        await expect(parlay.getByTestId('sb-leg')).toHaveCount(2);
      });

      await test.step('the single is cashed out at its offer, and the balance takes it', async () => {
        await openPanel(page, 'bets');
        const bet = page.locator(`[data-testid="sb-bet"][data-bet-id="${singleId}"]`);
        // The offer follows the prices: a refusal shows the new offer, which is taken the second time.
        for (let attempt = 0; attempt < 3; attempt++) {
          await bet.getByTestId('sb-cashout').click();
          await bet.getByTestId('sb-cashout-confirm').click();
          const outcome = await Promise.race([
            page
              .getByTestId('sb-cashout-done')
              .waitFor({ timeout: 15_000 })
              .then(() => 'done' as const),
            bet
              .getByTestId('sb-cashout-error')
              .waitFor({ timeout: 15_000 })
              .then(() => 'refused' as const),
          ]);
          if (outcome === 'done') break;
        }
        const done = page.getByTestId('sb-cashout-done');
        await expect(done).toContainText(`#${singleId}`);
        const paid = cents(/: (.*)\.$/.exec((await done.textContent()) ?? '')?.[1] ?? '');
        expect(paid).toBeGreaterThan(0);
        expected += paid;
        await expect.poll(async () => cents(await balance.textContent())).toBe(expected);
        await expect(bet).toHaveCount(0);
        await page.getByTestId('sb-bets-settled').click();
        const settled = page.locator(`[data-testid="sb-bet"][data-bet-id="${singleId}"]`);
        await expect(settled.getByTestId('sb-bet-state')).toHaveText('Cashed out');
        await expect(settled.getByTestId('sb-bet-cashed')).toHaveText(/\$ \d/);
        await fitsWidth(page, viewport.width);
      });
    });
  }
});
