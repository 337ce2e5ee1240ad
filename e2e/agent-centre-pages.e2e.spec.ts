import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startEmbedded, type EmbeddedPlatform } from '../embedded/src/host.js';
import { AGENT_PAGES, CONTRACT_PAGES, type AgentPage } from '../web/src/pages/agent/agentPages';

/**
 * Every agent centre page in the browser, on a phone (360 px) and a desktop (1366 px), over the demo agent programme
 * of a fresh install: contracts of every kind in every state, the team's last 30 days of play and the settled, paid
 * periods. Then the live side: the demo agent accepts the platform's dividend offer and a downline agent answers its
 * upline's hourly offer, each seen by the other's open page without a reload.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHOTS = '/tmp/agent-shots';
const DEMO_PASSWORD = 'demo1234';
const WIDTHS = [360, 1366] as const;
/** The pages worth a picture at each width. */
const SHOT_PAGES: AgentPage[] = ['agentTeamOverview', 'downlineManagmentView', 'agentRevenueReport', 'agentDividendRecordCopy2', 'agentRealtimeSalary', 'personalHistoryCopy'];

let platform: EmbeddedPlatform;

interface Envelope<T> {
  success: boolean;
  value: T;
}

async function memberGet<T>(url: string, token: string): Promise<T> {
  const response = await fetch(platform.url + url, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'EN' } });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.success, `GET ${url}`).toBe(true);
  return envelope.value;
}

async function login(username: string): Promise<string> {
  const response = await fetch(platform.url + '/wps/session/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'EN' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, type: 'username' }),
  });
  const envelope = (await response.json()) as Envelope<{ token: string }>;
  expect(envelope.success, `login ${username}`).toBe(true);
  return envelope.value.token;
}

/** Console errors and uncaught exceptions of a page, as they happen. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

async function signIn(page: Page, username: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 500 ? 780 : 860 });
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  await page.goto(platform.url + '/agent');
  await page.getByTestId('agent-username').fill(username);
  await page.getByTestId('agent-password').fill(DEMO_PASSWORD);
  await page.getByTestId('agent-submit').click();
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByTestId('agent-home-nickname')).toHaveText(username);
}

/** A new browser window (its own session) signed in as `username`. */
async function agentWindow(browser: Browser, username: string, width = 1366): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, username, width);
  return { page, errors, close: () => context.close() };
}

async function open(page: Page, name: AgentPage, extra = ''): Promise<void> {
  await page.goto(`${platform.url}/agentHome?page=${name}${extra}`);
  await expect(page.getByTestId('agent-home')).toHaveAttribute('data-page', name);
}

/** A full-page picture, and on a phone the first screens of it apart too (readable at their own size). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const { width, height } = await page.evaluate(() => ({ width: window.innerWidth, height: document.documentElement.scrollHeight }));
  if (width > 500) return;
  for (let part = 0; part < 3 && part * 1200 < height; part += 1) {
    await page.screenshot({ path: `${SHOTS}/${name}-part${part + 1}.png`, fullPage: true, clip: { x: 0, y: part * 1200, width, height: Math.min(1200, height - part * 1200) } });
  }
}

const figure = (page: Page, key: string) => page.getByTestId(`overview-${key}`).locator('strong');
/** A money figure's value in cents: "-$ 1,234.50" → -123450. */
const cents = (text: string | null) => {
  const digits = (text ?? '').replace(/[^0-9.-]/g, '');
  expect(digits, `an amount in "${text}"`).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(digits) * 100);
};

/** What each page must show for the demo agent. */
const checks: Record<AgentPage, (page: Page) => Promise<void>> = {
  agentTeamOverview: async (page) => {
    // The demo team: the agent, three sub-agents, a sub-sub-agent and players at each level.
    await expect(figure(page, 'teamSize')).toHaveText('14');
    await expect(figure(page, 'directAgents')).toHaveText('3');
    expect(Number(await figure(page, 'betCount').textContent())).toBeGreaterThan(100);
    expect(cents(await figure(page, 'validBet').textContent())).toBeGreaterThan(0);
    const chart = page.getByTestId('overview-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    expect((await chart.boundingBox())!.height).toBeGreaterThan(200);
  },
  deposit: async (page) => {
    await expect(page.locator('.panel-card').first()).toBeVisible();
  },
  withdraw: async (page) => {
    await expect(page.locator('.panel-card').first()).toBeVisible();
  },
  agentAnnouncement: async (page) => {
    await expect(page.getByTestId('agent-announcements')).toBeVisible();
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    await expect(page.getByTestId('announcements-error')).toHaveCount(0);
  },
  registerCenter: async (page) => {
    await expect(page.getByTestId('agent-register-center')).toBeVisible();
    await expect(page.getByTestId('create-submit')).toBeVisible();
    await expect(page.getByTestId('link-submit')).toBeVisible();
  },
  downlineManagmentView: async (page) => {
    for (const account of ['demosub1', 'demosub2', 'demosub3']) await expect(page.getByTestId(`downline-row-${account}`)).toBeVisible();
    await page.getByTestId('downline-open-demosub1').click();
    const breadcrumb = page.getByTestId('downline-breadcrumb');
    await expect(breadcrumb).toHaveText(/demoagent\s*›\s*demosub1$/);
    await expect(page.getByTestId('downline-row-demosub11')).toBeVisible();
    await expect(page.getByTestId('downline-row-demosub1')).toHaveCount(0);
    await page.getByTestId('downline-open-demosub11').click();
    await expect(breadcrumb).toHaveText(/demoagent\s*›\s*demosub1\s*›\s*demosub11$/);
    // demosub11's own players, with their play of the last days.
    await expect(page.getByTestId('downline-table').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('downline-row-demosub11')).toHaveCount(0);
    await page.getByTestId('breadcrumb-demosub1').click();
    await expect(page.getByTestId('downline-row-demosub11')).toBeVisible();
    await page.getByTestId('breadcrumb-demoagent').click();
    await expect(page.getByTestId('downline-row-demosub1')).toBeVisible();
    await expect(breadcrumb).toHaveText('demoagent');
  },
  personalHistoryCopy: async (page) => {
    await expect(page.getByTestId('bets-row').first()).toBeVisible();
    expect(await page.getByTestId('bets-row').count()).toBeGreaterThan(5);
    expect(Number(await page.getByTestId('bets-total-count').textContent())).toBeGreaterThan(100);
    // The demo team's seeded history (the demo player's newest rounds may be its sportsbook bets).
    await expect(page.getByTestId('bets-row').filter({ hasText: 'DEMO_HISTORY' }).first()).toBeVisible();
    await expect(page.getByTestId('bets-pager-next')).toBeEnabled();
  },
  palStatementsAgentCopy: async (page) => {
    const rows = page.getByTestId('profit-table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(3);
    const totals = page.getByTestId('profit-totals');
    await expect(totals).toBeVisible();
    expect(Number(await totals.locator('td').first().textContent())).toBeGreaterThan(100);
  },
  agentRevenueReport: async (page) => {
    expect(cents(await page.getByTestId('income-received').locator('strong').textContent())).toBeGreaterThan(0);
    expect(cents(await page.getByTestId('income-paid').locator('strong').textContent())).toBeGreaterThan(0);
    const rows = page.getByTestId('income-row');
    await expect(rows).toHaveCount(20);
    const directions = await rows.evaluateAll((list) => list.map((row) => row.querySelectorAll('td')[3]?.textContent ?? ''));
    expect(new Set(directions)).toEqual(new Set(['Received', 'Paid']));
    const info = page.getByTestId('income-pager-info');
    await expect(info).toHaveText(/^Page 1 of \d+ · \d+ records$/);
    const first = await rows.first().textContent();
    await page.getByTestId('income-pager-next').click();
    await expect(page).toHaveURL(/pageNo=2/);
    await expect(info).toHaveText(/^Page 2 of /);
    await expect(rows.first()).not.toHaveText(first ?? '');
    await expect(page.getByTestId('income-pager-prev')).toBeEnabled();
  },
  agentDownlineTransactionDetailsCopy: async (page) => {
    await expect(page.getByTestId('details-whose')).toContainText('demoagent');
    await expect(page.getByTestId('details-row').first()).toBeVisible();
  },
  agentDividendRecordCopy2: (page) => contractChecks(page, 'agentDividendRecordCopy2'),
  agentDailyWages2: (page) => contractChecks(page, 'agentDailyWages2'),
  agentHourSalary: (page) => contractChecks(page, 'agentHourSalary'),
  agentRealtimeSalary: (page) => contractChecks(page, 'agentRealtimeSalary'),
  messages: async (page) => {
    await expect(page.getByTestId('agent-messages')).toBeVisible();
  },
  customerService: async (page) => {
    await expect(page.getByTestId('agent-customer-service-open')).toBeVisible();
  },
};

async function contractChecks(page: Page, name: AgentPage): Promise<void> {
  const current = page.getByTestId('contract-current');
  await expect(current).toBeVisible();
  await expect(page.getByTestId('contract-current-state')).toHaveText('Active');
  expect(await current.getByTestId('contract-current-tiers').locator('tbody tr').count()).toBeGreaterThan(0);
  await expect(current.getByTestId('contract-current-tiers-rate-0')).toHaveText(/%$/);
  if (name === CONTRACT_PAGES.dividend) {
    // The platform's new dividend terms, waiting for the demo agent's answer.
    const offer = page.getByTestId('offers-to-me').locator('.agent-offer');
    await expect(offer).toHaveCount(1);
    await expect(offer.locator('.agent-tier-table tbody tr').first()).toBeVisible();
    await expect(offer.getByTestId('offer-accept')).toBeVisible();
  } else {
    await expect(page.getByTestId('offers-to-me-empty')).toBeVisible();
  }
  // demosub1 works under every kind of contract the demo agent gave it.
  await expect(page.getByTestId('downline-contract-demosub1')).toBeVisible();
  await expect(page.getByTestId('downline-rate-demosub1')).toHaveText(/%/);
  await expect(page.getByTestId('records-row').first()).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  platform = await startEmbedded({
    logLevel: 'silent',
    webDist: path.join(ROOT, 'web', 'dist'),
    env: { ARGON2_MEMORY_KIB: '1024', AGENT_DEMO_PROGRAMME: 'true', AGENT_SETTLEMENT_INTERVAL_MS: '0' },
  });
  // The programme is seeded after the start, then its closed periods are settled and paid.
  let token = '';
  await expect(async () => {
    token ||= await login('demoagent');
    const daily = await memberGet<{ total: number }>('/wps/agent/settlements?kind=daily', token);
    expect(daily.total).toBeGreaterThan(0);
    const realtime = await memberGet<{ total: number }>('/wps/agent/settlements?kind=realtime', token);
    expect(realtime.total).toBeGreaterThan(0);
  }).toPass({ timeout: 180_000, intervals: [2_000] });
});

test.afterAll(async () => {
  await platform?.close();
});

for (const width of WIDTHS) {
  test(`every agent centre page at ${width} px shows the demo programme, fits the screen and logs no error`, async ({ page }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    await signIn(page, 'demoagent', width);
    for (const name of AGENT_PAGES) {
      await test.step(name, async () => {
        await open(page, name);
        await expect(page.getByTestId('agent-page-title')).toBeVisible();
        await checks[name](page);
        await expect(page.locator('[role="alert"].agent-error')).toHaveCount(0);
        // Every table is read whole: none hides columns behind a scroll bar of its own.
        const scrolled = await page
          .locator('.table-wrap')
          .evaluateAll((boxes) => boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.querySelector('table')?.className ?? '?'));
        expect.soft(scrolled, `tables wider than their box on ${name}`).toEqual([]);
        if (width <= 360) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} is wider than the screen`).toBeLessThanOrEqual(width);
        if (SHOT_PAGES.includes(name)) await shoot(page, `${name}-${width}`);
        expect(errors, `errors on ${name}`).toEqual([]);
      });
    }
  });
}

test('the demo agent accepts the platform’s dividend offer; its other open window follows live', async ({ browser }) => {
  const acting = await agentWindow(browser, 'demoagent');
  const watching = await agentWindow(browser, 'demoagent', 360);
  try {
    await open(watching.page, 'agentDividendRecordCopy2');
    await expect(watching.page.getByTestId('offers-to-me').locator('.agent-offer')).toHaveCount(1);
    await expect(watching.page.getByTestId('contract-next')).toHaveCount(0);

    await open(acting.page, 'agentDividendRecordCopy2');
    const offer = acting.page.getByTestId('offers-to-me').locator('.agent-offer');
    const topRate = await offer.locator('[data-testid$="-tiers-rate-0"]').textContent();
    await offer.getByTestId('offer-accept').click();
    await acting.page.getByTestId('confirm-ok').click();
    await expect(acting.page.getByTestId('offers-to-me-empty')).toBeVisible();
    await expect(acting.page.getByTestId('contract-next-state')).toHaveText('Active');
    await expect(acting.page.getByTestId('contract-next-tiers-rate-0')).toHaveText(topRate ?? '');

    // Pushed to every window of the agent: no reload here.
    await expect(watching.page.getByTestId('toast').filter({ hasText: 'Your Dividend contract was accepted' })).toBeVisible();
    await expect(watching.page.getByTestId('offers-to-me-empty')).toBeVisible();
    await expect(watching.page.getByTestId('contract-next-tiers-rate-0')).toHaveText(topRate ?? '');
    expect(await watching.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(watching.page, 'dividend-accepted-360');
    expect([...acting.errors, ...watching.errors]).toEqual([]);
  } finally {
    await acting.close();
    await watching.close();
  }
});

test('demosub11 accepts demosub1’s hourly offer; demosub1’s open page shows the answer live', async ({ browser }) => {
  const upline = await agentWindow(browser, 'demosub1');
  const downline = await agentWindow(browser, 'demosub11', 360);
  try {
    await open(upline.page, 'agentHourSalary');
    await expect(upline.page.getByTestId('downline-pending-demosub11')).toHaveText(/^Offer up to .+ %$/);
    const offered = ((await upline.page.getByTestId('downline-pending-demosub11').textContent()) ?? '').replace('Offer up to ', '');

    await open(downline.page, 'agentHourSalary');
    // demosub11 has no hourly salary yet: the offer from its upline waits.
    await expect(downline.page.getByTestId('contract-none')).toBeVisible();
    const offer = downline.page.getByTestId('offers-to-me').locator('.agent-offer');
    await expect(offer).toHaveCount(1);
    await expect(offer).toContainText('demosub1');
    expect(await downline.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot(downline.page, 'hourly-offer-demosub11-360');
    await offer.getByTestId('offer-accept').click();
    await downline.page.getByTestId('confirm-ok').click();
    await expect(downline.page.getByTestId('offers-to-me-empty')).toBeVisible();
    await expect(downline.page.getByTestId('contract-next-state')).toHaveText('Active');

    // The upline's page follows the push: the offer is no longer open, its rates apply from the next hour.
    await expect(upline.page.getByTestId('downline-pending-demosub11')).toHaveCount(0);
    await expect(upline.page.getByTestId('downline-rate-demosub11')).toContainText(`Next period: ${offered}`);
    await expect(upline.page.getByTestId('toast').filter({ hasText: /demosub11 accepted your .+ offer/ })).toBeVisible();
    expect([...upline.errors, ...downline.errors]).toEqual([]);
  } finally {
    await upline.close();
    await downline.close();
  }
});
