import { expect, test, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * The lottery pages on the real client and the real API: the route guard sends guests to /login; a member launching a
 * LOTT game from the lobby lands on /lottery with the vendor's game in the frame (launched with the lottery fields)
 * and the latest draws beside it — the embedded demo's lottery vendor drew every game at start — and lottery
 * favourites stay in this browser per username across a reload.
 */
async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
}

test.describe('lottery pages (EN)', () => {
  test('a guest opening a lottery page is sent to /login, and comes back to it after signing in', async ({ page }) => {
    await useEnglish(page);
    for (const path of ['/lottery?gameCode=lott-001', '/vnLottery?gameCode=tcg_lotto_vn-001', '/seaLottery?gameCode=tcg_sea-001']) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      await expect(page.getByTestId('login-modal')).toBeVisible();
    }
    await expect(page.getByTestId('lottery-page')).toHaveCount(0);

    await test.step('signing in on /login returns to the lottery page that asked for it', async () => {
      const username = freshUsername('lor');
      const password = `Pw${Math.floor(Math.random() * 1e8)}`;
      const registered = await page.request.put('/wps/member/register', { data: { username, password, confirmPassword: password, acceptTerms: true } });
      expect(registered.status()).toBe(200);
      await page.goto('/lottery?gameCode=lott-001');
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      await page.getByTestId('login-username').fill(username);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL((url) => url.pathname === '/lottery' && url.searchParams.get('gameCode') === 'lott-001');
      await expect(page.getByTestId('lottery-page')).toBeVisible();
    });
  });

  test('a member launches a LOTT game from the lobby into /lottery: the game in the frame, the draws beside it, favourites that survive a reload', async ({ page }) => {
    await useEnglish(page);
    const username = freshUsername('lot');
    await registerInClient(page, username);

    const card = page.getByTestId('home-section-LOTTERY-games').locator('[data-testid="game-card"][data-vendor="LOTT"]').first();
    await expect(card).toBeVisible();
    const nodeId = await card.getAttribute('data-node-id');
    const routed = page.waitForResponse((response) => response.url().endsWith('/wps/game/launchGame'));
    await card.getByTestId(`game-launch-${nodeId}`).click();
    expect(((await (await routed).json()) as { value: { mode: string } }).value.mode).toBe('route');
    await expect(page).toHaveURL(/\/lottery\?gameCode=lott-\d{3}$/);
    const gameCode = new URL(page.url()).searchParams.get('gameCode')!;

    await test.step('the page launched the game at the vendor with the lottery fields, in a frame', async () => {
      await expect(page.getByTestId('lottery-page')).toHaveAttribute('data-area', 'lottery');
      const frame = page.getByTestId('lottery-frame');
      await expect(frame).toBeVisible();
      const src = new URL((await frame.getAttribute('src'))!, page.url());
      expect(src.pathname).toBe('/lgw/games/demo-play');
      expect(Object.fromEntries(src.searchParams)).toMatchObject({ prizeMode: 'ELOTT', view: 'lobby', device: 'WEB' });
      expect(src.searchParams.get('backUrl')).toMatch(new RegExp(`/lottery\\?gameCode=${gameCode}$`));
      await expect(page.frameLocator('[data-testid="lottery-frame"]').locator('h1')).toHaveText((await page.getByTestId('lottery-game-name').textContent())!);
      await expect(page.locator('footer.site-footer')).toHaveCount(0);
    });

    await test.step('the side panel lists the demo vendor draws: three digits each', async () => {
      const draws = page.getByTestId('lottery-draws').getByTestId('lottery-draw');
      await expect(draws.first()).toBeVisible();
      await expect(draws.first().locator('.lottery-ball')).toHaveCount(3);
    });

    await test.step('the betting view launches again with view=betting', async () => {
      await page.getByTestId('lottery-view-betting').click();
      await expect(page.getByTestId('lottery-frame')).toHaveAttribute('src', /view=betting/);
    });

    await test.step('a starred game stays a favourite after a reload, stored under the username', async () => {
      const other = page.getByTestId('lottery-games').locator('[data-testid^="lottery-fav-"]').nth(1);
      const otherCode = (await other.getAttribute('data-testid'))!.replace('lottery-fav-', '');
      await expect(other).toHaveAttribute('aria-pressed', 'false');
      await other.click();
      await expect(page.getByTestId(`lottery-fav-${otherCode}`)).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(page.getByTestId(`lottery-fav-${otherCode}`)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId(`lottery-fav-${gameCode}`)).toHaveAttribute('aria-pressed', 'false');
      const stored = await page.evaluate((name) => window.localStorage.getItem(`lotteryFavourites:${name}`), username);
      expect(JSON.parse(stored!)).toHaveLength(1);
      // Favourites are listed first in the bar.
      await expect(page.getByTestId('lottery-games').locator('[data-testid^="lottery-fav-"]').first()).toHaveAttribute('data-testid', `lottery-fav-${otherCode}`);
    });

    await test.step('another game from the bar opens in the frame', async () => {
      const next = page.getByTestId('lottery-games').locator('[data-testid^="lottery-game-"]').nth(1);
      const nextCode = (await next.getAttribute('data-testid'))!.replace('lottery-game-', '');
      await next.click();
      await expect(page).toHaveURL(new RegExp(`gameCode=${nextCode}$`));
      await expect(page.getByTestId('lottery-frame')).toBeVisible();
    });
  });
});
