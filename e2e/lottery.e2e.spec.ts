import { expect, test, type Page } from '@playwright/test';
import { freshPassword, freshUsername, registerInClient } from './support';

interface HouseGame {
  gameCode: string;
  family: string;
}

/**
 * The lottery pages on the real client and the real API: the route guard sends guests to /login; a member launching a
 * LOTT game from the lobby lands on /lottery where the house lottery plays the game in place (no vendor frame: the
 * open draw's countdown and seed hash, the bet builder and the slip, the results); every lottery area opens its games
 * the same way; and lottery favourites stay in this browser per username across a reload.
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
      const password = freshPassword();
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

  test('a member launches a LOTT game from the lobby into /lottery: the house game in place, favourites that survive a reload', async ({ page, request }) => {
    await useEnglish(page);
    const username = freshUsername('lot');
    await registerInClient(page, username);
    const listed = await request.get('/wps/house/lottery/games');
    expect(listed.status()).toBe(200);
    const houseGames = ((await listed.json()) as { value: { games: HouseGame[] } }).value.games;
    const familyOf = (code: string) => houseGames.find((entry) => entry.gameCode === code)?.family;

    const card = page.getByTestId('home-section-LOTTERY-games').locator('[data-testid="game-card"][data-vendor="LOTT"]').first();
    await expect(card).toBeVisible();
    const nodeId = await card.getAttribute('data-node-id');
    const routed = page.waitForResponse((response) => response.url().endsWith('/wps/game/launchGame'));
    await card.getByTestId(`game-launch-${nodeId}`).click();
    expect(((await (await routed).json()) as { value: { mode: string } }).value.mode).toBe('route');
    await expect(page).toHaveURL(/\/lottery\?gameCode=lott-\d{3}$/);
    const gameCode = new URL(page.url()).searchParams.get('gameCode')!;

    await test.step('the house plays the game in place: no vendor frame, the open draw with its countdown and seed hash', async () => {
      await expect(page.getByTestId('lottery-page')).toHaveAttribute('data-area', 'lottery');
      await expect(page.getByTestId('lottery-house')).toBeVisible();
      expect(familyOf(gameCode)).toBeTruthy();
      await expect(page.getByTestId('lp-game')).toHaveAttribute('data-family', familyOf(gameCode)!);
      await expect(page.getByTestId('lp-countdown')).toContainText(/Draw \d{8}-\d{4}/);
      await expect(page.getByTestId('lp-countdown').locator('.lp-hash code')).toHaveText(/^[0-9a-f]{12}…$/);
      await expect(page.getByTestId('lp-builder')).toBeVisible();
      await expect(page.getByTestId('lp-slip')).toBeVisible();
      await expect(page.getByTestId('lottery-frame')).toHaveCount(0);
      await expect(page.getByTestId('lottery-view-betting')).toHaveCount(0);
      await expect(page.getByTestId('lottery-draws')).toHaveCount(0);
      await expect(page.locator('footer.site-footer')).toHaveCount(0);
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
      // The list is kept under this member's username only.
      expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('lotteryFavourites:')))).toEqual([`lotteryFavourites:${username}`]);
    });

    await test.step('another game from the bar opens in place, as the house game of its own family', async () => {
      const next = page.getByTestId('lottery-games').locator('[data-testid^="lottery-game-"]').nth(2);
      const nextCode = (await next.getAttribute('data-testid'))!.replace('lottery-game-', '');
      await next.click();
      await expect(page).toHaveURL(new RegExp(`gameCode=${nextCode}$`));
      await expect(page.getByTestId('lottery-game-name')).not.toHaveText('');
      await expect(page.getByTestId(`lottery-game-${nextCode}`)).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('lp-game')).toHaveAttribute('data-family', familyOf(nextCode)!);
      await expect(page.getByTestId('lottery-frame')).toHaveCount(0);
    });

    await test.step('the Vietnamese and south-east Asian pages open their games in place too', async () => {
      for (const { path, area, code } of [
        { path: '/vnLottery', area: 'vnLottery', code: 'tcg_lotto_vn-005' },
        { path: '/seaLottery', area: 'seaLottery', code: 'tcg_sea-001' },
      ]) {
        await page.goto(`${path}?gameCode=${code}`);
        await expect(page.getByTestId('lottery-page')).toHaveAttribute('data-area', area);
        await expect(page.getByTestId('lp-game')).toHaveAttribute('data-family', familyOf(code)!);
        await expect(page.getByTestId('lp-countdown')).toBeVisible();
        await expect(page.getByTestId('lottery-frame')).toHaveCount(0);
      }
      await expect(page.getByTestId('lp-game').locator('.lp-game-title')).toContainText('4D');
      // Opened without a game, an area shows its first one.
      await page.goto('/vnLottery');
      await expect(page).toHaveURL(/\/vnLottery\?gameCode=tcg_lotto_vn-\d{3}$/);
      await expect(page.getByTestId('lp-game')).toHaveAttribute('data-family', /^vn_/);
    });
  });
});
