import { AppError, type Database, type Executor, type Logger, type Outbox } from '@wps/platform';
import { lotteryGameCodeSchema, lotteryRoom, type HouseTableEvent, type houseLotteryRpcMethods, type RpcHandlers, type SignedVendorCallInput } from '@wps/contracts';
import type { HouseLotteryConfig } from './config.js';
import { effectiveGame, findLotteryGame, type LotteryGameDefinition } from './games.js';
import type { DrawRow } from './store.js';
import type { LotteryWallet } from './wallet.js';

export interface LotteryDeps {
  db: Database;
  /** The house schema's outbox: draw events leave through it in the transaction that changes the draw. */
  outbox: Outbox;
  wakeRelay: () => void;
  /** Wakes the relay and resolves once what was committed is on the bus (or after the timeout). */
  flushRelay: (timeoutMs?: number) => Promise<void>;
  wallet: LotteryWallet;
  logger: Logger;
  config: HouseLotteryConfig;
  /** The games service's signed draw feed; absent when this host connects none (then results are not reported). */
  reportDraw?: (call: SignedVendorCallInput) => Promise<unknown>;
}

export type LotteryHandlers = RpcHandlers<typeof houseLotteryRpcMethods>;
export type LotteryInput<K extends keyof LotteryHandlers> = Parameters<LotteryHandlers[K]>[0];

/** A game code from the outside, checked before it reaches a query; an unknown one is refused the same way. */
export function requireLotteryGame(deps: Pick<LotteryDeps, 'config'>, gameCode: string): LotteryGameDefinition {
  const found = lotteryGameCodeSchema.safeParse(gameCode).success ? findLotteryGame(gameCode) : undefined;
  if (!found) throw new AppError('LOTTERY_GAME_NOT_FOUND', { field: 'gameCode' });
  return effectiveGame(found, deps.config);
}

/** A moment of a draw, pushed to everyone watching the game (the gateway's `table` push to `lotteryRoom`). */
export async function emitDrawEvent(outbox: Outbox, tx: Executor, draw: DrawRow, kind: HouseTableEvent['kind'], data: Record<string, unknown>, at = Date.now()): Promise<void> {
  const room = lotteryRoom(draw.game_code);
  await outbox.add(tx, 'house.table_event', room, { tableId: room, kind, roundId: draw.draw_no, roundNo: draw.seq, at, data });
}
