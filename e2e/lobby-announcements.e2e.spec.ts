import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';
import type { Game } from '@wps/contracts';

/**
 * Game announcements and the rank list on the real client and the real API: the operator publishes an announcement
 * through the operator API and the home page and the category pages show it in the strip, per language; the rank
 * list on HOME follows launches and launches through the lobby's rules. `npm run test:e2e` gives the suite the
 * operator token; without it the announcement test is skipped.
 */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;
/** The gateway keeps public lobby answers for two seconds. */
const PUBLIC_CACHE_MS = 2_000;

type ApiGame = Game;

async function useLanguage(page: Page, language: 'EN' | 'ES'): Promise<void> {
  await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
}

async function api<T>(request: APIRequestContext, method: string, path: string, options: { token?: string; operator?: boolean; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': 'EN' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.operator) headers.authorization = `Operator ${OPERATOR_TOKEN}`;
  const response = await request.fetch(path, { method, headers, ...(options.body === undefined ? {} : { data: options.body }) });
  const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(envelope.success, `${method} ${path}: ${envelope.message ?? ''}`).toBe(true);
  return envelope.value;
}

test.describe('game announcements', () => {
  test.skip(!OPERATOR_TOKEN, 'needs the operator token (npm run test:e2e sets it)');

  test('an announcement the operator publishes scrolls on HOME and the category pages, per language, and opens in a dialog', async ({ page, browser, request }) => {
    test.slow();
    const stamp = Date.now().toString(36);
    const titles = { EN: `Slot week ${stamp}`, ES: `Semana de slots ${stamp}` };
    const contents = { EN: `Every slot pays double points this week (${stamp}).`, ES: `Todas las tragamonedas dan puntos dobles esta semana (${stamp}).` };
    const created = await api<{ id: string }>(request, 'POST', '/operator/v1/merchants/DEMO/game-announcements', { operator: true, body: { titles, contents } });
    // Another test may have read the list just before: the gateway's public answer can be that old.
    await page.waitForTimeout(PUBLIC_CACHE_MS + 200);

    try {
      await test.step('HOME shows it in the strip; clicking it opens the full text', async () => {
        await useLanguage(page, 'EN');
        await page.goto('/');
        const strip = page.getByTestId('game-announcements');
        const item = strip.getByTestId(`game-announcement-${created.id}`);
        await expect(item).toContainText(titles.EN);
        // The copy that makes the loop seamless is hidden from assistive technology and the keyboard.
        await expect(strip.locator('.marquee-copy')).toHaveAttribute('aria-hidden', 'true');
        // A moving item cannot be clicked; the pointer over the strip stops it, as it does for a player.
        await strip.hover();
        await item.click();
        const dialog = page.getByTestId('game-announcement-dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('heading')).toHaveText(titles.EN);
        await expect(page.getByTestId('game-announcement-content')).toHaveText(contents.EN);
        await page.getByTestId('game-announcement-close').click();
        await expect(dialog).toHaveCount(0);
      });

      await test.step('the strip stops under the pointer and under keyboard focus', async () => {
        const track = page.getByTestId('game-announcements').locator('.marquee-track');
        // The closed dialog gave the focus back to the item, which holds the strip still until it leaves.
        await expect(track).toHaveCSS('animation-play-state', 'paused');
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await expect(track).toHaveCSS('animation-play-state', 'running');
        await page.getByTestId('game-announcements').hover();
        await expect(track).toHaveCSS('animation-play-state', 'paused');
        await page.mouse.move(0, 0);
        await expect(track).toHaveCSS('animation-play-state', 'running');
        await page.getByTestId(`game-announcement-${created.id}`).focus();
        await expect(track).toHaveCSS('animation-play-state', 'paused');
      });

      await test.step('a category page shows the strip too, once', async () => {
        await page.goto('/fish');
        await expect(page.getByTestId('game-announcements')).toHaveCount(1);
        await expect(page.getByTestId(`game-announcement-${created.id}`)).toContainText(titles.EN);
        await page.goto('/');
        await page.getByTestId('lobby-cat-RNG').click();
        await expect(page.getByTestId('category-view-RNG')).toBeVisible();
        await expect(page.getByTestId('game-announcements')).toHaveCount(1);
      });

      await test.step('in Spanish, with reduced motion, it shows the Spanish text and stands still', async () => {
        const context = await browser.newContext({ reducedMotion: 'reduce' });
        const spanish = await context.newPage();
        await useLanguage(spanish, 'ES');
        await spanish.goto('/');
        const item = spanish.getByTestId(`game-announcement-${created.id}`);
        await expect(item).toContainText(titles.ES);
        await expect(spanish.getByTestId('game-announcements').locator('.marquee-track')).toHaveCSS('animation-name', 'none');
        await expect(spanish.getByTestId('game-announcements').locator('.marquee-copy')).toBeHidden();
        await item.click();
        await expect(spanish.getByTestId('game-announcement-content')).toHaveText(contents.ES);
        await context.close();
      });
    } finally {
      await api(request, 'DELETE', `/operator/v1/merchants/DEMO/game-announcements/${created.id}`, { operator: true });
    }

    await test.step('once removed, it is gone after a reload', async () => {
      await page.waitForTimeout(PUBLIC_CACHE_MS + 200);
      await page.goto('/');
      await expect(page.getByTestId('lobby')).toBeVisible();
      await expect(page.getByTestId(`game-announcement-${created.id}`)).toHaveCount(0);
    });
  });
});

test.describe('rank list', () => {
  test('HOME ranks games by launches, per game type, and a row launches through the lobby rules', async ({ page, request }) => {
    test.slow();
    await useLanguage(page, 'EN');
    const rankOf = async (gameType: string) => (await api<{ list: ApiGame[] }>(request, 'GET', `/lgw/games/rank?gameType=${gameType}&language=EN`)).list.map((game) => String(game.nodeId));

    await test.step('a guest sees the list and is asked to log in when launching from it', async () => {
      await page.goto('/');
      const rows = page.getByTestId('rank-list').getByTestId('rank-row');
      await expect(rows.first()).toBeVisible();
      expect(await rows.count()).toBeGreaterThan(1);
      await expect(rows.first().getByTestId('rank-position')).toHaveText('1');
      await rows.first().getByRole('button').click();
      await expect(page.getByTestId('login-modal')).toBeVisible();
    });

    const token = await registerInClient(page, freshUsername('rk'));
    // The FISH vendor game ranked last is launched until it leads the FISH list.
    const fish = (await api<{ games: ApiGame[] }>(request, 'GET', '/lgw/games/game_menus?gameType=FISH&pageNo=1&pageSize=100&language=EN')).games.filter((game) => game.vassalage !== 'HOUSE');
    const fishIds = new Set(fish.map((game) => String(game.nodeId)));
    const chosen = [...(await rankOf('FISH'))].reverse().find((id) => fishIds.has(id)) ?? String(fish.at(-1)!.nodeId);

    await test.step('launches move a game to the top of its type', async () => {
      for (let round = 0; round < 20 && (await rankOf('FISH'))[0] !== chosen; round++) {
        for (let launch = 0; launch < 3; launch++) await api(request, 'POST', '/wps/game/launchGame', { token, body: { nodeId: chosen } });
        await page.waitForTimeout(PUBLIC_CACHE_MS + 100);
      }
      expect((await rankOf('FISH'))[0]).toBe(chosen);
    });

    await test.step('the panel shows it first under FISH, with its position, icon and name', async () => {
      await page.goto('/');
      const panel = page.getByTestId('rank-list');
      await expect(panel.getByTestId('rank-row').first()).toBeVisible();
      await panel.getByTestId('rank-type').selectOption('FISH');
      await expect(panel).toHaveAttribute('data-game-type', 'FISH');
      const first = panel.getByTestId('rank-row').first();
      await expect(first).toHaveAttribute('data-node-id', chosen);
      await expect(first.getByTestId('rank-position')).toHaveText('1');
      await expect(first.getByTestId('rank-name')).toHaveText(fish.find((game) => String(game.nodeId) === chosen)!.gameName);
      await expect(first.locator('img')).toHaveAttribute('src', new RegExp(`/lgw/games/icons/${chosen}\\.svg$`));
    });

    await test.step('clicking the row launches the game into /seamless', async () => {
      const launched = page.waitForResponse((response) => response.url().endsWith('/wps/game/launchGame'));
      await page.getByTestId(`rank-launch-${chosen}`).click();
      expect((await launched).status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/seamless\\?nodeId=${chosen}$`));
      await expect(page.getByTestId('seamless-frame')).toHaveAttribute('src', /.+/);
    });
  });
});
