import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/**
 * The interface in every language of the spec and in both themes: the selector lists each language under its own
 * name, a choice switches the words, the writing direction, number formats and the server's messages, and is kept
 * across visits; Arabic reads right to left without spilling off a phone; light and dark follow the system until the
 * player chooses.
 */
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1440, height: 900 };
const pack = (code: string): Record<string, string> => JSON.parse(readFileSync(new URL(`../web/src/i18n/packs/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>;

async function quiet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.sessionStorage.setItem('ANONYMOUS_POPUP', '1');
    window.sessionStorage.setItem('USER_POPUP', '1');
  });
}

/** The language selector where the page shows it: the header on a desktop, the side menu on a phone. */
async function chooseLanguage(page: Page, code: string): Promise<void> {
  const selector = page.getByTestId('language-select').locator('visible=true');
  if ((await selector.count()) === 0) await page.getByTestId('side-menu-toggle').click();
  await selector.first().selectOption(code);
  if (
    await page
      .getByTestId('side-menu')
      .getAttribute('data-mode')
      .then((mode) => mode === 'drawer')
  )
    await page.keyboard.press('Escape');
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`on a ${name}: every language by its own name; Arabic right to left, French left to right, kept across visits`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await quiet(page);
    await page.goto('/');
    const selector = page.getByTestId('language-select').first();
    // The demo brand offers all 31 languages, each named in itself.
    await expect(selector.locator('option')).toHaveCount(31);
    await expect(selector.locator('option[value="AR"]')).toHaveText('العربية');
    await expect(selector.locator('option[value="ZH-TW"]')).toHaveText('繁體中文');

    const arabic = pack('ar');
    await chooseLanguage(page, 'AR');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByTestId('login-button')).toHaveText(arabic.header_login!);
    await expect.poll(() => overflow(page)).toBe(0);
    // The notice strip runs the other way: it moves to the right, the next notice coming in from the left.
    const track = page.getByTestId('game-announcements').locator('.marquee-track');
    await expect(track).toHaveCSS('animation-name', 'marquee-scroll-rtl');
    await expect.poll(() => track.evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).m41)).toBeGreaterThan(0);
    // The side menu opens from the right edge in a right-to-left page.
    if (name === 'phone') {
      await page.getByTestId('side-menu-toggle').click();
      const box = await page.getByTestId('side-menu').boundingBox();
      expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 2);
      await page.keyboard.press('Escape');
    }

    const french = pack('fr');
    await chooseLanguage(page, 'FR');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('login-button')).toHaveText(french.header_login!);
    await page.reload();
    await expect(page.getByTestId('login-button')).toHaveText(french.header_login!);
    // The lobby names the house's games in French too, as their own pages title them.
    await expect(page.getByTestId('home-section-RNG-games').getByTestId('game-name').filter({ hasText: /^Dés$/ })).toHaveCount(1);
    await expect.poll(() => overflow(page)).toBe(0);
  });
}

test('the server answers in the chosen language: a refused sign-in reads in Japanese', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  await quiet(page);
  await page.addInitScript(() => window.localStorage.setItem('language', 'JA'));
  const username = `nobody${Date.now().toString(36)}`;
  const refused = (await (await request.post('/wps/session/login', { headers: { 'accept-language': 'JA' }, data: { username, password: 'Wrong-pass1' } })).json()) as {
    success: boolean;
    message: string;
  };
  const english = (await (await request.post('/wps/session/login', { headers: { 'accept-language': 'EN' }, data: { username, password: 'Wrong-pass1' } })).json()) as { message: string };
  expect(refused.success).toBe(false);
  expect(refused.message).not.toBe(english.message);
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill('Wrong-pass1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('form-error')).toHaveText(refused.message);
});

test.describe('themes', () => {
  test.use({ colorScheme: 'light', viewport: DESKTOP });

  test('light and dark: the system’s until the player chooses, then the choice, kept across visits', async ({ page }) => {
    await quiet(page);
    await page.goto('/');
    const html = page.locator('html');
    await expect(page.getByTestId('theme-toggle').first()).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'light');
    const background = () => page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).backgroundColor);
    const light = await background();
    await page.getByTestId('theme-toggle').first().click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await background()).not.toBe(light);
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // A player who chose keeps the choice when the system changes.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // The system's choice is followed live while the player has not chosen.
    await page.evaluate(() => window.localStorage.removeItem('theme'));
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });
});
