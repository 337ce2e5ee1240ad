import { z } from 'zod';
import { serviceUseCase } from '../use-case.js';
import { vendorAnswerSchema, vendorBodySchemas, type VendorOperation } from '../vendor.js';
import { gamesRpc } from '../games.js';
import { lotteryDrawBodySchema, vendorSessionBodySchema } from '../lottery.js';

/**
 * The calls game vendors make, signed with their secret (docs/vendor-api.md). The body travels as the exact text
 * sent, because the signature covers its bytes: the owning service checks signature and timestamp, then parses it.
 * Counted per vendor code, so one vendor's burst cannot starve the others.
 */
const signed = {
  tag: 'Seamless wallet',
  auth: 'vendor',
  rateLimit: 'vendor',
  idempotent: false,
  method: 'POST',
  bodyFormat: 'text',
  request: z.object({ body: z.string().max(65_536) }),
  context: { vendor: 'vendorCode', timestamp: 'vendorTimestamp', signature: 'vendorSignature' },
} as const;

const walletOperation = (operation: VendorOperation, summary: string, description?: string) =>
  serviceUseCase({
    ...signed,
    id: `vendor${operation[0]!.toUpperCase()}${operation.slice(1)}`,
    summary,
    ...(description ? { description } : {}),
    paths: [`/api/vendor/v1/${operation}`],
    signedBody: vendorBodySchemas[operation],
    response: vendorAnswerSchema,
    operation: { service: 'wallet', method: 'vendorCall' },
    fixed: { operation },
  });

export const vendorUseCases = {
  vendorBalance: walletOperation('balance', "The player's current balance"),
  vendorBet: walletOperation(
    'bet',
    'Debit a bet; optionally credit its win and settle the round in the same call',
    'Opens the round on its first bet. A bet on a settled round is `ROUND_SETTLED`, on a cancelled one `ROUND_CANCELLED`. A bet whose `transactionId` was already rolled back (the rollback arrived first) is `TRANSACTION_ROLLED_BACK`. A stake above the balance is `INSUFFICIENT_FUNDS` and nothing changes; with `win`, the stake must be covered before the win is credited.',
  ),
  vendorWin: walletOperation(
    'win',
    'Credit a win on an open round that has a bet; optionally settle it',
    '`amount` may be `"0"` to settle a lost round. Without `betTransactionId`, any bet of the round that was not rolled back counts. A win for a round or bet the platform does not know is `WIN_WITHOUT_BET` (404); naming a rolled-back bet is `TRANSACTION_ROLLED_BACK`; a settled round is `ROUND_SETTLED`.',
  ),
  vendorRollback: walletOperation(
    'rollback',
    'Refund a bet of an open round',
    'Refunds the bet `betTransactionId`. Rolling back a bet twice refunds it once. A rollback for a bet the platform has not seen is answered OK with the current balance and remembered: when that bet arrives later it is refused with `TRANSACTION_ROLLED_BACK`. A bet whose round is settled cannot be rolled back (`ROUND_SETTLED`). Only bets can be rolled back (`BET_NOT_FOUND` otherwise).',
  ),
  vendorAdjust: walletOperation(
    'adjust',
    'A signed correction on an open or settled round',
    'Positive `amount` credits the player, negative debits (`INSUFFICIENT_FUNDS` if not covered). Zero is refused.',
  ),
  vendorVoid: walletOperation(
    'void',
    'Cancel an open round',
    "Refunds the round's bets and takes back its wins and corrections in one movement; the round becomes `cancelled` and counts no valid bet.",
  ),
  vendorResettle: walletOperation(
    'resettle',
    "Change a settled round's total win",
    "Posts the difference between `winAmount` and the round's current total win. An open round is `ROUND_NOT_SETTLED`.",
  ),
  vendorTip: walletOperation('tip', "Move a tip from the player to the vendor's tip account"),
  vendorSession: serviceUseCase({
    ...signed,
    tag: 'Game launch',
    id: 'vendorSession',
    summary: 'Exchange the one-time launch token from the game URL for the player',
    description: 'Single use, valid 5 minutes, and only for the vendor whose game it opened. Another vendor\'s attempt does not use the token up. See adding-a-vendor.md, "launch token".',
    paths: ['/api/vendor/v1/session'],
    signedBody: vendorSessionBodySchema,
    response: gamesRpc.vendorSession.output,
    operation: { service: 'games', method: 'vendorSession' },
  }),
  vendorLotteryDraw: serviceUseCase({
    ...signed,
    tag: 'Lottery',
    id: 'vendorLotteryDraw',
    summary: 'Report a lottery draw (LOTT and ELOTT games only); shown to players as opened numbers',
    paths: ['/api/vendor/v1/lottery-draws'],
    signedBody: lotteryDrawBodySchema,
    response: gamesRpc.reportLotteryDraw.output,
    operation: { service: 'games', method: 'reportLotteryDraw' },
  }),
};
