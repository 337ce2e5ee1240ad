import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { settleTicket, type LotteryOutcome } from '@wps/contracts/lottery-rules';
import { freshUsername, registerInClient } from './support';

/**
 * Playing the house lottery on the real client, on a phone and on a desktop. On the phone, a fast lottery (a draw every
 * minute): the open draw's countdown and seed hash, a slip of two bets (one picked by hand, one by quick pick) that
 * takes the slip's total off the balance and shows the tickets as open, the next draw taking bets once the first one
 * closes (which the house then refuses), the result arriving by push, the tickets settled with the wins the rules
 * give, and the draw recomputed on /house/verify.
 * On the desktop, a Vietnamese daily draw takes a lô and a đề bet, shows its countdown and its last board, and a
 * finished fast draw is verified from its "Verify" link, then refused once its hash is altered.
 */

const FAST_GAME = 'lott-001';
const DEPOSIT = 100;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 860 };

interface Draw {
  drawNo: string;
  status: string;
  closesAt: string;
  drawAt: string;
  seedHash: string;
  serverSeed: string | null;
  numbers: string[] | null;
  outcome: LotteryOutcome | null;
}
interface GameState {
  game: { family: string; closeSeconds: number; intervalSeconds: number | null; dailyTime: string | null };
  draw: Draw | null;
  serverTime: string;
}
interface Ticket {
  drawNo: string;
  betType: string;
  selection: Record<string, unknown>;
  unitStake: string;
  multiplier: number;
  stake: string;
  win: string;
  status: string;
}

/** "Balance: $ 1,234.50" → 1234.5 */
const amount = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));
const toMinor = (text: string): bigint => BigInt(Math.round(Number(text) * 100));

async function api<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const response = await request.get(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await response.json()) as { success: boolean; value: T; message?: string };
  expect(body.success, `GET ${url}: ${body.message ?? ''}`).toBe(true);
  return body.value;
}

/** Registers in the client and funds the account through the demo deposit. */
async function fundedMember(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const token = await registerInClient(page, freshUsername(prefix));
  const funded = await request.post('/wps/v2/wallets/deposit/demo', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), 'accept-language': 'EN' },
    data: { amount: `${DEPOSIT}.00` },
  });
  expect(funded.ok()).toBe(true);
  return token;
}

/** Nothing reaches past the screen's right edge. */
const noWiderThan = async (page: Page, width: number) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(width);
};

/** Opens a finished draw's "Verify" link from the results list and expects the verify page to recompute it. */
async function verifyFromResults(page: Page, draw: Draw, testInfo: TestInfo, name: string) {
  await page.getByTestId('lp-tab-results').click();
  const row = page.getByTestId('lp-results').locator('li', { hasText: `Draw ${draw.drawNo}` });
  await expect(row.getByTestId('lp-verify-link')).toBeVisible();
  await row.getByTestId('lp-verify-link').click();
  await expect(page).toHaveURL((url) => url.pathname === '/house/verify' && url.searchParams.get('lottery') === FAST_GAME && url.searchParams.get('draw') === draw.drawNo);
  await expect(page.getByTestId('verify-kind-lottery')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('verify-lottery-verdict')).toHaveText(`Draw ${draw.drawNo} matches: the seed hashes to the published hash and draws these numbers`);
  await expect(page.getByTestId('verify-lottery-check-hash')).toHaveAttribute('data-state', 'pass');
  await expect(page.getByTestId('verify-lottery-check-hash')).toContainText('matches');
  await expect(page.getByTestId('verify-lottery-check-result')).toHaveAttribute('data-state', 'pass');
  await expect(page.getByTestId('verify-lottery-numbers')).toHaveText(draw.numbers!.join(' '));
  await expect(page.getByTestId('verify-lottery-computed-hash')).toHaveText(draw.seedHash);
  await expect(page.getByTestId('verify-lottery-seed')).toHaveValue(draw.serverSeed!);
  await noWiderThan(page, page.viewportSize()!.width);
  await page.screenshot({ path: testInfo.outputPath(`verify-${name}.png`), fullPage: true });
}

test.describe('house lottery play', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'EN'));
  });

  test('phone: a fast lottery slip of two bets, placed, drawn, settled by the rules and verified', async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize(PHONE);
    // Every push frame the page's socket receives: the result must come by push.
    const pushes: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => pushes.push(String(frame.payload))));
    const token = await fundedMember(page, request, 'lpp');

    // A slip needs time before the close: with less than 25 s left, the next draw is the one played.
    let state = await api<GameState>(request, `/wps/house/lottery/games/${FAST_GAME}`);
    expect(state.game).toMatchObject({ family: 'ssc', intervalSeconds: expect.any(Number) });
    const left = Date.parse(state.draw!.closesAt) - Date.parse(state.serverTime);
    if (left < 25_000) {
      const skipped = state.draw!.drawNo;
      await page.waitForTimeout(Date.parse(state.draw!.drawAt) - Date.parse(state.serverTime) + 500);
      await expect.poll(async () => (state = await api<GameState>(request, `/wps/house/lottery/games/${FAST_GAME}`)).draw?.drawNo, { timeout: 15_000 }).not.toBe(skipped);
    }
    const draw = state.draw!;

    await page.goto(`/lottery?gameCode=${FAST_GAME}`);
    const countdown = page.getByTestId('lp-countdown');
    const balance = page.getByTestId('lottery-balance');

    await test.step('the open draw shows its countdown and the hash of its seed', async () => {
      await expect(countdown).toContainText(`Draw ${draw.drawNo}`);
      await expect(countdown).toHaveAttribute('data-phase', 'open');
      await expect(page.getByTestId('lp-closes-in')).toHaveText(/^\d{1,2}:\d{2}$/);
      await expect(countdown.locator('.lp-hash code')).toHaveText(`${draw.seedHash.slice(0, 12)}…`);
      await expect.poll(async () => amount(await balance.textContent())).toBe(DEPOSIT);
      await noWiderThan(page, PHONE.width);
    });

    let total = 0;
    await test.step('a slip of two bets: ball 1 picked by hand at ×2, a sum bet by quick pick', async () => {
      await page.getByTestId('lp-bet-ssc.position').click();
      await page.getByTestId('lp-pick-3').click();
      await page.getByTestId('lp-pick-7').click();
      await page.getByTestId('lp-multiplier').fill('2');
      await expect(page.getByTestId('lp-line')).toContainText('2 bets');
      await expect(page.getByTestId('lp-line-total')).toHaveText(/4\.00/);
      await page.getByTestId('lp-add').click();

      await page.getByTestId('lp-group-1').click();
      await page.getByTestId('lp-bet-ssc.sum_bsoe').click();
      await page.getByTestId('lp-quick-pick').click();
      await page.getByTestId('lp-multiplier').fill('1');
      await expect(page.getByTestId('lp-builder').locator('.lp-pick.is-on')).toHaveCount(1);
      await expect(page.getByTestId('lp-line-total')).toHaveText(/1\.00/);
      await expect(page.getByTestId('lp-add')).toBeEnabled();
      await page.getByTestId('lp-add').click();

      await expect(page.getByTestId('lp-slip-bet')).toHaveCount(2);
      total = amount(await page.getByTestId('lp-slip-total').textContent());
      expect(total).toBe(4 + 1);
      await noWiderThan(page, PHONE.width);
    });

    await test.step('confirmed, the slip takes its total off the balance and its tickets are open', async () => {
      await page.getByTestId('lp-place').click();
      await expect(page.getByTestId('lp-confirm')).toContainText(draw.drawNo);
      await page.getByTestId('lp-confirm-ok').click();
      await expect(page.getByTestId('lp-confirm')).toHaveCount(0);
      await expect(page.getByTestId('lp-slip')).toContainText(`Your bets are placed for draw ${draw.drawNo}.`);
      await expect.poll(async () => amount(await balance.textContent())).toBe(DEPOSIT - total);
      await page.getByTestId('lp-tab-tickets').click();
      await expect(page.getByTestId('lp-tickets-open')).toHaveAttribute('aria-pressed', 'true');
      const open = page.getByTestId('lp-tickets').getByTestId('lp-ticket');
      await expect(open).toHaveCount(2);
      for (const ticket of await open.all()) await expect(ticket).toContainText(`Draw ${draw.drawNo}`);
      await expect(open.filter({ hasText: 'Waiting for the draw' })).toHaveCount(2);
    });

    await test.step('once betting closes, the slip moves on to the next draw and the house refuses the closed one', async () => {
      await page.getByTestId('lp-quick-pick').click();
      await page.getByTestId('lp-add').click();
      await expect(page.getByTestId('lp-place')).toBeEnabled();
      // At the close the next draw (committed ahead, its hash published) takes the bets.
      await expect(countdown).not.toContainText(`Draw ${draw.drawNo}`, { timeout: Date.parse(draw.closesAt) - Date.now() + 5_000 });
      await expect(countdown).toContainText(/Draw \d{8}-\d{4}/);
      await expect(countdown.locator('.lp-hash code')).not.toHaveText(`${draw.seedHash.slice(0, 12)}…`);
      // The closed draw stays in view until its result is in: betting closed, then drawing.
      const closing = page.getByTestId('lp-closing-countdown');
      await expect(closing).toContainText(`Draw ${draw.drawNo}`);
      await expect(closing).toContainText(/Betting closed|Drawing/);
      const late = await request.post(`/wps/house/lottery/games/${FAST_GAME}/slips`, {
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), 'accept-language': 'EN' },
        data: { drawNo: draw.drawNo, bets: [{ betType: 'ssc.position', selection: { position: 1, digits: [1] }, unitStake: '1', multiplier: 1 }] },
      });
      const refusal = (await late.json()) as { message: string };
      expect(late.status(), refusal.message).toBe(409);
      expect(refusal.message).toBe('Betting for this draw is closed');
      await page.getByTestId('lp-slip-clear').click();
      await expect(page.getByTestId('lp-slip-bet')).toHaveCount(0);
    });

    let drawn: Draw;
    await test.step('the result arrives by push and the board shows it', async () => {
      await expect(page.locator('#lp-last-title')).toContainText(`Draw ${draw.drawNo}`, { timeout: Date.parse(draw.drawAt) - Date.now() + 15_000 });
      expect(
        pushes.some((payload) => payload.includes(`lottery-${FAST_GAME}`)),
        'a push of the game room',
      ).toBe(true);
      const history = await api<{ list: Draw[] }>(request, `/wps/house/lottery/games/${FAST_GAME}/draws?pageSize=5`);
      drawn = history.list.find((entry) => entry.drawNo === draw.drawNo)!;
      expect(drawn.numbers).toHaveLength(5);
      await expect(page.locator('.lp-last').getByTestId('lp-result').locator('.lp-ball')).toHaveText(drawn.numbers!);
      await expect(page.getByTestId('lp-closing-countdown')).toHaveCount(0);
    });

    await test.step('the trends count the new result: ball 1 of the latest draw has been missing for no draws', async () => {
      await page.getByTestId('lp-tab-trends').click();
      const trends = page.getByTestId('lp-trends');
      await expect(trends).toBeVisible();
      await page.getByTestId('lp-trend-span').selectOption('100');
      await trends.getByRole('button', { name: 'Draws since' }).click();
      const ballOne = trends.locator('tbody tr').first();
      await expect(ballOne.locator('th')).toHaveText('Ball 1');
      await expect(ballOne.locator('td').nth(Number(drawn.numbers![0]))).toHaveText('0');
      await noWiderThan(page, PHONE.width);
    });

    await test.step('the tickets are settled with the wins the rules give, and the balance pays them', async () => {
      let tickets: Ticket[] = [];
      await expect
        .poll(async () => (tickets = (await api<{ list: Ticket[] }>(request, `/wps/house/lottery/tickets?gameCode=${FAST_GAME}&status=settled`, token)).list).length, { timeout: 20_000 })
        .toBe(2);
      let wins = 0;
      for (const ticket of tickets) {
        const expected = settleTicket({ betType: ticket.betType, selection: ticket.selection, unitStakeMinor: toMinor(ticket.unitStake), multiplier: ticket.multiplier }, drawn.outcome!);
        expect(toMinor(ticket.win), `${ticket.betType} ${JSON.stringify(ticket.selection)}`).toBe(expected.winMinor);
        expect(ticket.status).toBe(expected.winMinor > 0n ? 'won' : 'lost');
        wins += Number(ticket.win);
      }
      // The slip's first ticket: ball 1 on 3 or 7 pays when ball 1 is one of them.
      const handPicked = tickets.find((ticket) => ticket.betType === 'ssc.position')!;
      expect(handPicked.status).toBe(['3', '7'].includes(drawn.numbers![0]!) ? 'won' : 'lost');

      await page.getByTestId('lp-tab-tickets').click();
      await page.getByTestId('lp-tickets-settled').click();
      const settled = page.getByTestId('lp-tickets').getByTestId('lp-ticket');
      await expect(settled).toHaveCount(2);
      for (const ticket of tickets) {
        const row = ticket.betType === 'ssc.position' ? settled.filter({ hasText: 'Ball 1: 3, 7' }) : settled.filter({ hasText: 'Sum big/small/odd/even' });
        await expect(row).toContainText(ticket.status === 'won' ? 'Won' : 'Lost');
        // Stake, win, status: the win as the house paid it.
        expect(amount(await row.locator('.lp-ticket-money > span').nth(1).textContent())).toBeCloseTo(Number(ticket.win), 2);
      }
      await expect.poll(async () => amount(await balance.textContent())).toBeCloseTo(DEPOSIT - total + wins, 2);
    });

    await test.step('the draw is recomputed on /house/verify from its "Verify" link', async () => {
      await verifyFromResults(page, drawn, testInfo, 'phone');
    });
  });

  test('desktop: a Vietnamese draw takes a lô and a đề bet; a finished fast draw verifies from its link', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await fundedMember(page, request, 'lpv');
    // A Vietnamese game taking bets for at least another minute (each region closes 15 minutes before its own draw).
    const { games, serverTime } = await api<{ games: Array<GameState['game'] & { gameCode: string; vendor: string; draw: Draw | null; lastDraw: Draw | null }>; serverTime: string }>(
      request,
      '/wps/house/lottery/games',
    );
    const vn = games.find((game) => game.vendor === 'TCG_LOTTO_VN' && game.draw?.status === 'open' && Date.parse(game.draw.closesAt) - Date.parse(serverTime) > 60_000)!;
    expect(vn, 'a Vietnamese game taking bets').toBeTruthy();
    const family = vn.family;
    const balance = page.getByTestId('lottery-balance');

    await page.goto(`/vnLottery?gameCode=${vn.gameCode}`);
    await test.step('the daily draw shows its countdown, its seed hash and the last board', async () => {
      await expect(page.getByTestId('lp-game')).toHaveAttribute('data-family', family);
      const countdown = page.getByTestId('lp-countdown');
      await expect(countdown).toContainText(`Draw ${vn.draw!.drawNo}`);
      await expect(countdown).toHaveAttribute('data-phase', 'open');
      await expect(page.getByTestId('lp-draws-in')).toHaveText(/\d/);
      // The province's draw days (or every day in the north) at its time in Vietnam.
      await expect(page.getByTestId('lp-schedule')).toContainText(`${vn.dailyTime} UTC+7`);
      await expect(countdown.locator('.lp-hash code')).toHaveText(`${vn.draw!.seedHash.slice(0, 12)}…`);
      if (vn.lastDraw?.outcome && 'prizes' in vn.lastDraw.outcome) {
        const board = page.locator('.lp-last table.lp-board-vn');
        await expect(board.locator('tbody tr')).toHaveCount(vn.lastDraw.outcome.prizes.length);
        await expect(board.locator('tr.is-top')).toContainText(vn.lastDraw.outcome.prizes[0]!.numbers[0]!);
      } else {
        await expect(page.locator('.lp-last')).toContainText('No result yet');
      }
      await expect.poll(async () => amount(await balance.textContent())).toBe(DEPOSIT);
    });

    await test.step('a lô on 27 and a đề on 68 go on the slip, are placed and wait for the draw', async () => {
      await page.getByTestId('lp-group-0').click();
      await page.getByTestId(`lp-bet-${family}.lo`).click();
      await page.getByTestId('lp-typed').fill('27');
      await page.getByTestId('lp-add').click();
      await page.getByTestId('lp-group-1').click();
      await page.getByTestId(`lp-bet-${family}.de`).click();
      await page.getByTestId('lp-typed').fill('68');
      await page.getByTestId('lp-add').click();
      await expect(page.getByTestId('lp-slip-bet')).toHaveCount(2);
      await expect(page.getByTestId('lp-slip-bet').nth(0)).toContainText('Lô');
      await expect(page.getByTestId('lp-slip-bet').nth(1)).toContainText('Đề');
      const total = amount(await page.getByTestId('lp-slip-total').textContent());
      expect(total).toBeGreaterThan(0);
      await page.getByTestId('lp-place').click();
      await page.getByTestId('lp-confirm-ok').click();
      await expect(page.getByTestId('lp-confirm')).toHaveCount(0);
      await expect.poll(async () => amount(await balance.textContent())).toBeCloseTo(DEPOSIT - total, 2);
      await page.getByTestId('lp-tab-tickets').click();
      const open = page.getByTestId('lp-tickets').getByTestId('lp-ticket');
      await expect(open).toHaveCount(2);
      // Matched on the selection alone: the draw number (a date) can hold the same digits.
      await expect(open.filter({ has: page.locator('.lp-ticket-selection', { hasText: /^27$/ }) })).toContainText('Lô');
      await expect(open.filter({ has: page.locator('.lp-ticket-selection', { hasText: /^68$/ }) })).toContainText('Đề');
      await expect(open.filter({ hasText: 'Waiting for the draw' })).toHaveCount(2);
      await expect(page.getByTestId('lp-tab-tickets')).toContainText('(2)');
      await noWiderThan(page, DESKTOP.width);
    });

    await test.step('a finished fast draw verifies from its link; an altered hash does not match', async () => {
      let finished: Draw | undefined;
      await expect
        .poll(async () => (finished = (await api<{ list: Draw[] }>(request, `/wps/house/lottery/games/${FAST_GAME}/draws?pageSize=5`)).list.find((entry) => entry.serverSeed && entry.numbers)), {
          timeout: 75_000,
          intervals: [2_000],
        })
        .toBeTruthy();
      await page.goto(`/lottery?gameCode=${FAST_GAME}`);
      await verifyFromResults(page, finished!, testInfo, 'desktop');

      const altered = `${finished!.seedHash.slice(0, 63)}${finished!.seedHash.endsWith('0') ? '1' : '0'}`;
      await page.getByTestId('verify-lottery-hash').fill(altered);
      await page.getByTestId('verify-lottery-run').click();
      await expect(page.getByTestId('verify-lottery-verdict')).toHaveText(`Draw ${finished!.drawNo} does not match what was published`);
      await expect(page.getByTestId('verify-lottery-check-hash')).toHaveAttribute('data-state', 'fail');
      await expect(page.getByTestId('verify-lottery-check-result')).toHaveAttribute('data-state', 'pass');
    });
  });
});
