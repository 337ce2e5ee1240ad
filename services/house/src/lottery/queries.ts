import { sql } from 'drizzle-orm';
import { LOTTERY_NONCE, lotteryClientSeed, lotteryTrendTable, type LotteryDrawProof, type LotteryGameState, type LotteryGames, type LotteryTrends } from '@wps/contracts';
import { AppError, rows } from '@wps/platform';
import { effectiveGame, LOTTERY_GAMES, lotteryGameView } from './games.js';
import { requireLotteryGame, type LotteryDeps, type LotteryInput } from './lottery-context.js';
import { drawsWhere, drawView, findDraw, ticketsWhere, ticketView } from './store.js';

export type LotteryQueryDeps = Pick<LotteryDeps, 'db' | 'config'>;

const RESULTS_SHOWN = 10;
const UPCOMING_SHOWN = 3;
const nowIso = (nowMs: number) => new Date(nowMs).toISOString();
const page = <T>(list: T[], total: number, pageNo: number, pageSize: number) => ({ list, pageNo, pageSize, totalPages: Math.ceil(total / pageSize), total });

/** Every game with the draw taking bets (else the next one committed) and the last result. */
export async function lotteryGames(deps: LotteryQueryDeps): Promise<LotteryGames> {
  const nowMs = Date.now();
  const now = nowIso(nowMs);
  const current = await drawsWhere(deps.db.orm, sql`d.status = 'open' AND d.closes_at > ${now}::timestamptz`, sql`ORDER BY d.game_code, d.draw_at`);
  const last = await drawsWhere(deps.db.orm, sql`d.draw_id IN (SELECT DISTINCT ON (game_code) draw_id FROM house.lottery_draws WHERE status IN ('drawn', 'settled') ORDER BY game_code, draw_at DESC)`);
  const currentOf = new Map<string, (typeof current)[number]>();
  for (const draw of current) if (!currentOf.has(draw.game_code)) currentOf.set(draw.game_code, draw);
  const lastOf = new Map(last.map((draw) => [draw.game_code, draw]));
  return {
    games: LOTTERY_GAMES.map((definition) => {
      const game = effectiveGame(definition, deps.config);
      const draw = currentOf.get(game.gameCode);
      const lastDraw = lastOf.get(game.gameCode);
      return { ...lotteryGameView(game), draw: draw ? drawView(draw) : null, lastDraw: lastDraw ? drawView(lastDraw) : null };
    }),
    serverTime: now,
  };
}

/** A game as a player opening it sees it: the draw to bet on, the draws committed after it, the latest results. */
export async function lotteryGameState(deps: LotteryQueryDeps, { gameCode, memberId }: LotteryInput<'lotteryGameState'>): Promise<LotteryGameState> {
  const game = requireLotteryGame(deps, gameCode);
  const nowMs = Date.now();
  const now = nowIso(nowMs);
  const ahead = await drawsWhere(deps.db.orm, sql`d.game_code = ${game.gameCode} AND d.status = 'open' AND d.closes_at > ${now}::timestamptz`, sql`ORDER BY d.draw_at LIMIT ${UPCOMING_SHOWN + 1}`);
  const results = await drawsWhere(
    deps.db.orm,
    sql`d.game_code = ${game.gameCode} AND (d.status IN ('closed', 'drawn', 'settled', 'cancelled') OR (d.status = 'open' AND d.closes_at <= ${now}::timestamptz))`,
    sql`ORDER BY d.draw_at DESC LIMIT ${RESULTS_SHOWN}`,
  );
  const draw = ahead[0];
  const myTickets = draw && memberId ? await ticketsWhere(deps.db.orm, sql`t.draw_id = ${draw.draw_id} AND t.member_id = ${memberId}`, sql`ORDER BY t.ticket_id DESC`) : [];
  return {
    game: lotteryGameView(game),
    draw: draw ? drawView(draw) : null,
    upcoming: ahead.slice(1).map(drawView),
    results: results.map(drawView),
    myTickets: myTickets.map(ticketView),
    serverTime: now,
  };
}

const OPEN_STATES = sql.raw(`('pending', 'placed')`);
const SETTLED_STATES = sql.raw(`('won', 'lost', 'refunding', 'refunded')`);

/** The member's tickets, newest first: open (waiting for their draw) or settled, of one game or all. */
export async function lotteryMyTickets(deps: LotteryQueryDeps, input: LotteryInput<'lotteryMyTickets'>) {
  const { memberId, pageNo, pageSize } = input;
  const game = input.gameCode ? sql`AND t.game_code = ${input.gameCode}` : sql``;
  const status = input.status === 'open' ? sql`AND t.status IN ${OPEN_STATES}` : input.status === 'settled' ? sql`AND t.status IN ${SETTLED_STATES}` : sql``;
  const [count] = await rows<{ n: number }>(deps.db.orm, sql`SELECT count(*)::int AS n FROM house.lottery_tickets t WHERE t.member_id = ${memberId} ${game} ${status}`);
  const found = await ticketsWhere(deps.db.orm, sql`t.member_id = ${memberId} ${game} ${status}`, sql`ORDER BY t.ticket_id DESC LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`);
  return page(found.map(ticketView), count?.n ?? 0, pageNo, pageSize);
}

/** A game's finished draws, newest first: numbers, revealed seeds and the hashes published before. */
export async function lotteryHistory(deps: LotteryQueryDeps, input: LotteryInput<'lotteryHistory'>) {
  const game = requireLotteryGame(deps, input.gameCode);
  const finished = sql`d.game_code = ${game.gameCode} AND d.status IN ('drawn', 'settled', 'cancelled')`;
  const [count] = await rows<{ n: number }>(deps.db.orm, sql`SELECT count(*)::int AS n FROM house.lottery_draws d WHERE ${finished}`);
  const found = await drawsWhere(deps.db.orm, finished, sql`ORDER BY d.draw_at DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`);
  return page(found.map(drawView), count?.n ?? 0, input.pageNo, input.pageSize);
}

export async function lotteryTrendsOf(deps: LotteryQueryDeps, input: LotteryInput<'lotteryTrends'>): Promise<LotteryTrends> {
  const game = requireLotteryGame(deps, input.gameCode);
  const found = await drawsWhere(deps.db.orm, sql`d.game_code = ${game.gameCode} AND d.status IN ('drawn', 'settled')`, sql`ORDER BY d.draw_at DESC LIMIT ${input.draws}`);
  return {
    gameCode: game.gameCode,
    family: game.family,
    ...lotteryTrendTable(
      game.family,
      found.map((draw) => draw.outcome!),
    ),
  };
}

/** What the verify page recomputes: refused while the draw's seed must stay secret. */
export async function lotteryDrawProof(deps: LotteryQueryDeps, input: LotteryInput<'lotteryDrawProof'>): Promise<LotteryDrawProof> {
  const game = requireLotteryGame(deps, input.gameCode);
  const draw = await findDraw(deps.db.orm, sql`d.game_code = ${game.gameCode} AND d.draw_no = ${input.drawNo}`);
  if (!draw) throw new AppError('LOTTERY_DRAW_NOT_FOUND', { field: 'drawNo' });
  if (draw.status === 'open' || draw.status === 'closed') throw new AppError('LOTTERY_DRAW_NOT_DRAWN', { field: 'drawNo' });
  const view = drawView(draw);
  return {
    gameCode: game.gameCode,
    family: game.family,
    drawNo: draw.draw_no,
    status: draw.status,
    seedHash: draw.seed_hash,
    serverSeed: view.serverSeed,
    clientSeed: lotteryClientSeed(game.gameCode, draw.draw_no),
    nonce: LOTTERY_NONCE,
    outcome: draw.outcome,
    numbers: draw.numbers,
    drawAt: view.drawAt,
    drawnAt: view.drawnAt,
  };
}
