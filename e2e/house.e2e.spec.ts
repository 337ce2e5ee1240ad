import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { freshUsername, registerInClient } from './support';

/**
 * The house vendor on the real client: log in, open Dice at /house/house-dice, play a round, see the balance move,
 * rotate the seed and recompute the round in the browser on /house/verify.
 */
const money = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));

test('plays dice from /house/house-dice and verifies the round on /house/verify', async ({ page, request }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  const token = await registerInClient(page, freshUsername('h'));
  const funded = await request.post('/wps/v2/wallets/deposit/demo', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), 'accept-language': 'EN' },
    data: { amount: '100.00' },
  });
  expect(funded.ok()).toBe(true);

  await page.goto('/house/house-dice');
  const balance = page.getByTestId('house-balance');
  await expect(balance).toContainText('100.00');
  await expect(page.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  const hashBefore = await page.getByTestId('server-seed-hash').textContent();
  await expect(page.getByTestId('nonce')).toHaveText('0');

  await page.getByTestId('house-amount').fill('10.00');
  await page.getByTestId('house-play').click();
  await expect(page.getByTestId('house-outcome')).toBeVisible();
  const roll = (await page.getByTestId('dice-roll').textContent())!.trim();
  expect(roll).toMatch(/^\d{1,2}\.\d{2}$/);
  const won = Number(roll) < 50;
  // Under 50.00 pays 1.98×: the balance is 100 − 10 (+ 19.80 on a win).
  await expect.poll(async () => money(await balance.textContent())).toBeCloseTo(won ? 109.8 : 90, 2);
  await expect(page.getByTestId('nonce')).toHaveText('1');

  await page.getByTestId('rotate-seed').click();
  await expect(page.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
  const revealed = (await page.getByTestId('revealed-seed').textContent())!;
  await expect(page.getByTestId('verify-link')).toHaveCount(1);
  await page.getByTestId('verify-link').click();
  await expect(page).toHaveURL(/\/house\/verify\?/);
  await expect(page.getByTestId('verify-server-seed')).toHaveValue(revealed);
  await page.getByTestId('verify-run').click();
  const result = page.getByTestId('verify-result');
  await expect(page.getByTestId('verify-hash')).toHaveText(hashBefore!);
  await expect(result).toContainText(`roll ${roll}`);
  await expect(result).toContainText(won ? 'win' : 'loss');
});
