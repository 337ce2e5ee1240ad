import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { freshPassword } from './support';

/** A fresh account: starts with a letter, letters and digits only, 4-16 characters. */
function freshUsername(): string {
  return `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3)
    .toString(36)
    .padStart(3, '0')}`.slice(0, 16);
}

async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
}

async function token(page: Page): Promise<string | null> {
  return page.evaluate(() => window.sessionStorage.getItem('token'));
}

test.describe('first journey (EN)', () => {
  test('register, live balance, demo deposit, sign out, sign in again, errors', async ({ page, request }) => {
    await useEnglish(page);
    const username = freshUsername();
    const password = freshPassword();

    await test.step('guest home shows login and register', async () => {
      await page.goto('/');
      await expect(page.getByTestId('home')).toBeVisible();
      await expect(page.getByTestId('login-button')).toHaveText('Log in');
      await expect(page.getByTestId('register-button')).toBeVisible();
    });

    await test.step('register a fresh user through the modal', async () => {
      await page.getByTestId('register-button').click();
      await expect(page.getByTestId('register-modal')).toBeVisible();
      await page.getByTestId('register-username').fill(username);
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-confirm').fill(password);
      await page.getByTestId('register-terms').check();
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-modal')).toBeHidden();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
      await expect(page.getByTestId('login-button')).toHaveCount(0);
      await expect(page.getByTestId('balance')).toHaveText('$ 0.00');
      expect(await token(page)).toBeTruthy();
      const stored = await page.evaluate(() => ({
        account: sessionStorage.getItem('account'),
        customerId: sessionStorage.getItem('customerId'),
        isAgent: sessionStorage.getItem('isAgent'),
        merchantCode: sessionStorage.getItem('merchantCode'),
      }));
      expect(stored.account?.toLowerCase()).toBe(username.toLowerCase());
      expect(stored.customerId).toBeTruthy();
      expect(stored.isAgent).toBe('false');
      expect(stored.merchantCode).toBeTruthy();
    });

    await test.step('hide and show the balance', async () => {
      await page.getByTestId('balance-toggle').click();
      await expect(page.getByTestId('balance')).toHaveText('***');
      await page.getByTestId('balance-toggle').click();
      await expect(page.getByTestId('balance')).toHaveText('$ 0.00');
    });

    await test.step('a deposit made elsewhere arrives as a live push, without a reload', async () => {
      await expect(page.getByTestId('balance-box')).toHaveAttribute('data-live', 'on');
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      const sessionToken = await token(page);
      const response = await request.post('/wps/v2/wallets/deposit/demo', {
        headers: { Authorization: `Bearer ${sessionToken}`, 'Idempotency-Key': randomUUID() },
        data: { amount: '250.00' },
      });
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { success: boolean; value: { balance: string } };
      expect(body.success).toBe(true);
      expect(body.value.balance).toBe('250.00');
      await expect(page.getByTestId('balance')).toHaveText('$ 250.00');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    });

    await test.step('the demo deposit button credits 100.00', async () => {
      await page.getByTestId('demo-deposit').click();
      await expect(page.getByTestId('balance')).toHaveText('$ 350.00');
      await page.getByTestId('balance-refresh').click();
      await expect(page.getByTestId('balance')).toHaveText('$ 350.00');
    });

    await test.step('the session survives a reload', async () => {
      await page.reload();
      await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
      await expect(page.getByTestId('balance')).toHaveText('$ 350.00');
      await page.goto('/login');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('login-modal')).toHaveCount(0);
    });

    const oldToken = await token(page);

    await test.step('sign out: cancel once, then confirm', async () => {
      await page.getByTestId('logout-button').click();
      await expect(page.getByTestId('confirm-dialog')).toBeVisible();
      await expect(page.getByTestId('confirm-dialog')).toContainText('Are you sure you want to sign out?');
      await page.getByTestId('confirm-cancel').click();
      await expect(page.getByTestId('confirm-dialog')).toBeHidden();
      await expect(page.getByTestId('member-account')).toBeVisible();

      await page.getByTestId('logout-button').click();
      await page.getByTestId('confirm-ok').click();
      await expect(page.getByTestId('login-button')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('balance')).toHaveCount(0);
      expect(await token(page)).toBeNull();
      expect(await page.evaluate(() => sessionStorage.getItem('merchantCode'))).toBeTruthy();
    });

    await test.step('the old token is no longer accepted', async () => {
      const response = await request.get('/wps/member/info', { headers: { Authorization: `Bearer ${oldToken}` } });
      expect(response.status()).toBe(401);
    });

    await test.step('log in again through the login modal', async () => {
      await page.getByTestId('login-button').click();
      await expect(page.getByTestId('login-modal')).toBeVisible();
      await page.getByTestId('login-username').fill(`  ${username}  `);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-modal')).toBeHidden();
      await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
      await expect(page.getByTestId('balance')).toHaveText('$ 350.00');
    });

    await test.step('a wrong password shows the server message', async () => {
      await page.getByTestId('logout-button').click();
      await page.getByTestId('confirm-ok').click();
      await expect(page.getByTestId('login-button')).toBeVisible();

      await page.getByTestId('login-button').click();
      await page.getByTestId('login-username').fill(username);
      await page.getByTestId('login-password').fill(`${password}x`);
      const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login') && r.request().method() === 'POST');
      await page.getByTestId('login-submit').click();
      const response = await answer;
      expect(response.status()).toBeGreaterThanOrEqual(400);
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toBeTruthy();
      await expect(page.getByTestId('form-error')).toHaveText(body.message);
      await expect(page.getByTestId('login-modal')).toBeVisible();
      expect(await token(page)).toBeNull();
    });

    await test.step('empty login fields are refused on the client', async () => {
      await page.getByTestId('login-username').fill('');
      await page.getByTestId('login-password').fill('   ');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-username-error')).toHaveText('Input cannot be empty');
      await expect(page.getByTestId('login-password-error')).toHaveText('Input cannot be empty');
    });

    await test.step('register with a mismatched confirmation', async () => {
      await page.getByTestId('switch-to-register').click();
      await expect(page.getByTestId('register-modal')).toBeVisible();
      await page.getByTestId('register-username').fill(freshUsername());
      await page.getByTestId('register-password').fill('abc12345');
      await page.getByTestId('register-confirm').fill('abc123456');
      await page.getByTestId('register-terms').check();
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-confirm-error')).toHaveText('Confirmation password is not correct.');
      await expect(page.getByTestId('register-modal')).toBeVisible();
    });

    await test.step('other client-side register checks', async () => {
      await page.getByTestId('register-username').fill('1abc');
      await page.getByTestId('register-password').fill('abc');
      await page.getByTestId('register-confirm').fill('abc');
      await page.getByTestId('register-terms').uncheck();
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-username-error')).toHaveText('Account format is incorrect');
      await expect(page.getByTestId('register-password-error')).toHaveText('Please fill in your password with 8 - 64 characters');
      await expect(page.getByTestId('register-terms-error')).toBeVisible();
      await page.getByTestId('register-password').fill('qwertyuiop');
      await expect(page.getByTestId('register-password-strength-label')).toHaveText('Too easy to guess');
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-password-error')).toHaveText('This password is too easy to guess: avoid your username, repeats and sequences');
      // A phrase with spaces and symbols is welcome, and the meter says so.
      await page.getByTestId('register-password').fill('Blue canoe, 7 rivers & a kite!');
      await expect(page.getByTestId('register-password-strength-label')).toHaveText('Strong');
    });
  });

  test('routes share the home view and open their modal', async ({ page }) => {
    await useEnglish(page);
    await page.goto('/login');
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(page.getByTestId('home')).toBeVisible();
    // The same home instance stays mounted while moving between /login, /register and /.
    await page.getByTestId('home').evaluate((el) => el.setAttribute('data-mark', 'kept'));
    await page.getByTestId('switch-to-register').click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('register-modal')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('register-modal')).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home')).toHaveAttribute('data-mark', 'kept');

    await page.goto('/register?referralCode=FRIEND42');
    await expect(page.getByTestId('register-modal')).toBeVisible();
    await expect(page.getByTestId('register-referral')).toContainText('FRIEND42');

    for (const path of ['/index', '/index.html', '/home']) {
      await page.goto(path);
      await expect(page.getByTestId('home')).toBeVisible();
      await expect(page.getByTestId('login-modal')).toHaveCount(0);
    }

    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home')).toBeVisible();
  });
});

test('Spanish is the default language and the choice is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('login-button')).toHaveText('Iniciar sesión');
  await expect(page.getByTestId('register-button')).toHaveText('Registrarse');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.getByTestId('login-button').click();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-username-error')).toHaveText('El campo no puede estar vacío');
  await page.keyboard.press('Escape');

  await page.getByTestId('language-select').selectOption('EN');
  await expect(page.getByTestId('login-button')).toHaveText('Log in');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('EN');
  await page.reload();
  await expect(page.getByTestId('login-button')).toHaveText('Log in');
});
