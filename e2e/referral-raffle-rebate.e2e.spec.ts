import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { createEnvelope, rows } from '@wps/platform';
import type { BetSettled } from '@wps/contracts';
import { startEmbedded, type EmbeddedPlatform } from '../embedded/src/host.js';
import { freshUsername, hidePopupsToday } from './support';

/**
 * Invite friends, the manual rebate and a raffle on a phone and on a desktop, on a platform of the test's own: the
 * member's link with its QR code and copy button, a friend who registered through the link with its progress; today's
 * rebate by game type claimed once; a raffle joined from the promotions page with the member's tickets.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SCREENS = [
  { name: 'phone', viewport: { width: 360, height: 760 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;

test.describe('invite friends, manual rebate and raffle', () => {
  let platform: EmbeddedPlatform;

  const api = async <T>(method: string, url: string, options: { body?: unknown; token?: string; operator?: boolean; key?: string } = {}): Promise<T> => {
    const response = await fetch(`${platform.url}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'EN',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.operator ? { authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'e2e' } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
    expect(envelope.success, `${method} ${url}: ${envelope.message ?? ''}`).toBe(true);
    return envelope.value;
  };
  const register = (username: string, referralCode?: string) =>
    api<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true, ...(referralCode ? { referralCode } : {}) },
    });
  /** Opens a member-centre panel signed in with `token` (the page takes a session from the address). */
  const openPanel = async (page: Page, token: string, username: string, panel: string) => {
    await page.goto(`${platform.url}/member?panel=${panel}&token=${encodeURIComponent(token)}`);
    await expect(page.getByTestId('member-center')).toHaveAttribute('data-panel', panel);
    await expect(page.getByTestId('member-center').locator('.member-nav-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
  };
  const publish = (...bets: BetSettled[]) => platform.bus.publish(bets.map((bet) => ({ topic: 'bets.v1', key: bet.betId, value: createEnvelope('bet.settled', bet.betId, bet, 'e2e') })));
  const bet = (memberId: string, validBetMinor: string, gameType = 'RNG'): BetSettled => ({
    betId: `e2e-${randomUUID()}`,
    vendor: 'DEMOVENDOR',
    roundId: `r-${randomUUID()}`,
    gameType,
    gameCode: null,
    memberId,
    merchantCode: 'DEMO',
    account: null,
    agentPath: null,
    currency: 'MXN',
    betAmountMinor: validBetMinor,
    validBetMinor,
    winAmountMinor: '0',
    adjustAmountMinor: '0',
    state: 'settled',
    revision: 0,
    settledAt: new Date().toISOString(),
  });
  /** Nothing inside `testId` reaches past the screen's right edge, and it does not scroll sideways. */
  const fitsScreen = async (page: Page, testId: string, width: number) => {
    const root = page.getByTestId(testId);
    const right = await root.evaluate((element) => Math.max(element.getBoundingClientRect().right, ...[...element.querySelectorAll('*')].map((child) => child.getBoundingClientRect().right)));
    expect(right, `${testId} is wider than the screen`).toBeLessThanOrEqual(width + 0.5);
    expect(await root.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  };

  test.beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', webDist: process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(ROOT, 'web', 'dist') });
  });
  test.afterAll(async () => {
    await platform?.close();
  });

  for (const screen of SCREENS) {
    test(`${screen.name}: the invite link with its QR code and friends, a rebate claimed, a raffle joined`, async ({ page, context }) => {
      test.skip(!platform.operatorToken, 'the operator API is off');
      await page.setViewportSize(screen.viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
      await hidePopupsToday(page);
      await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
      const username = freshUsername('rf');
      const member = await register(username);

      await test.step('the referral panel shows the link, its QR code and a copy button; a friend who registers through it shows masked', async () => {
        const link = await api<{ code: string; url: string }>('GET', '/wps/relay/MCS2_getReferralLink', { token: member.token });
        // The friend registers through the link's address, as a player would.
        const friendName = freshUsername('fr');
        const friendPage = await context.newPage();
        await friendPage.goto(`${platform.url}/register?referralCode=${link.code}`);
        await expect(friendPage.getByTestId('register-referral')).toContainText(link.code);
        await friendPage.getByTestId('register-username').fill(friendName);
        await friendPage.getByTestId('register-password').fill('secreto12');
        await friendPage.getByTestId('register-confirm').fill('secreto12');
        await friendPage.getByTestId('register-terms').check();
        await friendPage.getByTestId('register-submit').click();
        await expect(friendPage.getByTestId('member-account').filter({ visible: true }).first()).toHaveText(new RegExp(`^${friendName}$`, 'i'));
        await friendPage.close();

        await openPanel(page, member.token, username, 'referral');
        const panel = page.getByTestId('panel-referral');
        await expect(panel.getByTestId('referral-url')).toHaveValue(link.url);
        await expect(panel.getByTestId('referral-code')).toHaveText(link.code);
        await expect(panel.getByTestId('referral-qr')).toBeVisible();
        await expect(panel.getByTestId('referral-qr')).toHaveAttribute('data-text', link.url);
        await expect(panel.getByTestId('referral-offer')).toContainText('for each friend who registers with your link');
        await panel.getByTestId('referral-copy').click();
        await expect(page.getByTestId('toast').last()).toContainText(/Copied successfully|register\?referralCode=/);
        const friend = panel.getByTestId('referral-friend');
        await expect(friend).toHaveCount(1);
        await expect(friend.getByTestId('referral-friend-name')).toHaveText(`${friendName.slice(0, 2)}***${friendName.at(-1)}`);
        await expect(friend).toHaveAttribute('data-status', 'pending');
        await expect(friend.getByTestId('referral-friend-deposit')).toHaveAttribute('data-met', 'false');
        await expect(panel.getByTestId('referral-total-invited')).toHaveText('1');
        await fitsScreen(page, 'panel-referral', screen.viewport.width);
      });

      await test.step('the manual rebate shows today’s valid bet by game type and is claimed once', async () => {
        await api('PUT', `/operator/v1/merchants/DEMO/vip/members/${member.user.id}`, { operator: true, body: { level: 2 } });
        await publish(bet(member.user.id, '200000'), bet(member.user.id, '100000', 'LIVE'));
        await expect.poll(async () => (await api<{ claimableMinor: string }>('GET', '/wps/relay/MCS2_getManualRebate', { token: member.token })).claimableMinor).toBe('900');
        await page.goto(`${platform.url}/member?panel=manualRebate`);
        const panel = page.getByTestId('panel-manualRebate');
        await expect(panel.getByTestId('rebate-claimable')).toHaveText('9.00 MXN');
        await expect(panel.getByTestId('rebate-line')).toHaveCount(2);
        await expect(panel.getByTestId('rebate-line').filter({ hasText: 'Slots' })).toContainText('2,000.00 MXN');
        await expect(panel.getByTestId('rebate-line').filter({ hasText: 'Live casino' })).toContainText('3.00 MXN');
        await expect(panel.getByTestId('rebate-rate')).toContainText('VIP2 rate 0.30%');
        await fitsScreen(page, 'panel-manualRebate', screen.viewport.width);
        await panel.getByTestId('rebate-claim').click();
        await expect(page.getByTestId('toast').last()).toContainText('9.00 MXN rebate added to your balance');
        await expect(panel.getByTestId('rebate-claimable')).toHaveText('0.00 MXN');
        await expect(panel.getByTestId('rebate-claim')).toBeDisabled();
        await expect(panel.getByTestId('rebate-claimed')).toHaveText('9.00 MXN');
        await expect(panel.getByTestId('rebate-claim-line')).toHaveCount(1);
        await fitsScreen(page, 'panel-manualRebate', screen.viewport.width);
      });

      await test.step('a raffle is joined from the promotions page, with the member’s tickets and the published hash', async () => {
        const [raffle] = await rows<{ id: string }>(
          platform.db.orm,
          sql`INSERT INTO points.promotions (merchant_code, kind, category, titles, terms, currency, starts_at, ends_at, created_by, updated_by, sort)
              VALUES ('DEMO', 'raffle', 'other', ${JSON.stringify({ ES: `Sorteo ${screen.name}`, EN: `Raffle ${screen.name}` })}::jsonb,
                      ${JSON.stringify({
                        ticketPerMinor: '50000',
                        drawAt: new Date(Date.now() + 86_400_000).toISOString(),
                        prizes: [
                          { rank: 1, amountMinor: '100000' },
                          { rank: 2, amountMinor: '50000' },
                        ],
                        multiple: 0,
                      })}::jsonb,
                      'MXN', now() - interval '1 minute', now() + interval '1 day', 'e2e', 'e2e', -100)
              RETURNING id::text AS id`,
        );
        const promotionId = raffle!.id;
        await publish(bet(member.user.id, '120000'));
        await expect
          .poll(async () => (await api<{ me: { tickets: string } | null }>('GET', `/wps/relay/MCS2_getRafflePromotion?promotionId=${promotionId}`, { token: member.token })).me?.tickets)
          .toBe('2');
        await page.goto(`${platform.url}/promotions`);
        await page.getByTestId(`promo-open-${promotionId}`).click();
        const panel = page.getByTestId('raffle-panel');
        await expect(panel).toHaveAttribute('data-status', 'open');
        await expect(panel.getByTestId('raffle-prize')).toHaveCount(2);
        await expect(panel.getByTestId('raffle-my-tickets')).toHaveText('You have 2 tickets');
        // The demo brand's own members join every open raffle of the brand, a little after the platform starts, and may
        // do so while this step runs: the member makes one more than before, and the panel shows the count it joined at.
        const entrants = async () => await api<{ entrants: number; me: { joined: boolean } | null }>('GET', `/wps/relay/MCS2_getRafflePromotion?promotionId=${promotionId}`, { token: member.token });
        const before = (await entrants()).entrants;
        await panel.getByTestId('raffle-join').click();
        await expect(page.getByTestId('toast').last()).toContainText('You are in the raffle');
        await expect(panel.getByTestId('raffle-joined')).toBeVisible();
        await expect(panel.getByTestId('raffle-entrants')).toHaveText(/^(1 player|\d+ players) in$/);
        const shown = Number((await panel.getByTestId('raffle-entrants').textContent())!.match(/\d+/)![0]);
        const after = await entrants();
        expect(after.me?.joined).toBe(true);
        expect(shown).toBeGreaterThanOrEqual(before + 1);
        expect(shown).toBeLessThanOrEqual(after.entrants);
        await panel.getByTestId('raffle-proof-toggle').click();
        await expect(panel.getByTestId('raffle-hash')).toHaveText(/^[0-9a-f]{64}$/);
        await expect(panel.getByTestId('raffle-seed')).toHaveText('Revealed after the draw');
        await fitsScreen(page, 'raffle-panel', screen.viewport.width);
      });
    });
  }
});
