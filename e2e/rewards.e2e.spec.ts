import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { Outbox } from '@wps/platform';
import { startEmbedded, type EmbeddedPlatform } from '../embedded/src/host.js';
import { grantRewards, pushRewardCounts } from '../services/points/src/features/rewards/grants.js';

/**
 * Red envelopes and the reward centre (flag REWCEN3) on a phone and on a desktop, on a platform of the test's own: a
 * window the operator opens appears live as the floating envelope, which opens with its amount; rewards granted by
 * other parts of loyalty raise the badge live and are claimed one by one and all at once; bonusDetails lists what was
 * received and filters it by date.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SCREENS = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

test.describe('red envelopes and the reward centre', () => {
  let platform: EmbeddedPlatform;
  const outbox = new Outbox('points', 'points');

  const operator = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${platform.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Operator ${platform.operatorToken}`, 'x-operator': 'e2e' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
    expect(envelope.success, `${method} ${url}: ${envelope.message ?? ''}`).toBe(true);
    return envelope.value;
  };
  const cancelOpenWindows = async () => {
    const { list } = await operator<{ list: Array<{ windowId: string; status: string }> }>('GET', '/operator/v1/merchants/DEMO/envelope-windows');
    for (const window of list) if (window.status === 'open' || window.status === 'scheduled') await operator('POST', `/operator/v1/merchants/DEMO/envelope-windows/${window.windowId}/cancel`);
  };
  /** A new member, signed in through the page with the token the registration answered. */
  const signUp = async (page: Page): Promise<string> => {
    const username = `rw${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const response = await fetch(`${platform.url}/wps/member/register`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'accept-language': 'EN' },
      body: JSON.stringify({ username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true }),
    });
    const registered = ((await response.json()) as { value: { token: string; user: { id: string } } }).value;
    await page.goto(`${platform.url}/?token=${encodeURIComponent(registered.token)}`);
    await expect(page.getByTestId('member-account')).toHaveText(new RegExp(`^${username}$`, 'i'));
    return registered.user.id;
  };
  /** What another part of loyalty does when a member earns a reward: grants it and pushes the count. */
  const grant = (memberId: string, screen: string) =>
    platform.db.transaction(async (tx) =>
      pushRewardCounts(
        { outbox },
        tx,
        await grantRewards(tx, [
          { merchantCode: 'DEMO', memberId, source: 'vip_monthly', sourceRef: `e2e:${screen}:cash`, title: 'Monthly VIP bonus', kind: 'cash', currency: 'MXN', amountMinor: 2_500n },
          { merchantCode: 'DEMO', memberId, source: 'mission', sourceRef: `e2e:${screen}:points`, title: 'Weekly mission: 5 days in a row', kind: 'points', currency: 'MXN', points: 300n },
        ]),
      ),
    );
  const badgeCount = async (page: Page): Promise<number> => {
    const badge = page.getByTestId('reward-badge').filter({ visible: true }).first();
    return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
  };

  test.beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', webDist: process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(ROOT, 'web', 'dist') });
    await platform.db.orm.execute(sql`
      UPDATE identity.merchants
      SET settings = jsonb_set(settings, '{whitelabel}', coalesce(settings->'whitelabel', '{}'::jsonb) || '{"REWCEN3": true}'::jsonb)
      WHERE code = 'DEMO'`);
    // The brand directory keeps brands for five seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
  });
  test.afterAll(async () => {
    await platform?.close();
  });

  for (const screen of SCREENS) {
    test(`${screen.name}: the envelope opens live, rewards are claimed, and bonusDetails shows them`, async ({ page }) => {
      test.skip(!platform.operatorToken, 'the operator API is off');
      await page.setViewportSize(screen.viewport);
      await page.addInitScript(() => {
        window.localStorage.setItem('language', 'EN');
        const today = new Date();
        const pad = (value: number) => String(value).padStart(2, '0');
        window.localStorage.setItem('POPUP_HIDDEN_ON', `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`);
      });
      await cancelOpenWindows();
      const memberId = await signUp(page);

      await test.step('a window the operator opens appears at once as the floating envelope, which opens with the amount', async () => {
        await expect(page.getByTestId('red-envelope-button')).toHaveCount(0);
        const window = await operator<{ windowId: string; hash: string }>('POST', '/operator/v1/merchants/DEMO/envelope-windows', {
          title: `Evening envelope ${screen.name}`,
          startsAt: new Date(Date.now() - 1_000).toISOString(),
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          currency: 'MXN',
          poolMinor: '3000',
          count: 3,
          minMinor: '500',
          maxMinor: '1500',
        });
        const button = page.getByTestId('red-envelope-button');
        await expect(button).toBeVisible();
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(screen.viewport.width);
        await button.click();
        const modal = page.getByTestId('red-envelope-modal');
        await expect(modal).toContainText(`Evening envelope ${screen.name}`);
        await expect(modal.getByTestId('red-envelope-remaining')).toHaveText('3 envelopes left');
        await modal.getByTestId('red-envelope-claim').click();
        await expect(modal.getByTestId('red-envelope-amount')).toHaveText(/^\d{1,2}\.\d{2} MXN$/);
        const amount = (await modal.getByTestId('red-envelope-amount').textContent())!;
        const cents = Number(amount.replace(/[^\d]/g, ''));
        expect(cents).toBeGreaterThanOrEqual(500);
        expect(cents).toBeLessThanOrEqual(1500);
        await modal.getByTestId('red-envelope-done').click();
        await expect(modal).toHaveCount(0);
        // Claimed: the envelope is gone for this member.
        await expect(button).toHaveCount(0);
        await operator('POST', `/operator/v1/merchants/DEMO/envelope-windows/${window.windowId}/cancel`);
      });

      await test.step('rewards granted by another part raise the badge live', async () => {
        // On a phone the side menu is a drawer: the badge shows once it is open.
        if (screen.name === 'phone') await page.getByTestId('side-menu-toggle').click();
        await expect(page.getByTestId('side-menu-reward')).toBeVisible();
        const before = await badgeCount(page);
        await grant(memberId, screen.name);
        await expect.poll(() => badgeCount(page)).toBeGreaterThanOrEqual(before + 2);
      });

      await test.step('the reward centre lists them as cards; one is claimed, then all', async () => {
        await page.getByTestId('side-menu-reward').click();
        const panel = page.getByTestId('panel-rewardCenter');
        await expect(panel).toBeVisible();
        const cards = panel.getByTestId('reward-card');
        await expect(cards.filter({ hasText: 'Monthly VIP bonus' })).toContainText('25.00 MXN');
        await expect(cards.filter({ hasText: 'Weekly mission: 5 days in a row' })).toContainText('300 points');
        const total = await cards.count();
        await expect(page.getByTestId('member-nav-rewardCenter').getByTestId('reward-badge')).toHaveText(String(total));
        await expect(page.getByTestId('rewards-count')).toHaveAttribute('data-count', String(total));

        await cards.filter({ hasText: 'Monthly VIP bonus' }).getByTestId('reward-claim').click();
        await expect(page.getByTestId('toast').last()).toContainText('You received 25.00 MXN');
        await expect(cards).toHaveCount(total - 1);
        const navBadge = page.getByTestId('member-nav-rewardCenter').getByTestId('reward-badge');
        if (total > 1) await expect(navBadge).toHaveText(String(total - 1));
        else await expect(navBadge).toHaveCount(0);
        await expect(panel.getByTestId('reward-recent').filter({ hasText: 'Monthly VIP bonus' })).toHaveAttribute('data-status', 'claimed');

        await page.getByTestId('rewards-claim-all').click();
        await expect(page.getByTestId('toast').last()).toContainText(/rewards? claimed/);
        await expect(cards).toHaveCount(0);
        await expect(page.getByTestId('rewards-empty')).toBeVisible();
        await expect(page.getByTestId('reward-badge')).toHaveCount(0);
        await expect(panel.getByTestId('reward-recent').filter({ hasText: 'Weekly mission: 5 days in a row' })).toHaveAttribute('data-status', 'claimed');
        expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      });

      await test.step('bonusDetails lists what was received, envelope included, and filters by date', async () => {
        await page.goto(`${platform.url}/member?panel=bonusDetails`);
        const panel = page.getByTestId('panel-bonusDetails');
        const lines = panel.getByTestId('bonus-line');
        await expect(lines.filter({ hasText: 'Monthly VIP bonus' })).toContainText('+25.00 MXN');
        await expect(lines.filter({ hasText: 'Weekly mission: 5 days in a row' })).toContainText('+300 points');
        await expect(lines.filter({ hasText: `Evening envelope ${screen.name}` })).toHaveAttribute('data-source', 'envelope');
        await panel.getByTestId('bonus-from').fill('2020-01-01');
        await panel.getByTestId('bonus-to').fill('2020-01-31');
        await panel.getByTestId('bonus-search').click();
        await expect(lines).toHaveCount(0);
        await expect(panel.getByTestId('bonus-empty')).toBeVisible();
        const today = new Date().toISOString().slice(0, 10);
        await panel.getByTestId('bonus-to').fill(today);
        await panel.getByTestId('bonus-search').click();
        await expect(lines.filter({ hasText: 'Monthly VIP bonus' })).toBeVisible();
        expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      });
    });
  }
});
