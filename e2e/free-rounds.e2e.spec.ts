import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * Free rounds on a phone and on a desktop: a member claims a `free_rounds` promotion on /promotions, follows "Play"
 * to the slot, plays every spin from the free-rounds panel (which counts down while the balance stays put), sees what
 * they won, and then finds it where the promotion's terms put it: a wagered bonus in "My bonuses", or cash in the
 * balance when the promotion asks for no wagering.
 */

/** Set by `npm run test:e2e` for the platform and the suite alike. */
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN;
const ROUNDS = 5;
const SLOT = 'house-slot-fruits';
const CASES = [
  { name: 'phone', viewport: { width: 360, height: 740 }, multiple: 2 },
  { name: 'desktop', viewport: { width: 1280, height: 860 }, multiple: 0 },
] as const;

/** "$ 1,234.50" → 1234.5 */
const amount = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function operator<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: { Authorization: `Operator ${OPERATOR_TOKEN}`, 'X-Operator': 'e2e.ops' }, data });
  const body = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(body.success, `${method} ${url}: ${body.message ?? ''}`).toBe(true);
  return body.value;
}

/** Nothing reaches past the screen's right edge. */
const noWiderThan = async (page: Page, width: number) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(width);
};

test.describe('free rounds', () => {
  for (const screen of CASES) {
    const cash = screen.multiple === 0;
    test(`${screen.name}: claimed on /promotions, played on the slot, the win given ${cash ? 'as cash' : 'as a wagered bonus'}`, async ({ page, request }) => {
      test.skip(!OPERATOR_TOKEN, 'OPERATOR_TOKEN is not set for the suite');
      test.slow();
      await page.setViewportSize(screen.viewport);
      await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
      const title = `E2E free rounds ${screen.name} ${Date.now().toString(36)}`;
      const { promotionId } = await operator<{ promotionId: string }>(request, 'POST', '/operator/v1/merchants/DEMO/promotions', {
        kind: 'free_rounds',
        category: 'casino',
        currency: 'MXN',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        sort: -100,
        titles: { ES: `Rondas gratis e2e ${screen.name}`, EN: title },
        summaries: { ES: 'Rondas de prueba', EN: 'Test rounds' },
        terms: { game: SLOT, rounds: ROUNDS, stakeMinor: '100', playDays: 3, multiple: screen.multiple, base: 'bonus', days: 7 },
      });

      await test.step("a guest sees the demo brand's free rounds with their terms", async () => {
        await page.goto('/promotions');
        const demo = page.getByTestId('promotions-list').locator('li[data-kind="free_rounds"]', { hasText: '20 free spins on Fruit Party' });
        await expect(demo).toBeVisible();
        await expect(demo.locator('.promo-kind')).toHaveText('Free rounds');
        await expect(demo.locator('[data-testid^="promo-figure-"]')).toHaveText('20 free rounds · Fruit Party');
        await noWiderThan(page, screen.viewport.width);
      });

      await registerInClient(page, freshUsername('fr'));
      await page.goto('/promotions');
      const card = page.getByTestId(`promo-card-${promotionId}`);

      await test.step('the card and the detail say what the free rounds are', async () => {
        await expect(card.getByTestId(`promo-figure-${promotionId}`)).toHaveText(`${ROUNDS} free rounds · Fruit Party`);
        await page.getByTestId(`promo-details-${promotionId}`).click();
        await expect(page.getByTestId('promo-detail-terms')).toContainText(
          cash
            ? `${ROUNDS} free rounds on Fruit Party at 1.00 MXN each, winnings paid as cash, play within 3 days`
            : `${ROUNDS} free rounds on Fruit Party at 1.00 MXN each, winnings wagered 2×, play within 3 days`,
        );
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('promo-detail')).toHaveCount(0);
      });

      await test.step('a claim makes the card claimed, with a way to play', async () => {
        await page.getByTestId(`promo-action-${promotionId}`).click();
        await expect(card.getByTestId(`promo-state-${promotionId}`)).toHaveText('Claimed');
        await page.getByTestId(`promo-details-${promotionId}`).click();
        await expect(page.getByTestId('promo-detail-state')).toContainText('Your free rounds on Fruit Party are ready: play them by');
        await expect(page.getByTestId('promo-detail').getByTestId(`promo-play-${promotionId}`)).toHaveText('Play');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('promo-detail')).toHaveCount(0);
        await noWiderThan(page, screen.viewport.width);
        await card.getByTestId(`promo-play-${promotionId}`).click();
        await expect(page).toHaveURL(new RegExp(`/house/${SLOT}$`));
      });

      const balance = page.getByTestId('house-balance');
      const grant = page.getByTestId('free-rounds-grant').filter({ hasText: title });
      await expect(balance).toContainText(/\d\.\d\d/);
      const before = amount(await balance.textContent());
      let won = '0.00';

      await test.step('the slot shows the free rounds; each spin plays on the reels and counts down, and moves no money', async () => {
        await expect(grant.getByTestId('free-rounds-title')).toHaveText(title);
        await expect(grant.getByTestId('free-rounds-left')).toHaveText(`${ROUNDS} of ${ROUNDS}`);
        await expect(grant.getByTestId('free-rounds-stake')).toHaveText('1.00 MXN');
        await expect(grant.getByTestId('free-rounds-win')).toHaveText('0.00 MXN');
        await expect(grant.getByTestId('free-rounds-expires')).not.toBeEmpty();
        await noWiderThan(page, screen.viewport.width);
        for (let played = 1; played < ROUNDS; played++) {
          await grant.getByTestId('free-rounds-play').click();
          await expect(grant.getByTestId('free-rounds-left')).toHaveText(`${ROUNDS - played} of ${ROUNDS}`);
          await expect(page.getByTestId('house-outcome')).toHaveAttribute('data-free', 'true');
          await expect(page.getByTestId('house-outcome')).toHaveText(/^Free round: (you won \d+\.\d\d|no win this time)$/);
          await expect(grant.getByTestId('free-rounds-play')).toBeEnabled();
        }
        // The history lists the free rounds like paid ones; the balance has not moved.
        await expect(page.getByTestId('house-history').locator('tbody tr')).toHaveCount(ROUNDS - 1);
        expect(amount(await balance.textContent())).toBe(before);
      });

      await test.step('the last spin ends the grant with what it won', async () => {
        await grant.getByTestId('free-rounds-play').click();
        const ended = page.getByTestId('free-rounds-ended');
        await expect(ended).toBeVisible();
        await expect(grant).toHaveCount(0);
        await expect(ended).toHaveAttribute('data-state', 'finished');
        won = (await ended.getAttribute('data-win')) ?? '0.00';
        expect(won).toMatch(/^\d+\.\d\d$/);
        await expect(ended.getByTestId('free-rounds-done')).toHaveText(
          Number(won) > 0 ? `All free rounds played: ${won} MXN won, ${cash ? 'paid to your balance' : 'given as bonus'}` : 'All free rounds played: no win this time',
        );
        await expect(page.getByTestId('house-history').locator('tbody tr')).toHaveCount(ROUNDS);
        await noWiderThan(page, screen.viewport.width);
      });

      if (Number(won) > 0) {
        if (cash) {
          await test.step('with no wagering the win is paid into the balance', async () => {
            await expect(page.getByTestId('free-rounds-bonuses')).toHaveCount(0);
            await expect.poll(async () => amount(await balance.textContent()), { timeout: 30_000 }).toBeCloseTo(before + Number(won), 2);
          });
        } else {
          await test.step('the win is a bonus in "My bonuses", with its wagering', async () => {
            await page.getByTestId('free-rounds-bonuses').click();
            await expect(page).toHaveURL(/panel=bonusDetails/);
            const item = page.getByTestId('bonus-money-item').filter({ hasText: title });
            await expect(item).toHaveAttribute('data-state', 'wagering', { timeout: 30_000 });
            await expect(item.getByTestId('bonus-wagered')).toContainText(`0.00 / ${(Number(won) * 2).toFixed(2)}`);
            await expect(page.getByTestId('bonus-balance')).toContainText(won);
          });
        }
        await test.step('the promotion is issued, and says what the free rounds won', async () => {
          await page.goto('/promotions');
          await expect(card.getByTestId(`promo-state-${promotionId}`)).toHaveText('Issued', { timeout: 30_000 });
          await expect(card.getByTestId(`promo-play-${promotionId}`)).toHaveCount(0);
          await page.getByTestId(`promo-details-${promotionId}`).click();
          await expect(page.getByTestId('promo-detail-state')).toContainText(
            cash ? `Your free rounds won ${won} MXN: it was paid to your balance.` : `Your free rounds won ${won} MXN: it was given to your bonus balance.`,
          );
        });
      } else {
        await test.step('spins that won nothing end the promotion with no bonus', async () => {
          await expect(page.getByTestId('free-rounds-bonuses')).toHaveCount(0);
          expect(amount(await balance.textContent())).toBe(before);
          await page.goto('/promotions');
          await page.getByTestId(`promo-details-${promotionId}`).click();
          await expect(page.getByTestId('promo-detail-state')).toContainText('Your free rounds are over: no win this time.', { timeout: 30_000 });
          await expect(page.getByTestId(`promo-play-${promotionId}`)).toHaveCount(0);
        });
      }
    });
  }
});
