import { expect, type Page } from '@playwright/test';

/** A username no earlier run has taken: a prefix letter, the time and a random tail, at most 16 characters. */
export function freshUsername(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`.slice(0, 16);
}

/**
 * Registers through the register modal as a player would — through an agent's `/register?referralCode=` link when a
 * code is given — and answers the session token the client stored.
 */
export async function registerInClient(page: Page, username: string, referralCode?: string): Promise<string> {
  const password = `Pw${Math.floor(Math.random() * 1e8)}`;
  if (referralCode) {
    await page.goto(`/register?referralCode=${referralCode}`);
    await expect(page.getByTestId('register-referral')).toContainText(referralCode);
  } else {
    await page.goto('/');
    await page.getByTestId('register-button').click();
  }
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm').fill(password);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
  const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

/**
 * Hides the brand's announcement popups for today in every page of the test, as a visitor may choose, so they do not
 * cover what the test clicks. The suite does this for its own platform (playwright.config.ts); a test that starts a
 * platform of its own, on another origin, calls this.
 */
export async function hidePopupsToday(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const today = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    window.localStorage.setItem('POPUP_HIDDEN_ON', `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`);
  });
}
