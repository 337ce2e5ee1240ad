import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * Teen Patti on the real client and the real API: two members in two browser contexts open the game from the PVP
 * lobby (or its page), sit at one table, see only their own cards, act in turn until a show, and see the result with
 * the rake; across the hand their balances change by minus the rake. The table keeps the platform's own clocks.
 */
const TABLE = 'tp-1';

async function balance(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/wps/v2/wallets/balance', { headers: { authorization: `Bearer ${token}` } });
  return Number(((await response.json()) as { value: { balance: string } }).value.balance);
}

async function fund(request: APIRequestContext, token: string): Promise<void> {
  const deposit = await request.post('/wps/v2/wallets/deposit/demo', { headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() }, data: { amount: '50.00' } });
  expect(deposit.ok()).toBe(true);
}

const table = (page: Page) => page.getByTestId('pvp-table');

test.describe('house Teen Patti (EN)', () => {
  test('two members sit, act in turn to a show and see the winner, the pot and the rake', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const aliceContext = await browser.newContext();
    const bobContext = await browser.newContext();
    for (const context of [aliceContext, bobContext]) await context.addInitScript(() => window.localStorage.setItem('language', 'EN'));
    const alice = await aliceContext.newPage();
    const bob = await bobContext.newPage();
    const aliceToken = await registerInClient(alice, freshUsername('tpa'));
    const bobToken = await registerInClient(bob, freshUsername('tpb'));
    await fund(request, aliceToken);
    await fund(request, bobToken);

    await test.step('alice opens Teen Patti from the PVP lobby; bob opens its page', async () => {
      await alice.goto('/');
      await alice.getByTestId('lobby-cat-PVP').click();
      await expect(alice.getByTestId('category-view-PVP')).toHaveAttribute('data-loading', 'false');
      const card = alice.getByTestId('game-card').filter({ hasText: 'Teen Patti' }).first();
      await card.locator('[data-testid^="game-launch-"]').click();
      await expect(alice).toHaveURL(/\/house\/house-teen-patti$/);
      await expect(alice.getByTestId('pvp-rooms')).toBeVisible();
      await alice.getByTestId(`pvp-room-${TABLE}`).click();
      await bob.goto(`/house/house-teen-patti?room=${TABLE}`);
    });

    await test.step('both sit; the hand starts with the boot paid', async () => {
      await alice.getByTestId('pvp-sit-1').click();
      await expect(table(alice)).toHaveAttribute('data-my-seat', '1');
      await bob.getByTestId('pvp-sit-3').click();
      await expect(table(bob)).toHaveAttribute('data-my-seat', '3');
      await expect(table(alice)).toHaveAttribute('data-hand-status', 'playing', { timeout: 30_000 });
      await expect(table(bob)).toHaveAttribute('data-hand-status', 'playing', { timeout: 10_000 });
      await expect.poll(() => balance(request, aliceToken)).toBe(49);
      await expect.poll(() => balance(request, bobToken)).toBe(49);
    });

    await expect.poll(async () => `${await table(alice).getAttribute('data-my-turn')}/${await table(bob).getAttribute('data-my-turn')}`).toMatch(/^(true\/false|false\/true)$/);
    const aliceFirst = (await table(alice).getAttribute('data-my-turn')) === 'true';
    const [first, second] = aliceFirst ? [alice, bob] : [bob, alice];

    await test.step('cards: face down until seen, and nobody sees the other player’s', async () => {
      await expect(first.getByTestId('pvp-my-cards').locator('.tp-card.is-back')).toHaveCount(3);
      await first.getByTestId('pvp-see').click();
      await expect(first.getByTestId('pvp-my-cards').locator('[data-card]')).toHaveCount(3);
      const otherSeat = aliceFirst ? 3 : 1;
      await expect(first.getByTestId(`pvp-seat-${otherSeat}`).locator('[data-card]')).toHaveCount(0);
      await expect(first.getByTestId(`pvp-seat-${otherSeat}`).locator('.tp-card.is-back')).toHaveCount(3);
    });

    await test.step('only the player to act has the buttons; a chaal then a show end the hand', async () => {
      await expect(second.getByTestId('pvp-act-chaal')).toBeDisabled();
      await expect(first.getByTestId('pvp-turn-bar')).toBeVisible();
      await first.getByTestId('pvp-act-chaal').click();
      await expect(table(second)).toHaveAttribute('data-my-turn', 'true');
      await expect(first.getByTestId('pvp-act-chaal')).toBeDisabled();
      await second.getByTestId('pvp-act-show').click();
      for (const page of [alice, bob]) {
        await expect(table(page)).toHaveAttribute('data-hand-status', 'settled', { timeout: 15_000 });
        // pot 1 + 1 + 1 + 1 = 4.00, rake 5 % = 0.20, the winner gets 3.80.
        await expect(page.getByTestId('pvp-result')).toContainText('3.80');
        await expect(page.getByTestId('pvp-result')).toContainText('0.20');
      }
    });

    await test.step('the balances changed by minus the rake in total; the hand is in the history', async () => {
      const winnerSeat = Number(await alice.getByTestId('pvp-result').getAttribute('data-winner'));
      expect([1, 3]).toContain(winnerSeat);
      const [aliceNow, bobNow] = [await balance(request, aliceToken), await balance(request, bobToken)];
      expect((aliceNow - 50 + (bobNow - 50)).toFixed(2)).toBe('-0.20');
      expect(winnerSeat === 1 ? aliceNow : bobNow).toBeCloseTo(48 + 3.8, 2);
      // Both stand before the next hand's countdown ends; the finished hand stays on the table.
      await alice.getByTestId('pvp-stand').click();
      await bob.getByTestId('pvp-stand').click();
      await expect(table(alice)).toHaveAttribute('data-my-seat', '');
      await expect(table(bob)).toHaveAttribute('data-my-seat', '');
      // Both were shown at the show: each sees the other's cards now.
      await expect(alice.getByTestId('pvp-seat-3').locator('[data-card]')).toHaveCount(3);
      await expect(bob.getByTestId('pvp-seat-1').locator('[data-card]')).toHaveCount(3);
      const handId = await table(alice).getAttribute('data-hand');
      await expect(alice.locator(`[data-testid="pvp-history-row"][data-hand="${handId}"]`)).toContainText('0.20');
      // The revealed seed recomputes the deal in the browser: it matches the hash and every card shown.
      await bob.getByTestId('pvp-verify-run').click();
      await expect(bob.getByTestId('pvp-verify-result')).toHaveAttribute('data-ok', 'true');

      // The history links the finished hand to the verify page, which fetches its public proof and checks it there.
      const link = bob.locator(`[data-testid="pvp-history-row"][data-hand="${handId}"]`).getByTestId('pvp-history-verify');
      const handNo = handId!.split('.').pop()!;
      await expect(link).toHaveAttribute('href', `/house/verify?pvpTable=${TABLE}&hand=${handNo}`);
      await link.click();
      await expect(bob).toHaveURL(new RegExp(`/house/verify\\?pvpTable=${TABLE}&hand=${handNo}$`));
      await expect(bob.getByTestId('verify-kind-cards')).toHaveAttribute('aria-selected', 'true');
      await expect(bob.getByTestId('verify-pvp-result')).toHaveAttribute('data-passed', 'true', { timeout: 15_000 });
      await expect(bob.getByTestId('verify-pvp-verdict')).toHaveText(`Hand #${handNo} verified: every check passed`);
      for (const check of ['hash', 'deal', 'winner', 'pot']) await expect(bob.getByTestId(`verify-pvp-check-${check}`)).toHaveAttribute('data-state', 'pass');
      for (const seat of [1, 3]) await expect(bob.getByTestId(`verify-pvp-seat-${seat}`)).toHaveAttribute('data-matches', 'true');
      await expect(bob.getByTestId(`verify-pvp-seat-${winnerSeat}`)).toContainText('Winner');
      await expect(bob.getByTestId('verify-pvp-recomputed')).toHaveText(`Seat ${winnerSeat} wins`);
    });

    await aliceContext.close();
    await bobContext.close();
  });
});
