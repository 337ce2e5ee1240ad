import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * FISH on the real client and the real API: a member opens Ocean Hunter from the FISH lobby (/fish), fires by the
 * accessible kind list and by the keyboard in the sea, sees the balance follow the settled shots, then rotates the
 * seed and recomputes the last shot in the browser on /house/verify.
 */
interface Round {
  roundId: string;
  amount: string;
  win: string;
  nonce: number;
  result: { kind: string; roll: string; caught: boolean };
}

const money = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function rounds(request: APIRequestContext, token: string): Promise<Round[]> {
  const answer = await request.get('/wps/house/rounds?game=house-fish&pageNo=1&pageSize=50', { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { value: { content: Round[] } }).value.content;
}

async function walletBalance(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/wps/v2/wallets/balance', { headers: { authorization: `Bearer ${token}` } });
  return Number(((await answer.json()) as { value: { balance: string } }).value.balance);
}

test('opens Ocean Hunter from /fish, fires until shots settle, and verifies a catch decision on /house/verify', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  const token = await registerInClient(page, freshUsername('f'));
  const funded = await request.post('/wps/v2/wallets/deposit/demo', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), 'accept-language': 'EN' },
    data: { amount: '100.00' },
  });
  expect(funded.ok()).toBe(true);

  await test.step('the FISH lobby lists the game and launches it', async () => {
    await page.goto('/fish');
    await expect(page.getByTestId('category-view-FISH')).toHaveAttribute('data-loading', 'false');
    await page.getByTestId('lobby-search').fill('Ocean Hunter');
    await page.getByTestId('lobby-search-submit').click();
    const card = page.getByTestId('category-games').locator('[data-testid="game-card"][data-vendor="HOUSE"]').filter({ hasText: 'Ocean Hunter' });
    await expect(card).toHaveCount(1);
    await card.locator('[data-testid^="game-launch-"]').click();
    await expect(page).toHaveURL(/\/house\/house-fish$/);
  });

  const game = page.getByTestId('fish-game');
  await expect(game).toBeVisible();
  await expect(page.getByTestId('fish-sea')).toBeVisible();
  await expect(page.getByTestId('fish-balance')).toContainText('100.00');
  await expect(page.getByTestId('fish-kinds')).toContainText('Kraken');
  await expect(page.getByTestId('fish-kinds')).toContainText('×200');
  await expect(page.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  const hashBefore = (await page.getByTestId('server-seed-hash').textContent())!;

  await test.step('cannon level: one step down from 1.00 is 0.50, and back up', async () => {
    await expect(page.getByTestId('fish-bet')).toHaveText('1.00');
    await page.getByTestId('fish-level-down').click();
    await expect(page.getByTestId('fish-bet')).toHaveText('0.50');
    await page.getByTestId('fish-level-up').click();
    await expect(page.getByTestId('fish-bet')).toHaveText('1.00');
  });

  await test.step('fire from the kind list until a shot settles; the balance moves by exactly −bet or −bet + win', async () => {
    await page.getByTestId('fish-fire-clownfish').click();
    await expect(game).toHaveAttribute('data-settled', '1');
    await expect(page.getByTestId('fish-outcome')).toHaveText(/Caught a Clownfish|passed the Clownfish/);
    const [shot] = await rounds(request, token);
    expect(shot).toMatchObject({ amount: '1.00', nonce: 0, result: { kind: 'clownfish' } });
    expect(shot!.win).toBe(shot!.result.caught ? '2.00' : '0.00');
    const expected = shot!.result.caught ? 101 : 99;
    expect(await walletBalance(request, token)).toBe(expected);
    await expect.poll(async () => money(await page.getByTestId('fish-balance').textContent())).toBe(expected);
  });

  await test.step('a click on a fish in the sea fires at the fish under the pointer', async () => {
    const sea = page.getByTestId('fish-sea');
    const box = (await sea.boundingBox())!;
    // Fish swim where the clock puts them: sweep the water until a click lands on one.
    for (let attempt = 0; attempt < 200 && (await game.getAttribute('data-fired')) === '1'; attempt++) {
      const column = attempt % 16;
      const row = Math.floor(attempt / 16) % 8;
      await sea.click({ position: { x: box.width * ((column + 0.5) / 16), y: box.height * (0.08 + (row * 0.7) / 8) } });
    }
    await expect(game).toHaveAttribute('data-fired', '2');
    await expect(game).toHaveAttribute('data-settled', '2');
    const all = await rounds(request, token);
    expect(all).toHaveLength(2);
    await expect(page.getByTestId('fish-outcome')).toContainText(/Caught a|passed the/);
  });

  await test.step('the keyboard fires at the chosen kind from the sea', async () => {
    const sea = page.getByTestId('fish-sea');
    await sea.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('fish-kinds').locator('li.is-selected')).toContainText('Pufferfish');
    // The client fires at most five shots a second.
    await page.waitForTimeout(250);
    await page.keyboard.press('Enter');
    await expect(game).toHaveAttribute('data-settled', '3');
    const all = await rounds(request, token);
    expect(all[0]).toMatchObject({ nonce: 2, result: { kind: 'pufferfish' } });
    const expected = 100 + all.reduce((sum, round) => sum - Number(round.amount) + Number(round.win), 0);
    expect(await walletBalance(request, token)).toBeCloseTo(expected, 2);
    await expect.poll(async () => money(await page.getByTestId('fish-balance').textContent())).toBeCloseTo(expected, 2);
  });

  await test.step('rotating the seed reveals it; the verify page recomputes the last shot in the browser', async () => {
    await page.getByTestId('rotate-seed').click();
    await expect(page.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId('verify-link')).toHaveCount(3);
    const [last] = await rounds(request, token);
    await page.getByTestId('verify-link').first().click();
    await expect(page).toHaveURL(/\/house\/verify\?.*game=house-fish/);
    await page.getByTestId('verify-run').click();
    await expect(page.getByTestId('verify-hash')).toHaveText(hashBefore);
    const result = page.getByTestId('verify-result');
    await expect(result).toContainText(`roll ${last!.result.roll}`);
    await expect(result).toContainText(`pufferfish ×3: chance 0.320000 → ${last!.result.caught ? 'caught' : 'missed'}`);
  });
});
