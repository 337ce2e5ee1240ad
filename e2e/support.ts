// The suite's own `test` is built here on Playwright's, so the alias of '@playwright/test' (e2e/tsconfig.json) points
// at this file's module and not back at itself: this file alone imports Playwright by its inner name.
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright/test';

/** Where the watched contexts report the current test's violations; undefined between tests. */
let violationsOfCurrentTest: string[] | undefined;
const watchedContexts = new WeakSet<BrowserContext>();
const VIOLATION_BINDING = '__wpsCspViolation';

/**
 * Reports every Content-Security-Policy violation in the context's pages and frames to the current test: what the
 * browser writes to the console ("Refused to … because it violates the following Content Security Policy directive")
 * and every `securitypolicyviolation` event, which an init script listens for in each document.
 */
async function watchForCspViolations(context: BrowserContext): Promise<void> {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  context.on('console', (message) => {
    const text = message.text();
    if (/Content[- ]Security[- ]Policy/i.test(text)) violationsOfCurrentTest?.push(`console on ${message.location().url || message.page()?.url() || '?'}: ${text}`);
  });
  await context.exposeBinding(VIOLATION_BINDING, ({ frame }, report: string) => {
    violationsOfCurrentTest?.push(`securitypolicyviolation on ${frame.url()}: ${report}`);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, ((text: string) => Promise<void>) | undefined>)[binding];
      void report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} (${event.disposition}) at ${event.sourceFile || '?'}:${event.lineNumber}`);
    });
  }, VIOLATION_BINDING);
}

/**
 * The suite's `test`: Playwright's, plus a guard that fails any test whose pages met a Content-Security-Policy
 * violation, in the default context and in every context the test opens with `browser.newContext()` or
 * `browser.newPage()`. Specs get it as '@playwright/test' (the alias in e2e/tsconfig.json), so none has to ask for it.
 */
export const test = base.extend<{ context: BrowserContext; cspViolations: string[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const found: string[] = [];
      violationsOfCurrentTest = found;
      const newContext = browser.newContext.bind(browser);
      const watching: Browser['newContext'] = async (options) => {
        const context = await newContext(options);
        await watchForCspViolations(context);
        return context;
      };
      browser.newContext = watching;
      try {
        await use(found);
      } finally {
        // Back to the prototype's method; the worker's browser outlives the test.
        if (browser.newContext === watching) Reflect.deleteProperty(browser, 'newContext');
        violationsOfCurrentTest = undefined;
      }
      if (found.length > 0) throw new Error(`The browser reported Content-Security-Policy violations:\n${found.map((line) => `  - ${line.trim()}`).join('\n')}`);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations: _ }, use) => {
    await watchForCspViolations(context);
    await use(context);
  },
});
export { expect };

/** A username no earlier run has taken: a prefix letter, the time and a random tail, at most 16 characters. */
export function freshUsername(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`.slice(0, 16);
}

/** A password for a new test player: always ten characters (a short random number would fall below the policy's eight). */
export const freshPassword = (): string => `Pw${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * Registers through the register modal as a player would — through an agent's `/register?referralCode=` link when a
 * code is given — and answers the session token the client stored.
 */
export async function registerInClient(page: Page, username: string, referralCode?: string): Promise<string> {
  const password = freshPassword();
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

/** Signs a seeded demo account in through the API (its password is demo1234) and answers the session token. */
export async function signInDemo(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/wps/session/login', { data: { username, password: 'demo1234' } });
  const body = (await response.json()) as { success: boolean; value?: { token: string }; message?: string };
  expect(body.success, body.message).toBe(true);
  return body.value!.token;
}

/** Waits until the page's opening animations (a dialog scaling in) have ended; looping ones never end. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
