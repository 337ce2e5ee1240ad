import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatMinor, LOTTERY_MAX_COMBINATIONS, LOTTERY_MAX_MULTIPLIER, lotteryBetType, LotteryRuleError, parseLotterySelection, parseMajor, ticketMoney, type LotterySlip } from '@wps/contracts';
import { AppError, rows, type Executor } from '@wps/platform';
import { isWalletAnswer } from '../tables/wallet-retries.js';
import { LOTTERY_LIMITS, type LotteryGameDefinition } from './games.js';
import { requireLotteryGame, type LotteryDeps, type LotteryInput } from './lottery-context.js';
import { finishRefunds } from './settle.js';
import { findDraw, ticketsWhere, ticketView, type DrawRow, type TicketRow } from './store.js';
import { lotteryWalletIds } from './wallet.js';

export type PlaceSlipDeps = Pick<LotteryDeps, 'db' | 'wallet' | 'logger' | 'config' | 'outbox' | 'wakeRelay'>;

type SlipInput = LotteryInput<'placeLotterySlip'>;

/** One bet of a slip, checked against the rules and the game's limits: what its ticket stores. */
export interface AcceptedBet {
  betType: string;
  selection: Record<string, unknown>;
  unitMinor: bigint;
  multiplier: number;
  combinations: number;
  stakeMinor: bigint;
}

/** Checks one bet of a slip; refusals name the bet (`bets.2.selection`). */
export function acceptBet(game: LotteryGameDefinition, bet: SlipInput['bets'][number], currency: string, index: number): AcceptedBet {
  const field = (name: string) => `bets.${index}.${name}`;
  const betType = lotteryBetType(bet.betType);
  if (!betType || betType.family !== game.family) throw new AppError('LOTTERY_BET_TYPE_INVALID', { field: field('betType') });
  const minMinor = parseMajor(LOTTERY_LIMITS.minUnitStake, currency)!;
  const maxMinor = parseMajor(LOTTERY_LIMITS.maxUnitStake, currency)!;
  const unitMinor = parseMajor(bet.unitStake, currency);
  if (unitMinor === undefined || unitMinor < minMinor || unitMinor > maxMinor) {
    throw new AppError('LOTTERY_STAKE_LIMITS', { field: field('unitStake'), params: { min: formatMinor(minMinor, currency), max: formatMinor(maxMinor, currency) } });
  }
  try {
    const selection = parseLotterySelection(betType, bet.selection);
    const { stakeMinor, combinations } = ticketMoney({ betType, selection, unitStakeMinor: unitMinor, multiplier: bet.multiplier });
    const maxTicket = parseMajor(LOTTERY_LIMITS.maxTicketStake, currency)!;
    if (stakeMinor > maxTicket) throw new AppError('LOTTERY_TICKET_LIMIT', { field: field('unitStake'), params: { max: formatMinor(maxTicket, currency) } });
    return { betType: betType.code, selection: selection, unitMinor, multiplier: bet.multiplier, combinations, stakeMinor };
  } catch (error) {
    if (!(error instanceof LotteryRuleError)) throw error;
    switch (error.reason) {
      case 'too_many_combinations':
        throw new AppError('LOTTERY_TOO_MANY_COMBINATIONS', { field: field('selection'), params: { max: LOTTERY_MAX_COMBINATIONS } });
      case 'invalid_multiplier':
        throw new AppError('LOTTERY_MULTIPLIER_INVALID', { field: field('multiplier'), params: { max: LOTTERY_MAX_MULTIPLIER } });
      case 'unknown_bet_type':
      case 'wrong_family':
        throw new AppError('LOTTERY_BET_TYPE_INVALID', { field: field('betType') });
      default:
        throw new AppError('LOTTERY_SELECTION_INVALID', { field: field('selection'), params: { detail: error.message.replace(/^[a-z0-9_.]+: /, '') } });
    }
  }
}

interface SlipRow {
  slip_id: string;
  request_hash: string;
  status: 'placing' | 'placed';
  currency: string;
  total_minor: string;
  draw_no: string;
}

const slipView = (game: LotteryGameDefinition, slip: Pick<SlipRow, 'slip_id' | 'currency' | 'total_minor' | 'draw_no'>, tickets: TicketRow[], balance: string | null): LotterySlip => ({
  slipId: slip.slip_id,
  gameCode: game.gameCode,
  drawNo: slip.draw_no,
  tickets: tickets.map(ticketView),
  currency: slip.currency,
  totalStake: formatMinor(BigInt(slip.total_minor), slip.currency),
  balance,
});

async function existingSlip(deps: PlaceSlipDeps, memberId: string, requestKey: string): Promise<SlipRow | undefined> {
  const [row] = await rows<SlipRow>(
    deps.db.orm,
    sql`SELECT s.slip_id::text AS slip_id, s.request_hash, s.status, s.currency, s.total_minor::text AS total_minor, d.draw_no
        FROM house.lottery_slips s JOIN house.lottery_draws d ON d.draw_id = s.draw_id WHERE s.member_id = ${memberId} AND s.request_key = ${requestKey}`,
  );
  return row;
}

/** A slip sent again under its key: the first answer for the same content, a conflict for another. */
async function replay(deps: PlaceSlipDeps, game: LotteryGameDefinition, input: SlipInput, slip: SlipRow, hash: string): Promise<LotterySlip> {
  if (slip.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
  if (slip.status !== 'placed') throw new AppError('LOTTERY_SLIP_IN_PROGRESS');
  const tickets = await ticketsWhere(deps.db.orm, sql`t.slip_id = ${slip.slip_id}`, sql`ORDER BY t.ticket_id`);
  const balance = await deps.wallet.balance({ player: input.player.memberId, currency: input.player.currency }).then(
    (answer) => answer.balance,
    () => null,
  );
  return slipView(game, slip, tickets, balance);
}

/** The draw a slip is for, held (FOR SHARE) so closing waits until the slip's tickets are written. */
async function drawForSlip(tx: Executor, game: LotteryGameDefinition, drawNo: string | undefined, nowMs: number): Promise<DrawRow> {
  const now = new Date(nowMs).toISOString();
  const draw = drawNo
    ? await findDraw(tx, sql`d.game_code = ${game.gameCode} AND d.draw_no = ${drawNo}`, 'share')
    : await findDraw(tx, sql`d.game_code = ${game.gameCode} AND d.status = 'open' AND d.opens_at <= ${now}::timestamptz AND d.closes_at > ${now}::timestamptz ORDER BY d.draw_at`, 'share');
  if (!draw) throw drawNo ? new AppError('LOTTERY_DRAW_NOT_FOUND', { field: 'drawNo' }) : new AppError('LOTTERY_NO_OPEN_DRAW');
  if (draw.status !== 'open' || nowMs >= draw.closes_ms) throw new AppError('LOTTERY_BETTING_CLOSED', { field: 'drawNo', value: { drawNo: draw.draw_no } });
  if (nowMs < draw.opens_ms) throw new AppError('LOTTERY_NO_OPEN_DRAW', { field: 'drawNo' });
  return draw;
}

/**
 * Places a slip: every bet checked against the rules and limits first, then the slip and its tickets written as
 * pending under the draw's row (so closing waits), then one wallet debit per ticket under ids derived from the ticket,
 * then all tickets confirmed together while the draw is still open. The slip stands whole or not at all: a refused
 * debit (insufficient funds) voids the debits made before it and removes the slip; a debit whose outcome is unknown
 * is rolled back with the others. The same key answers the first slip.
 */
export async function placeLotterySlip(deps: PlaceSlipDeps, input: SlipInput): Promise<LotterySlip> {
  const game = requireLotteryGame(deps, input.gameCode);
  const { player } = input;
  const requestKey = input.requestId;
  if (!requestKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const accepted = input.bets.map((bet, index) => acceptBet(game, bet, player.currency, index));
  const totalMinor = accepted.reduce((sum, bet) => sum + bet.stakeMinor, 0n);
  const hash = createHash('sha256')
    .update(JSON.stringify({ gameCode: game.gameCode, drawNo: input.drawNo ?? null, currency: player.currency, bets: input.bets }))
    .digest('hex');

  const earlier = await existingSlip(deps, player.memberId, requestKey);
  if (earlier) return replay(deps, game, input, earlier, hash);

  // Most refusals for money are found before anything is written; a race with another debit is undone below.
  const funds = await deps.wallet.balance({ player: player.memberId, currency: player.currency });
  const available = parseMajor(funds.balance, player.currency);
  if (available !== undefined && available < totalMinor) throw new AppError('INSUFFICIENT_FUNDS');

  const slipId = randomUUID();
  let written: { draw: DrawRow; tickets: TicketRow[] };
  try {
    written = await deps.db.transaction(async (tx) => {
      const draw = await drawForSlip(tx, game, input.drawNo, Date.now());
      await tx.execute(
        sql`INSERT INTO house.lottery_slips (slip_id, member_id, request_key, request_hash, draw_id, currency, total_minor, status)
            VALUES (${slipId}, ${player.memberId}, ${requestKey}, ${hash}, ${draw.draw_id}, ${player.currency}, ${totalMinor.toString()}, 'placing')`,
      );
      const values = accepted.map((bet) => ({
        bet_type: bet.betType,
        selection: bet.selection,
        unit_minor: bet.unitMinor.toString(),
        multiplier: bet.multiplier,
        combinations: bet.combinations,
        stake_minor: bet.stakeMinor.toString(),
      }));
      await tx.execute(
        sql`INSERT INTO house.lottery_tickets (slip_id, draw_id, game_code, member_id, merchant_code, currency, bet_type, selection, unit_minor, multiplier, combinations, stake_minor, status)
            SELECT ${slipId}::uuid, ${draw.draw_id}, ${game.gameCode}, ${player.memberId}, ${player.merchantCode}, ${player.currency}, b.bet->>'bet_type', b.bet->'selection',
                   (b.bet->>'unit_minor')::bigint, (b.bet->>'multiplier')::integer, (b.bet->>'combinations')::integer, (b.bet->>'stake_minor')::bigint, 'pending'
            FROM jsonb_array_elements(${JSON.stringify(values)}::jsonb) WITH ORDINALITY AS b(bet, position)
            ORDER BY b.position`,
      );
      const tickets = await ticketsWhere(tx, sql`t.slip_id = ${slipId}`, sql`ORDER BY t.ticket_id`);
      return { draw, tickets };
    });
  } catch (error) {
    // The same slip sent twice at once: the other request placed it; answer it, whatever refused this one (the key, or
    // a limit the other's tickets now fill).
    const other = await existingSlip(deps, player.memberId, requestKey);
    if (other) return replay(deps, game, input, other, hash);
    throw error;
  }

  let balance: string | null = null;
  const debited: TicketRow[] = [];
  for (const ticket of written.tickets) {
    const ids = lotteryWalletIds(ticket.ticket_id);
    try {
      const answer = await deps.wallet.bet({
        player: player.memberId,
        currency: player.currency,
        transactionId: ids.bet,
        roundId: ids.roundId,
        gameType: game.gameType,
        gameCode: game.gameCode,
        amount: formatMinor(BigInt(ticket.stake_minor), player.currency),
      });
      balance = answer.balance;
      debited.push(ticket);
    } catch (error) {
      const refused = isWalletAnswer(error);
      await undoSlip(deps, slipId, written.draw.draw_id, debited, refused ? undefined : ticket);
      if (refused) throw error;
      throw new AppError('LOTTERY_WALLET_UNAVAILABLE', { cause: error });
    }
  }

  const confirmed = await deps.db.transaction(async (tx) => {
    const draw = await findDraw(tx, sql`d.draw_id = ${written.draw.draw_id}`, 'share');
    if (!draw || draw.status !== 'open') return false;
    await tx.execute(sql`UPDATE house.lottery_tickets SET status = 'placed' WHERE slip_id = ${slipId} AND status = 'pending'`);
    await tx.execute(sql`UPDATE house.lottery_slips SET status = 'placed' WHERE slip_id = ${slipId}`);
    return true;
  });
  if (!confirmed) {
    // Betting closed while the debits were on their way: the slip did not make it into the draw.
    await undoSlip(deps, slipId, written.draw.draw_id, debited, undefined);
    throw new AppError('LOTTERY_BETTING_CLOSED', { field: 'drawNo', value: { drawNo: written.draw.draw_no } });
  }
  const tickets = await ticketsWhere(deps.db.orm, sql`t.slip_id = ${slipId}`, sql`ORDER BY t.ticket_id`);
  return slipView(game, { slip_id: slipId, currency: player.currency, total_minor: totalMinor.toString(), draw_no: written.draw.draw_no }, tickets, balance);
}

/**
 * Gives back what a slip that will not stand took: the debits made are voided, a debit of unknown outcome is rolled
 * back. Once all are given back the slip goes (nothing changed for the member); what cannot be given back now stays
 * `refunding` for the runner's sweep.
 */
async function undoSlip(deps: PlaceSlipDeps, slipId: string, drawId: string, debited: readonly TicketRow[], unknown: TicketRow | undefined): Promise<void> {
  const voids = debited.map((ticket) => ticket.ticket_id);
  const rollbacks = unknown ? [unknown.ticket_id] : [];
  await deps.db.transaction(async (tx) => {
    if (voids.length > 0)
      await tx.execute(sql`UPDATE house.lottery_tickets SET status = 'refunding', refund_op = 'void' WHERE ticket_id = ANY(${`{${voids.join(',')}}`}::bigint[]) AND status = 'pending'`);
    if (rollbacks.length > 0)
      await tx.execute(sql`UPDATE house.lottery_tickets SET status = 'refunding', refund_op = 'rollback' WHERE ticket_id = ANY(${`{${rollbacks.join(',')}}`}::bigint[]) AND status = 'pending'`);
  });
  if (voids.length + rollbacks.length > 0) await finishRefunds(deps, drawId);
  await deps.db.transaction(async (tx) => {
    const [left] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM house.lottery_tickets WHERE slip_id = ${slipId} AND status = 'refunding'`);
    if ((left?.n ?? 0) > 0) return;
    await tx.execute(sql`DELETE FROM house.lottery_slips WHERE slip_id = ${slipId}`);
  });
}
