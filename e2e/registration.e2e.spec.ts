import { randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { hidePopupsToday } from './support';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { startEmbedded, type EmbeddedPlatform } from '../embedded/src/host.js';

/**
 * Registration in the browser, by username and by mobile. This file runs its own embedded platform (same code, same
 * built client) so it can read the development SMS sink and change the brand through the operator API.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'secreto12';

let platform: EmbeddedPlatform;

const freshUsername = () => `reg${Date.now().toString(36)}${randomInt(0, 1296).toString(36)}`.slice(0, 16);
const freshMobile = () => `55${String(randomInt(0, 1e8)).padStart(8, '0')}`;

async function memberRow(account: string) {
  const [row] = await rows<{
    id: string;
    upline_id: string | null;
    email: string | null;
    mobile_num: string | null;
    country_dialing_code: string | null;
    register_method: string | null;
    payee_name: string | null;
  }>(platform.db.orm, sql`SELECT * FROM identity.members WHERE merchant_code = 'DEMO' AND username_key = ${account.toLowerCase()}`);
  return row;
}

async function changeBrand(update: unknown): Promise<void> {
  const response = await fetch(`${platform.url}/operator/v1/merchants/DEMO/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Operator ${platform.operatorToken}` },
    body: JSON.stringify(update),
  });
  expect(response.status).toBe(200);
}

async function openEnglish(page: Page, url: string): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  await hidePopupsToday(page);
  await page.goto(platform.url + url);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  platform = await startEmbedded({ logLevel: 'silent', webDist: path.join(ROOT, 'web', 'dist'), env: { ARGON2_MEMORY_KIB: '1024', SMS_PROVIDER: 'log' } });
});

test.afterAll(async () => {
  await platform?.close();
});

test("username registration through an agent's affiliate link, with the brand's optional e-mail", async ({ page }) => {
  const username = freshUsername();
  await openEnglish(page, '/register?affiliateCode=DEMOAGENT');
  await expect(page.getByTestId('register-modal')).toBeVisible();
  await expect(page.getByTestId('register-tab-username')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('register-tab-mobile')).toBeVisible();
  await expect(page.getByTestId('register-affiliate')).toHaveText('Affiliate code: DEMOAGENT');
  // The placeholder is the pattern message with the brand's bounds.
  await expect(page.getByTestId('register-username')).toHaveAttribute('placeholder', 'Please enter 4-16 letters or digits, starting with a letter');
  await expect(page.getByTestId('register-email')).toBeVisible();
  await expect(page.getByTestId('register-payeeName')).toHaveCount(0);

  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-email').fill('lucia@');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-email-error')).toHaveText('E-mail format is incorrect');
  await expect(page.getByTestId('register-terms-error')).toBeVisible();
  expect(await memberRow(username)).toBeUndefined();

  await page.getByTestId('register-email').fill('lucia@example.com');
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-modal')).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
  const agent = await memberRow('demoagent');
  expect(await memberRow(username)).toMatchObject({ upline_id: agent!.id, email: 'lucia@example.com', register_method: 'WEB' });
});

test("an unknown affiliate code stops with the spec's dialog, and the username taken is shown at its field", async ({ page }) => {
  await openEnglish(page, '/register?affiliateCode=NOSUCH99');
  await page.getByTestId('register-username').fill('demoplayer');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('notice-dialog')).toContainText('invitation code error');
  await page.getByTestId('notice-ok').click();

  await hidePopupsToday(page);

  await page.goto(`${platform.url}/register`);
  await page.getByTestId('register-username').fill('DemoPlayer');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-username-error')).toHaveText('This username is already registered');
});

test('mobile registration with the SMS code: countdown, wrong code, right code', async ({ page }) => {
  const mobile = freshMobile();
  await openEnglish(page, '/register');
  await page.getByTestId('register-tab-mobile').click();
  await expect(page.getByTestId('register-username')).toHaveCount(0);
  await expect(page.getByTestId('register-mobile')).toHaveAttribute('placeholder', 'Phone numbers must have 10 digits');

  await page.getByTestId('register-mobile').fill('5512');
  await page.getByTestId('register-sms-send').click();
  await expect(page.getByTestId('register-mobile-error')).toHaveText('Phone number format is incorrect');

  await page.getByTestId('register-dialing-code').fill('+52');
  await page.getByTestId('register-mobile').fill(mobile);
  await page.getByTestId('register-sms-send').click();
  // expiredMinutes (5) x 60 seconds.
  await expect(page.getByTestId('register-sms-send')).toHaveText(/Resend in (300|299|298) s/);
  await expect(page.getByTestId('register-sms-send')).toBeDisabled();
  await expect.poll(() => platform.smsOutbox!.lastCode('52', mobile)).toMatch(/^\d{6}$/);
  const code = platform.smsOutbox!.lastCode('52', mobile)!;

  await page.getByTestId('register-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-code-error')).toHaveText('Please enter a valid verification code');
  expect(await memberRow(`52${mobile}`)).toBeUndefined();

  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-modal')).toBeHidden();
  await expect(page.getByTestId('member-account')).toHaveText(`52${mobile}`);
  expect(await memberRow(`52${mobile}`)).toMatchObject({ mobile_num: mobile, country_dialing_code: '52' });
});

test('fields, required marks and messages follow the configuration the operator sets', async ({ page }) => {
  await changeBrand({
    register: {
      payeeName: { enabled: true, required: true, patternId: 'FULL_NAME', minLength: 3, maxLength: 40 },
      qqNum: { enabled: true, required: false, patternId: 'DIGITS', minLength: 6, maxLength: 6 },
    },
  });
  try {
    const username = freshUsername();
    await openEnglish(page, '/register');
    const payee = page.locator('.field', { has: page.getByTestId('register-payeeName') });
    await expect(payee.locator('.required-mark')).toHaveText('*');
    await expect(page.locator('.field', { has: page.getByTestId('register-qqNum') }).locator('.required-mark')).toHaveCount(0);
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-qqNum').fill('12345');
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-payeeName-error')).toHaveText('Input cannot be empty');
    await expect(page.getByTestId('register-qqNum-error')).toHaveText('Please enter 6 digits');
    await page.getByTestId('register-payeeName').fill('Lucia');
    await page.getByTestId('register-qqNum').fill('123456');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-payeeName-error')).toHaveText('Real name format is incorrect');
    await page.getByTestId('register-payeeName').fill('Lucía Pérez');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-modal')).toBeHidden();
    expect(await memberRow(username)).toMatchObject({ payee_name: 'Lucía Pérez' });
  } finally {
    await changeBrand({
      register: {
        payeeName: { enabled: false, required: false, patternId: 'FULL_NAME', minLength: 3, maxLength: 50 },
        qqNum: { enabled: false, required: false, patternId: 'DIGITS', minLength: 5, maxLength: 12 },
      },
    });
  }
});

test('maintenance shows its end time, and a blocked address sees the region page with its IP', async ({ page }) => {
  const endsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
  await changeBrand({ maintenance: { enabled: true, endsAt } });
  try {
    await openEnglish(page, '/');
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(endsAt));
    await expect(page.getByTestId('maintenance-end')).toHaveText(`Expected end: ${shown}`);
    await expect(page.getByTestId('customer-service')).toBeVisible();
  } finally {
    await changeBrand({ maintenance: { enabled: false, endsAt: null } });
  }

  await changeBrand({ regionRestriction: { blockedIpRanges: ['127.0.0.0/8'], blockedCountries: [] } });
  try {
    await hidePopupsToday(page);
    await page.goto(`${platform.url}/`);
    await expect(page.getByTestId('blocked-page')).toBeVisible();
    await expect(page.getByTestId('blocked-ip')).toContainText('127.0.0.1');
  } finally {
    await changeBrand({ regionRestriction: { blockedIpRanges: [], blockedCountries: [] } });
  }
  await hidePopupsToday(page);
  await page.goto(`${platform.url}/`);
  await expect(page.getByTestId('home')).toBeVisible();
});
