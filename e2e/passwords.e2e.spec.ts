import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { hidePopupsToday } from './support';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { PasswordHasher } from '@wps/identity/infra/passwords';
import type { DevSmsSink } from '@wps/identity/infra/sms';
import type { IdentityServiceInstance } from '@wps/identity/app';
import { SmtpTestSink } from '@wps/identity/features/account/smtp-test-sink';
import { startEmbedded, type EmbeddedPlatform } from '../embedded/src/host.js';

/**
 * Passwords in the browser. This file runs its own embedded platform on the built client so it can turn on the
 * forgot-password flags. Mail is read the way a member would get it: the platform sends real SMTP (SMTP_URL) to a
 * small SMTP receiver started by this test; SMS codes come from the development SMS sink.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Vela7tormenta';
const NEW_PASSWORD = 'Ruta9cometa';

let platform: EmbeddedPlatform;
const smtp = new SmtpTestSink();
const hasher = new PasswordHasher(1024);
let mobileCounter = 5520000000 + Math.floor(Math.random() * 1e6);

async function createMember(options: { email?: string; mobile?: string; password?: string } = {}): Promise<{ id: string; username: string }> {
  const username = `pw${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 16);
  const [member] = await rows<{ id: string }>(
    platform.db.orm,
    sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, password_hash, email, mobile_num, country_dialing_code)
        VALUES ('DEMO', ${username}, ${username.toLowerCase()}, ${username}, ${await hasher.hash(options.password ?? PASSWORD)}, ${options.email ?? null},
                ${options.mobile ?? null}, ${options.mobile ? '52' : null})
        RETURNING id`,
  );
  return { id: member!.id, username };
}

async function openEnglish(page: Page, url: string): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  await hidePopupsToday(page);
  await page.goto(platform.url + url);
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await openEnglish(page, '/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('member-account')).toHaveText(username);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const { url } = await smtp.start();
  platform = await startEmbedded({
    logLevel: 'silent',
    webDist: path.join(ROOT, 'web', 'dist'),
    env: { ARGON2_MEMORY_KIB: '1024', SMTP_URL: url, MAIL_FROM: 'casino@example.test', SMS_PROVIDER: 'log' },
  });
  await platform.db.orm.execute(sql`
    UPDATE identity.merchants
    SET settings = jsonb_set(settings, '{whitelabel}', coalesce(settings->'whitelabel', '{}'::jsonb) || '{"CHNGPASSMAIL3": true, "CHNGPASSVERIF3": true}'::jsonb)
    WHERE code = 'DEMO'`);
  // The brand directory keeps brands for five seconds.
  await new Promise((resolve) => setTimeout(resolve, 5_200));
});

test.afterAll(async () => {
  await platform?.close();
  await smtp.close();
});

test('forgot password by e-mail: the mailed link sets a new password once', async ({ page }) => {
  const email = `pw${Date.now()}@example.test`;
  const member = await createMember({ email });
  await openEnglish(page, '/login');
  await page.getByTestId('login-forgot').click();
  const modal = page.getByTestId('forgot-password-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('forgot-tab-email').click();
  await modal.getByTestId('forgot-username').fill(member.username);
  await modal.getByTestId('forgot-email').fill('not-an-address');
  await modal.getByTestId('forgot-submit').click();
  await expect(modal.getByTestId('forgot-email-error')).toHaveText('E-mail format is incorrect');
  await modal.getByTestId('forgot-email').fill(email);
  await modal.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('notice-dialog')).toContainText('a link to reset the password has been sent');
  await expect(modal).toBeHidden();

  await expect.poll(() => smtp.to(email).length, { timeout: 10_000 }).toBe(1);
  const link = /(http:\/\/[^\s"]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(smtp.to(email)[0]!.decoded)![1]!;
  expect(link.startsWith(`${platform.url}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByTestId('reset-password-page')).toBeVisible();
  await page.getByTestId('reset-new-password').fill('password1');
  await page.getByTestId('reset-confirm-password').fill('password1');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-password-error')).toHaveText('This password is too common or too easy to guess, please choose another');
  await page.getByTestId('reset-new-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-confirm-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-password-done')).toContainText(member.username);
  expect(page.url()).not.toContain('token=');

  // The same link a second time is refused.
  await page.goto(link);
  await page.getByTestId('reset-new-password').fill('Otra5clave');
  await page.getByTestId('reset-confirm-password').fill('Otra5clave');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-password-invalid')).toContainText('invalid or has expired');

  await logIn(page, member.username, NEW_PASSWORD);
});

test('forgot password by phone: an SMS code sets the new password and signs the member in', async ({ page }) => {
  const mobile = String(mobileCounter++);
  const member = await createMember({ mobile });
  await openEnglish(page, '/login');
  await page.getByTestId('login-forgot').click();
  const modal = page.getByTestId('forgot-password-modal');
  await modal.getByTestId('forgot-tab-mobileNum').click();
  await modal.getByTestId('forgot-dialing-code').fill('+52');
  await modal.getByTestId('forgot-mobile').fill(mobile);
  await modal.getByTestId('forgot-send-code').click();
  await expect(modal.getByTestId('forgot-send-code')).toBeDisabled();
  const sms = (platform.instances.identity as IdentityServiceInstance).sms as DevSmsSink;
  await expect.poll(() => sms.lastCode('52', mobile) ?? '').toMatch(/^\d{6}$/);
  const code = sms.lastCode('52', mobile)!;

  await modal.getByTestId('forgot-code').fill(code === '000000' ? '111111' : '000000');
  await modal.getByTestId('forgot-new-password').fill(NEW_PASSWORD);
  await modal.getByTestId('forgot-submit').click();
  await expect(modal.getByTestId('forgot-password-error')).toHaveText('Please enter a valid verification code');

  await modal.getByTestId('forgot-code').fill(code);
  await modal.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('member-account')).toHaveText(member.username);
  await expect(page).toHaveURL(/\/$/);
  await expect(modal).toBeHidden();
});

test('change password from the member centre: the other session ends, this one goes on', async ({ page, browser }) => {
  const member = await createMember();
  const elsewhere = await browser.newPage();
  await logIn(elsewhere, member.username, PASSWORD);
  await logIn(page, member.username, PASSWORD);

  await hidePopupsToday(page);

  await page.goto(`${platform.url}/member?panel=profile`);
  await expect(page.getByTestId('profile-account')).toHaveText(member.username);
  await page.getByTestId('profile-icon-4').click();
  await expect(page.getByTestId('profile-icon-4')).toHaveAttribute('aria-checked', 'true');

  await page.getByTestId('profile-change-password').click();
  const modal = page.getByTestId('change-password-modal');
  await modal.getByTestId('change-password-oldPassword').fill('Wrong1pass');
  await modal.getByTestId('change-password-newPassword').fill(NEW_PASSWORD);
  await modal.getByTestId('change-password-confirmNewPassword').fill(NEW_PASSWORD);
  await modal.getByTestId('change-password-submit').click();
  await expect(modal.getByTestId('change-password-oldPassword-error')).toHaveText('The old password is incorrect');
  await modal.getByTestId('change-password-oldPassword').fill(PASSWORD);
  await modal.getByTestId('change-password-submit').click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('member-account')).toHaveText(member.username);

  // The other browser's socket was closed by the server; its next call finds the session ended and signs out.
  await expect(elsewhere.getByTestId('login-button')).toBeVisible({ timeout: 10_000 });
  await elsewhere.close();

  const [row] = await rows<{ icon: string }>(platform.db.orm, sql`SELECT icon FROM identity.members WHERE id = ${member.id}`);
  expect(row!.icon).toBe('4');
  await page.reload();
  await expect(page.getByTestId('member-account')).toHaveText(member.username);
});

test('a member whose password today’s policy refuses changes it at sign-in, led by the rule and the strength meter', async ({ page }) => {
  // Set before the policy: on the breached list, and accepted by the old 6–20 letters-and-digits rule.
  const member = await createMember({ password: 'sunshine1' });
  await openEnglish(page, '/login');
  await page.getByTestId('login-username').fill(member.username);
  await page.getByTestId('login-password').fill('sunshine1');
  await page.getByTestId('login-submit').click();
  const modal = page.getByTestId('change-password-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('change-password-forced')).toBeVisible();
  await expect(modal.getByTestId('change-password-strength')).toContainText('8 to 64 characters');

  await modal.getByTestId('change-password-oldPassword').fill('sunshine1');
  // The meter reads as the member types: the username inside is refused, a repeat is refused, a phrase is strong.
  await modal.getByTestId('change-password-newPassword').fill(`${member.username}2024`);
  await expect(modal.getByTestId('change-password-strength-label')).toHaveText('Too easy to guess');
  await modal.getByTestId('change-password-newPassword').fill('mariposa');
  await expect(modal.getByTestId('change-password-strength-label')).toHaveText('Weak');
  // A common password passes the browser's checks; the server's list refuses it, under the field.
  await modal.getByTestId('change-password-newPassword').fill('iloveyou2');
  await modal.getByTestId('change-password-confirmNewPassword').fill('iloveyou2');
  await modal.getByTestId('change-password-submit').click();
  await expect(modal.getByTestId('change-password-newPassword-error')).toContainText('This password is too common or too easy to guess');
  const phrase = 'tres tristes tigres, 4 trigales';
  await modal.getByTestId('change-password-newPassword').fill(phrase);
  await expect(modal.getByTestId('change-password-strength-label')).toHaveText('Strong');
  await modal.getByTestId('change-password-confirmNewPassword').fill(phrase);
  await modal.getByTestId('change-password-submit').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('member-account')).toHaveText(member.username);

  // Signed in again with the phrase, nothing more is asked.
  const [row] = await rows<{ password_hash: string }>(platform.db.orm, sql`SELECT password_hash FROM identity.members WHERE id = ${member.id}`);
  expect(await hasher.verify(row!.password_hash, phrase)).toBe(true);
});

test('the new-password fields fit a 360 px phone with the meter', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openEnglish(page, '/register');
  await page.getByTestId('register-password').fill('Faro4marea');
  await expect(page.getByTestId('register-password-strength-label')).toHaveText('Good');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('register-phone.png') });
});
