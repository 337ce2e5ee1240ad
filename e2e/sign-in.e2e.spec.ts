import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { hidePopupsToday } from './support';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { PasswordHasher } from '@wps/identity/infra/passwords';
import { startEmbedded, type EmbeddedPlatform } from '../embedded/src/host.js';

/**
 * The sign-in area in the browser. This file runs its own embedded platform (same code, same built client) so it can
 * turn on the brand flags it needs and read the development SMS sink and the captcha answers.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'secreto12';
const DEFAULT_PASSWORD = 'cambiame1';
const DIAL = '52';

let platform: EmbeddedPlatform;
const hasher = new PasswordHasher(1024);

async function createMember(options: { type?: number; mobile?: string; password?: string } = {}): Promise<string> {
  const username = `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 16);
  await platform.db.orm.execute(sql`
    INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, mobile_num, country_dialing_code)
    VALUES ('DEMO', ${username}, ${username.toLowerCase()}, ${username}, ${options.type ?? 0}, ${await hasher.hash(options.password ?? PASSWORD)},
            ${options.mobile ?? null}, ${options.mobile ? DIAL : null})`);
  return username;
}

async function captchaAnswer(key: string): Promise<string> {
  const [row] = await rows<{ answer: string }>(platform.db.orm, sql`SELECT answer FROM identity.captcha_challenges WHERE key_hash = ${createHash('sha256').update(key).digest()}`);
  return row!.answer;
}

async function openEnglish(page: Page, url: string): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  await hidePopupsToday(page);
  await page.goto(platform.url + url);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  platform = await startEmbedded({
    logLevel: 'silent',
    webDist: path.join(ROOT, 'web', 'dist'),
    env: { LOGIN_FAILURES_BEFORE_CAPTCHA: '2', ARGON2_MEMORY_KIB: '1024' },
  });
  await platform.db.orm.execute(sql`
    UPDATE identity.merchants
    SET settings = jsonb_set(settings, '{whitelabel}', coalesce(settings->'whitelabel', '{}'::jsonb) || '{"MOBILEVERCODELOGIN3": true, "FREEPLAY3": true}'::jsonb)
                   || jsonb_build_object('signIn', jsonb_build_object('defaultPassword', ${DEFAULT_PASSWORD}::text))
    WHERE code = 'DEMO'`);
  // The brand directory keeps brands for five seconds.
  await new Promise((resolve) => setTimeout(resolve, 5_200));
});

test.afterAll(async () => {
  await platform?.close();
});

test('username login asks for the captcha after failures and signs in once it is solved', async ({ page }) => {
  const username = await createMember();
  const captchaKeys: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/wps/captcha?key=') && response.status() === 200) captchaKeys.push(new URL(response.url()).searchParams.get('key')!);
  });
  await openEnglish(page, '/login');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.getByTestId('login-username').fill(username);
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByTestId('login-password').fill('wrongpass1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('form-error')).toHaveText('Incorrect username or password');
  }
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await expect.poll(() => captchaKeys.length).toBe(1);

  // The captcha is required now: empty is refused on the client, a wrong answer by the server.
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-captcha-error')).toHaveText('Please enter the captcha');
  const wrong = (await captchaAnswer(captchaKeys[0]!)) === '0000' ? '1111' : '0000';
  await page.getByTestId('login-captcha').fill(wrong);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('form-error')).toHaveText('Captcha check failed');
  // The wrong answer spent the image; the form fetched a new one for the same key.
  await expect.poll(() => captchaKeys.length, { timeout: 5_000 }).toBe(2);
  const key = captchaKeys[1]!;

  await page.getByTestId('login-captcha').fill(await captchaAnswer(key));
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
  await page.getByTestId('member-menu-button').click();
  await expect(page.getByTestId('member-menu-logout')).toBeVisible();
  await expect(page.getByTestId('member-menu-agent')).toHaveCount(0);
});

test('SMS login: send a code, then sign in with it', async ({ page }) => {
  const mobile = `55${String(Date.now()).slice(-8)}`;
  const username = await createMember({ mobile });
  await openEnglish(page, '/login');
  await page.getByTestId('login-tab-sms').click();
  await page.getByTestId('login-dialing-code').fill(`+${DIAL}`);
  await page.getByTestId('login-mobile').fill('12');
  await page.getByTestId('login-sms-send').click();
  await expect(page.getByTestId('login-mobile-error')).toHaveText('Please enter a valid mobile number');
  await page.getByTestId('login-mobile').fill(mobile);
  await page.getByTestId('login-sms-send').click();
  await expect(page.getByTestId('login-sms-send')).toHaveText(/Resend in \d+ s/);
  await expect(page.getByTestId('login-sms-send')).toBeDisabled();

  await page.getByTestId('login-sms-code').fill('000000' === platform.smsOutbox!.lastCode(DIAL, mobile) ? '111111' : '000000');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('form-error')).toHaveText('Please enter a valid verification code');

  await page.getByTestId('login-sms-code').fill(platform.smsOutbox!.lastCode(DIAL, mobile)!);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
});

test('trial login: play for free, then deposit asks for a real account', async ({ page }) => {
  await openEnglish(page, '/login');
  await page.getByTestId('login-free-play').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('member-account')).toHaveText(/^guest[0-9a-z]{8}$/i);
  await page.getByTestId('deposit-button').click();
  await expect(page.getByTestId('notice-dialog')).toContainText('This feature needs a real account');
  await page.getByTestId('notice-ok').click();
  await hidePopupsToday(page);
  await page.goto(`${platform.url}/member?panel=depositv2`);
  await expect(page.getByTestId('notice-dialog')).toContainText('This feature needs a real account');
  await expect(page).toHaveURL(/\/$/);
});

test('agent login page: members are refused, agents reach the agent centre', async ({ page }) => {
  const member = await createMember();
  const agent = await createMember({ type: 1 });
  await openEnglish(page, '/agentHome');
  await expect(page).toHaveURL(/\/agent$/);
  await expect(page.getByTestId('agent-login')).toBeVisible();
  await expect(page.getByTestId('login-remember')).toHaveCount(0);
  // A page of its own: what the agent centre offers beside the form, and the way back for players, on a desktop and a phone.
  await expect(page.getByTestId('agent-login-pitch')).toContainText('Run your team and follow your earnings in one place.');
  await expect(page.getByTestId('agent-login-pitch').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('agent-login-player-site')).toHaveAttribute('href', '/');
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the agent login scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
    const pitch = (await page.getByTestId('agent-login-pitch').boundingBox())!;
    const form = (await page.getByTestId('agent-login').boundingBox())!;
    // Side by side on a desktop, stacked on a phone.
    if (width === 1440) expect(pitch.x + pitch.width).toBeLessThanOrEqual(form.x + 1);
    else expect(pitch.y + pitch.height).toBeLessThanOrEqual(form.y + 1);
  }

  await page.getByTestId('agent-username').fill(member);
  await page.getByTestId('agent-password').fill(PASSWORD);
  await page.getByTestId('agent-submit').click();
  await expect(page.getByTestId('agent-login-error')).toHaveText('Non-agents cannot log in');
  expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();

  await page.getByTestId('agent-username').fill(agent);
  await page.getByTestId('agent-submit').click();
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByTestId('agent-home')).toBeVisible();
  await expect(page.getByTestId('agent-home-nickname')).toHaveText(agent);

  // On the player site an agent's member menu leads back to the agent centre; a member's has no such entry.
  await page.goto(platform.url + '/');
  await page.getByTestId('member-menu-button').click();
  await page.getByTestId('member-menu-agent').click();
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByTestId('agent-home')).toBeVisible();
});

test('the brand default password signs in and opens the forced password change', async ({ page }) => {
  const username = await createMember({ password: DEFAULT_PASSWORD });
  await openEnglish(page, '/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(DEFAULT_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await expect(page.getByTestId('change-password-modal')).toBeVisible();
  await expect(page.getByTestId('change-password-forced')).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).not.toBeNull();
});

test('remember me keeps the name, never the password, for the next visit; unchecking forgets it', async ({ page }) => {
  const username = await createMember();
  await openEnglish(page, '/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  const saved = await page.evaluate(() => JSON.parse(window.localStorage.getItem('rememberLogin') ?? 'null') as { username: string; savedAt: number } | null);
  expect(saved?.username).toBe(username);
  expect(JSON.stringify(saved)).not.toContain(PASSWORD);
  expect(Date.now() - saved!.savedAt).toBeLessThan(60_000);

  await page.evaluate(() => window.sessionStorage.clear());
  await hidePopupsToday(page);
  await page.goto(`${platform.url}/login`);
  await expect(page.getByTestId('login-username')).toHaveValue(username);
  await expect(page.getByTestId('login-password')).toHaveValue('');
  await expect(page.getByTestId('login-remember')).toBeChecked();
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-remember').uncheck();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('rememberLogin'))).toBeNull();

  // One day (86400000 ms) later the remembered login is gone.
  await page.getByTestId('logout-button').click();
  await page.getByTestId('confirm-ok').click();
  await page.evaluate((name) => {
    window.localStorage.setItem('rememberLogin', JSON.stringify({ username: name, mobileNum: '', countryDialingCode: '', remember: true, savedAt: Date.now() - 86_400_001 }));
  }, username);
  await hidePopupsToday(page);
  await page.goto(`${platform.url}/login`);
  await expect(page.getByTestId('login-username')).toHaveValue('');
  await expect(page.getByTestId('login-remember')).not.toBeChecked();
});

test('keyboard: the login dialog keeps focus inside while it is open and gives it back to the button that opened it', async ({ page }) => {
  await openEnglish(page, '/');
  const opener = page.getByTestId('login-button');
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('login-modal');
  await expect(dialog).toBeVisible();
  const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="login-modal"]')));
  await expect.poll(inside, 'focus moves into the dialog').toBe(true);
  // Round the dialog's controls more than once, both ways: focus never reaches the page behind it.
  for (let step = 0; step < 30; step++) {
    await page.keyboard.press('Tab');
    expect(await inside(), `after ${step + 1} Tab`).toBe(true);
  }
  for (let step = 0; step < 30; step++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside(), `after ${step + 1} Shift+Tab`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
