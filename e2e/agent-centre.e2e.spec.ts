import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startEmbedded, type EmbeddedPlatform } from '../embedded/src/host.js';
import { freshUsername } from './support';

/**
 * The agent centre in the browser, on its own embedded platform (same code, same built client) so it can set the
 * brand's contract terms and make the platform's offers through the operator API.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_PASSWORD = 'demo1234';
const OPERATOR_TOKEN = 'agent-centre-e2e-operator-token';
const VENDOR_SECRET = randomUUID();
const DIVIDEND_TIERS = [
  { minBaseMinor: '5000000', minActive: 5, rateBp: 1000 },
  { minBaseMinor: '20000000', minActive: 15, rateBp: 2000 },
];

let platform: EmbeddedPlatform;

async function operator<T>(method: string, url: string, body: unknown): Promise<T> {
  const response = await fetch(platform.url + url, { method, headers: { authorization: `Operator ${OPERATOR_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(envelope.success, `${method} ${url}: ${envelope.message ?? ''}`).toBe(true);
  return envelope.value;
}

async function memberApi<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': 'EN', 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(platform.url + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(envelope.success, `${method} ${url}: ${envelope.message ?? ''}`).toBe(true);
  return envelope.value;
}

/** A player registered through the demo agent's code, with play money, who plays settled rounds at SIMVENDOR. */
async function playerWithRounds(rounds: { gameType: string; bet: string; win: string }[]): Promise<string> {
  const username = freshUsername('p');
  const registered = await memberApi<{ token: string }>('PUT', '/wps/member/register', null, {
    username,
    password: 'secreto12',
    confirmPassword: 'secreto12',
    acceptTerms: true,
    referralCode: 'DEMOAGENT',
  });
  const { id } = await memberApi<{ id: string }>('GET', '/wps/member/info', registered.token);
  await memberApi('POST', '/wps/v2/wallets/deposit/demo', registered.token, { amount: '500.00' });
  const vendor = async (operation: string, payload: Record<string, unknown>) => {
    const body = JSON.stringify({ player: String(id), currency: 'MXN', ...payload });
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', VENDOR_SECRET).update(`${timestamp}.${body}`).digest('hex');
    const response = await fetch(`${platform.url}/api/vendor/v1/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vendor-code': 'SIMVENDOR', 'x-timestamp': timestamp, 'x-signature': signature },
      body,
    });
    expect(response.status, `${operation}: ${await response.text()}`).toBe(200);
  };
  for (const round of rounds) {
    const roundId = `e2e-${randomUUID()}`;
    await vendor('bet', { transactionId: `b-${roundId}`, roundId, gameType: round.gameType, amount: round.bet });
    await vendor('win', { transactionId: `w-${roundId}`, roundId, betTransactionId: `b-${roundId}`, amount: round.win, settle: true });
  }
  return username;
}

async function signInAgent(page: Page, width = 1366): Promise<string> {
  await page.setViewportSize({ width, height: width < 500 ? 780 : 860 });
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  await page.goto(platform.url + '/agent');
  await page.getByTestId('agent-username').fill('demoagent');
  await page.getByTestId('agent-password').fill(DEMO_PASSWORD);
  await page.getByTestId('agent-submit').click();
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByTestId('agent-home')).toBeVisible();
  const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  platform = await startEmbedded({
    logLevel: 'silent',
    webDist: path.join(ROOT, 'web', 'dist'),
    operatorToken: OPERATOR_TOKEN,
    env: { ARGON2_MEMORY_KIB: '1024', WALLET_VENDOR_SECRETS: `SIMVENDOR:${VENDOR_SECRET}` },
  });
});

test.afterAll(async () => {
  await platform?.close();
});

test('the header shows the brand offset and a ticking clock; the menu follows the brand contract flags', async ({ page }) => {
  await signInAgent(page);
  await expect(page.getByTestId('agent-home-nickname')).toHaveText('demoagent');
  // The demo brand counts in Mexico City time, which has no summer time.
  await expect(page.getByTestId('agent-gmt')).toHaveText('GMT-6');
  const first = await page.getByTestId('agent-clock').locator('time').textContent();
  await expect(page.getByTestId('agent-clock').locator('time')).not.toHaveText(first ?? '', { timeout: 3_000 });

  // The demo brand runs every kind of contract: a page for each.
  await expect(page.getByTestId('agent-nav-agentTeamOverview')).toHaveAttribute('aria-current', 'page');
  for (const name of ['agentDividendRecordCopy2', 'agentDailyWages2', 'agentHourSalary', 'agentRealtimeSalary']) await expect(page.getByTestId(`agent-nav-${name}`)).toBeVisible();

  // The brand stops hourly salaries and sets its dividend tiers: the hourly page leaves the menu.
  await operator('PUT', '/operator/v1/merchants/DEMO/contract-terms/hourly', {
    enabled: false,
    period: 'hourly',
    tiers: [{ minBaseMinor: '1000000', minActive: 3, rateBp: 30 }],
    activeThresholdMinor: '100000',
    timeZone: 'America/Mexico_City',
  });
  await operator('PUT', '/operator/v1/merchants/DEMO/contract-terms/dividend', {
    enabled: true,
    period: 'weekly',
    tiers: DIVIDEND_TIERS,
    activeThresholdMinor: '100000',
    timeZone: 'America/Mexico_City',
  });
  await page.reload();
  await expect(page.getByTestId('agent-nav-agentDividendRecordCopy2')).toBeVisible();
  await expect(page.getByTestId('agent-nav-agentDailyWages2')).toBeVisible();
  await expect(page.getByTestId('agent-nav-agentHourSalary')).toHaveCount(0);

  // A deep link opens its page; a page name the centre does not know opens the overview.
  await page.goto(platform.url + '/agentHome?page=agentDividendRecordCopy2');
  await expect(page.getByTestId('agent-page-title')).toHaveText('Dividend contract');
  await expect(page.getByTestId('contract-none')).toBeVisible();
  await page.goto(platform.url + '/agentHome?page=nothingHere');
  await expect(page.getByTestId('agent-page-title')).toHaveText('Team overview');
});

test('an offer arrives live with a toast and a badge; the agent accepts it and offers its downline within it', async ({ page }) => {
  const token = await signInAgent(page);
  await expect(page.getByTestId('overview-teamSize')).toBeVisible();
  const me = await memberApi<{ id: string }>('GET', '/wps/member/info', token);

  const offer = await operator<{ contractId: string }>('POST', '/operator/v1/merchants/DEMO/contracts/offer', {
    agentId: me.id,
    kind: 'dividend',
    tiers: [
      { ...DIVIDEND_TIERS[0], rateBp: 800 },
      { ...DIVIDEND_TIERS[1], rateBp: 1500 },
    ],
  });
  // Pushed, not polled: the page is still the overview when the offer shows up.
  await expect(page.getByTestId('toast').filter({ hasText: 'offers you a Dividend contract' })).toBeVisible();
  await expect(page.getByTestId('agent-badge-agentDividendRecordCopy2')).toHaveText('1');

  await page.getByTestId('agent-nav-agentDividendRecordCopy2').click();
  await expect(page.getByTestId('agent-badge-agentDividendRecordCopy2')).toHaveCount(0);
  const card = page.getByTestId(`offer-${offer.contractId}`);
  await expect(card.getByTestId(`offer-${offer.contractId}-tiers-rate-0`)).toHaveText('8 %');
  await expect(card.getByTestId(`offer-${offer.contractId}-tiers-rate-1`)).toHaveText('15 %');
  await card.getByTestId('offer-accept').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('offers-to-me-empty')).toBeVisible();
  // Accepted now, in force from the next weekly period.
  await expect(page.getByTestId('contract-next-state')).toHaveText('Active');
  await expect(page.getByTestId('contract-next-tiers-rate-1')).toHaveText('15 %');

  await test.step('an offer above the agent’s own rate is stopped before it is sent', async () => {
    await page.getByTestId('offer-to-demosub1').click();
    await page.getByTestId('offer-tiers-rate-0').fill('5');
    await page.getByTestId('offer-tiers-rate-1').fill('16');
    await page.getByTestId('agent-offer-submit').click();
    await expect(page.getByTestId('agent-offer-error')).toHaveText('Tier 2: the rate cannot be higher than your own 15 %');
  });

  await test.step('an offer within it goes out and can be withdrawn', async () => {
    await page.getByTestId('offer-tiers-rate-1').fill('12.5');
    await page.getByTestId('agent-offer-submit').click();
    await expect(page.getByTestId('agent-offer')).toBeHidden();
    await expect(page.getByTestId('downline-pending-demosub1')).toHaveText('Offer up to 12.5 %');
    // Team management shows each direct downline agent's contracts.
    await page.getByTestId('agent-nav-downlineManagmentView').click();
    await expect(page.getByTestId('downline-rates-demosub1')).toHaveText('Dividend offered');
    await expect(page.getByTestId('downline-rates-demosub2')).toHaveText('—');
    await page.goBack();
    await page.getByTestId('withdraw-demosub1').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('downline-pending-demosub1')).toHaveCount(0);
    await expect(page.getByTestId('offer-to-demosub1')).toBeVisible();
  });

  // The messages page keeps what arrived during the visit.
  await page.getByTestId('agent-nav-messages').click();
  await expect(page.getByTestId('agent-message').first()).toBeVisible();
});

test('the register centre creates a downline and an invitation link with its QR code; the team grows', async ({ page }) => {
  await signInAgent(page);
  const teamSize = Number(await page.getByTestId('overview-teamSize').locator('strong').textContent());

  await page.getByTestId('agent-nav-registerCenter').click();
  const account = freshUsername('d');
  await page.getByTestId('create-username').fill(account);
  await page.getByTestId('create-password').fill('secreto12');
  await page.getByTestId('create-confirm').fill('secreto13');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('create-confirm-error')).toBeVisible();
  await page.getByTestId('create-confirm').fill('secreto12');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Account ${account} created` })).toBeVisible();

  await test.step('an agent link with a starting contract, and its QR code at the spec sizes', async () => {
    await page.getByTestId('link-type-agent').click();
    await page.getByTestId('link-contracts-dividend').check();
    await page.getByTestId('link-contracts-dividend-tiers-base-0').fill('50000');
    await page.getByTestId('link-contracts-dividend-tiers-active-0').fill('5');
    await page.getByTestId('link-contracts-dividend-tiers-rate-0').fill('abc');
    await page.getByTestId('link-submit').click();
    await expect(page.getByTestId('link-error')).toContainText('tier 1');
    await page.getByTestId('link-contracts-dividend-tiers-rate-0').fill('5');
    await page.getByTestId('link-note').fill('Street team');
    await page.getByTestId('link-submit').click();
    const row = page.getByTestId('links-table').locator('tbody tr').first();
    await expect(row).toContainText('Street team');
    await expect(row).toContainText('Dividend 5 %');
    const code = (await row.getByTestId('link-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await row.getByTestId(`link-qr-${code}`).click();
    const image = page.getByTestId('invitation-qr-image');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(200);
    const download = await page.getByTestId('invitation-qr-download').getAttribute('href');
    const downloadWidth = await page.evaluate(async (src) => {
      const picture = new Image();
      picture.src = src!;
      await picture.decode();
      return picture.naturalWidth;
    }, download);
    expect(downloadWidth).toBe(800);
  });

  await page.goto(platform.url + '/agentHome');
  await expect(page.getByTestId('overview-teamSize').locator('strong')).toHaveText(String(teamSize + 1));
  await page.getByTestId('agent-nav-downlineManagmentView').click();
  await page.getByTestId('downline-search').fill(account);
  await page.getByTestId('downline-search-submit').click();
  await expect(page.getByTestId(`downline-row-${account}`)).toContainText('Player');
  await expect(page.getByTestId('downline-table').locator('tbody tr')).toHaveCount(1);
  // The search is in the address: a reload shows the same list.
  await page.reload();
  await expect(page.getByTestId(`downline-row-${account}`)).toBeVisible();
});

test('team management drills into a downline agent and back through the breadcrumb', async ({ page }) => {
  await signInAgent(page);
  await page.goto(platform.url + '/agentHome?page=downlineManagmentView');
  await page.getByTestId('downline-open-demosub1').click();
  await expect(page.getByTestId('downline-breadcrumb')).toContainText('demoagent');
  await expect(page.getByTestId('downline-breadcrumb')).toContainText('demosub1');
  await expect(page.getByTestId('downline-row-demosub1')).toHaveCount(0);
  // One level further down: demosub1's own downline.
  await expect(page.getByTestId('downline-table').locator('tbody tr').first().locator('td').nth(2)).toHaveText('2');
  await page.getByTestId('breadcrumb-demoagent').click();
  await expect(page.getByTestId('downline-row-demosub1')).toBeVisible();
});

test('team betting and user profit and loss show the team’s settled rounds, sorted and totalled', async ({ page }) => {
  const loser = await playerWithRounds([
    { gameType: 'RNG', bet: '10.00', win: '25.00' },
    { gameType: 'LIVE', bet: '40.00', win: '0.00' },
  ]);
  const winner = await playerWithRounds([{ gameType: 'RNG', bet: '20.00', win: '100.00' }]);
  await signInAgent(page);

  // The reports follow the settled bets as the team figures take them in.
  await expect(async () => {
    await page.goto(`${platform.url}/agentHome?page=personalHistoryCopy&account=${loser}`);
    await expect(page.getByTestId('bets-row')).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('bets-total-count')).toHaveText('2');
  await expect(page.getByTestId('bets-totals')).toContainText('$ 50.00');
  await expect(page.getByTestId('bets-totals')).toContainText('-$ 25.00');
  await page.getByTestId('bets-game-type').selectOption('LIVE');
  await expect(page.getByTestId('bets-row')).toHaveCount(1);
  await expect(page.getByTestId('bets-total-count')).toHaveText('1');

  await expect(async () => {
    await page.goto(`${platform.url}/agentHome?page=palStatementsAgentCopy`);
    await expect(page.getByTestId(`profit-row-${winner}`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const rows = page.getByTestId('profit-table').locator('tbody tr');
  await page.getByTestId('sort-profit').click();
  await expect(page).toHaveURL(/sortBy=profit&sortOrder=desc/);
  await expect(rows.first()).toHaveAttribute('data-testid', `profit-row-${winner}`);
  await expect(rows.first()).toContainText('$ 80.00');
  await page.getByTestId('sort-profit').click();
  await expect(page).toHaveURL(/sortOrder=asc/);
  await expect(rows.first()).toHaveAttribute('data-testid', `profit-row-${loser}`);
  await expect(rows.first()).toContainText('-$ 25.00');
  // The team's totals add up its rows: these two members (won 80, lost 25) and whoever else of the demo team played
  // today (the demo player's sportsbook history, say).
  const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
  const profits = await rows.evaluateAll((list) => list.map((row) => row.querySelectorAll('td')[4]?.textContent ?? ''));
  expect(profits.length).toBeGreaterThanOrEqual(2);
  const total = cents(await page.getByTestId('profit-totals').locator('td').nth(2).textContent());
  expect(total).toBe(profits.reduce((sum, text) => sum + cents(text), 0));
  expect(profits.map(cents)).toEqual(expect.arrayContaining([8_000, -2_500]));
});

test('the agent transfers to a downline with the payment password; the two balances move by the same amount', async ({ page }) => {
  const token = await signInAgent(page);
  const player = await playerWithRounds([]);
  const playerToken = (await memberApi<{ token: string }>('POST', '/wps/session/login', null, { username: player, password: 'secreto12', type: 'username' })).token;
  const status = await memberApi<{ isSet: boolean }>('GET', '/wps/member/payment-password', token);
  if (!status.isSet) await memberApi('PUT', '/wps/member/payment-password', token, { password: 'pago1234', confirmPassword: 'pago1234' });
  await memberApi('POST', '/wps/v2/wallets/deposit/demo', token, { amount: '100.00' });
  const balance = async (who: string) => (await memberApi<{ balance: string }>('GET', '/wps/v2/wallets/balance', who)).balance;
  const [agentBefore, playerBefore] = [await balance(token), await balance(playerToken)];

  await page.goto(`${platform.url}/agentHome?page=downlineManagmentView&account=${player}`);
  await page.getByTestId(`downline-transfer-${player}`).click();
  await page.getByTestId('agent-transfer-amount').fill('12.50');
  await page.getByTestId('agent-transfer-paypass').fill('wrong999');
  await page.getByTestId('agent-transfer-submit').click();
  await expect(page.getByTestId('agent-transfer-error')).toBeVisible();
  expect(await balance(playerToken)).toBe(playerBefore);

  await page.getByTestId('agent-transfer-paypass').fill('pago1234');
  await page.getByTestId('agent-transfer-submit').click();
  await expect(page.getByTestId('agent-transfer')).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: `transferred to ${player}` })).toBeVisible();
  // Balances are decimal strings with two decimals: compared in cents, exactly.
  const cents = (amount: string) => BigInt(amount.replace('.', ''));
  expect(cents(await balance(playerToken)) - cents(playerBefore)).toBe(1250n);
  expect(cents(agentBefore) - cents(await balance(token))).toBe(1250n);
});

test('on a 360 px phone the menu is a drawer and no page is wider than the screen', async ({ page }) => {
  await signInAgent(page, 360);
  await expect(page.getByTestId('agent-menu')).toBeHidden();
  for (const name of ['agentTeamOverview', 'downlineManagmentView', 'registerCenter', 'agentDividendRecordCopy2', 'palStatementsAgentCopy', 'personalHistoryCopy', 'agentRevenueReport']) {
    await page.getByTestId('agent-menu-toggle').click();
    await expect(page.getByTestId('agent-menu')).toBeVisible();
    await page.getByTestId(`agent-nav-${name}`).click();
    await expect(page.getByTestId('agent-menu')).toBeHidden();
    await expect(page.getByTestId('agent-home')).toHaveAttribute('data-page', name);
    await expect(page.locator('.panel-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

test('account details: the agent reads a downline’s account record by link, filters it, and its own, on a 360 px phone', async ({ page }) => {
  const player = await playerWithRounds([]);
  const playerToken = (await memberApi<{ token: string }>('POST', '/wps/session/login', null, { username: player, password: 'secreto12', type: 'username' })).token;
  const { id } = await memberApi<{ id: string }>('GET', '/wps/member/info', playerToken);
  await signInAgent(page, 360);

  await page.goto(`${platform.url}/agentHome?page=agentDownlineTransactionDetailsCopy&member=${id}`);
  await expect(page.getByTestId('details-whose')).toContainText(player);
  const rows = page.getByTestId('details-row');
  await expect(rows.first()).toHaveAttribute('data-type', 'demo_deposit');
  await expect(rows.first().getByTestId('details-amount')).toContainText('500.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // No bet yet: the bet filter empties the list; the member chosen in the picker stays.
  await page.getByTestId('details-type').selectOption('bet');
  await expect(page).toHaveURL(/type=bet/);
  await expect(page.getByTestId('details-empty')).toBeVisible();
  await expect(page.getByTestId('details-member')).toHaveValue(String(id));

  // Back to the agent's own record.
  await page.getByTestId('details-type').selectOption('');
  await page.getByTestId('details-member').selectOption('');
  await expect(page.getByTestId('details-whose')).toContainText('demoagent');
});
