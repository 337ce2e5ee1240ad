import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { hidePopupsToday } from './support';
import { sql } from 'drizzle-orm';
import { PasswordHasher } from '@wps/identity/infra/passwords';
import { totpAt } from '@wps/identity/infra/totp';
import { startTestOidcProvider, type TestOidcProvider } from '@wps/identity/features/sign-in/test-oidc-provider';
import { startEmbedded, type EmbeddedPlatform } from '../embedded/src/host.js';

/**
 * Two-factor authentication in the browser: enrol in the security centre (reading the secret the page shows, as a
 * person would type it into an app), sign out, and sign in again with a code computed from that secret. And social
 * login through the button, against a local OpenID provider.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'secreto12';

let platform: EmbeddedPlatform;
let provider: TestOidcProvider;
const CLIENT_ID = 'wps-e2e-client';
const CLIENT_SECRET = 'e2e-only-client-secret';
const hasher = new PasswordHasher(1024);

async function createMember(): Promise<string> {
  const username = `tfa${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 16);
  await platform.db.orm.execute(sql`
    INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash)
    VALUES ('DEMO', ${username}, ${username.toLowerCase()}, ${username}, 0, ${await hasher.hash(PASSWORD)})`);
  return username;
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.getByTestId('login-button').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  provider = await startTestOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, user: { sub: 'e2e-subject', name: 'Social Ana' } });
  platform = await startEmbedded({
    logLevel: 'silent',
    webDist: path.join(ROOT, 'web', 'dist'),
    env: { ARGON2_MEMORY_KIB: '1024', SOCIAL_CLIENT_SECRETS: JSON.stringify({ 'DEMO:google': CLIENT_SECRET }) },
  });
  await platform.db.orm.execute(sql`
    UPDATE identity.merchants SET settings = settings || jsonb_build_object('socialLogin', ${JSON.stringify([{ provider: 'google', clientId: CLIENT_ID, issuer: provider.issuer }])}::jsonb)
    WHERE code = 'DEMO'`);
  // The brand directory keeps brands for five seconds.
  await new Promise((resolve) => setTimeout(resolve, 5_200));
});

test.afterAll(async () => {
  await platform?.close();
  await provider?.close();
});

test('enrol an authenticator in the security centre, sign out, and sign in with its code', async ({ page }) => {
  const username = await createMember();
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  await hidePopupsToday(page);
  await page.goto(platform.url + '/');
  await signIn(page, username);
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));

  let secret = '';
  await test.step('enrol in the security centre', async () => {
    await hidePopupsToday(page);
    await page.goto(platform.url + '/member?panel=securityCenter');
    await expect(page.getByTestId('security-panel')).toBeVisible();
    await expect(page.getByTestId('security-2fa-status')).toHaveText('Off');
    await expect(page.getByTestId('security-history-row')).toHaveCount(1);
    await expect(page.getByTestId('security-previous-login-at')).toHaveText('This is your first login');
    await page.getByTestId('security-2fa-setup').click();
    await expect(page.getByTestId('second-factor-qr-image')).toBeVisible();
    secret = (await page.getByTestId('second-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const qr = await page.getByTestId('second-factor-qr-image').getAttribute('src');
    expect(qr).toMatch(/^data:image\/png;base64,/);

    await page.getByTestId('security-2fa-code').fill('000000' === totpAt(secret, Date.now()) ? '111111' : '000000');
    await page.getByTestId('security-2fa-enable').click();
    await expect(page.getByTestId('security-2fa-error')).toHaveText('Please enter a valid verification code');
    await page.getByTestId('security-2fa-code').fill(totpAt(secret, Date.now()));
    await page.getByTestId('security-2fa-enable').click();
    await expect(page.getByTestId('security-2fa-status')).toHaveText('On');
  });

  await test.step('sign out', async () => {
    // From the home page: leaving the member centre signed out would open the login modal by itself.
    await hidePopupsToday(page);
    await page.goto(platform.url + '/');
    await expect(page.getByTestId('member-account')).toBeVisible();
    await page.getByTestId('logout-button').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('login-button')).toBeVisible();
  });

  await test.step('sign in: the password alone is not enough, the authenticator code is', async () => {
    await signIn(page, username);
    await expect(page.getByTestId('second-factor-2fa')).toBeVisible();
    await expect(page.getByTestId('member-account')).toHaveCount(0);
    await page.getByTestId('second-factor-code').fill('000000' === totpAt(secret, Date.now() + 30_000) ? '111111' : '000000');
    await page.getByTestId('second-factor-submit').click();
    await expect(page.getByTestId('second-factor-error')).toHaveText('Please enter a valid verification code');
    // The next step's code: the one used to enrol cannot be used again.
    await page.getByTestId('second-factor-code').fill(totpAt(secret, Date.now() + 30_000));
    await page.getByTestId('second-factor-submit').click();
    await expect(page.getByTestId('login-modal')).toBeHidden();
    await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
  });

  await test.step('the security centre shows the history and the previous login', async () => {
    await hidePopupsToday(page);
    await page.goto(platform.url + '/member?panel=securityCenter');
    await expect(page.getByTestId('security-2fa-status')).toHaveText('On');
    await expect(page.getByTestId('security-history-row')).toHaveCount(2);
    await expect(page.getByTestId('security-previous-login-at')).not.toHaveText('This is your first login');
  });
});

test('sign in with the Google button against the local OpenID provider', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  await hidePopupsToday(page);
  await page.goto(platform.url + '/login');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('social-login-google')).toHaveText('Google');
  await expect(page.getByTestId('social-login-facebook')).toHaveCount(0);
  await page.getByTestId('social-login-google').click();
  // Provider, callback, then back to the client with a one-time code it exchanges for the session.
  await expect(page.getByTestId('member-account')).toBeVisible();
  await expect(page).not.toHaveURL(/socialCode/);
  const account = (await page.getByTestId('member-account').textContent())!.trim();
  expect(account).toMatch(/^google[0-9a-f]{12}$/);

  await page.getByTestId('logout-button').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('login-button')).toBeVisible();
  await page.getByTestId('login-button').click();
  await page.getByTestId('social-login-google').click();
  await expect(page.getByTestId('member-account')).toHaveText(account);

  // A callback that does not carry this browser's state lands back on the site with the spec's message.
  await hidePopupsToday(page);
  await page.goto(platform.url + '/wps/session/social/google/callback?state=forged&code=x');
  await expect(page.getByTestId('notice-dialog')).toContainText('Login failure. Please try again.');
});
