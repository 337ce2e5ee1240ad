import { serviceUseCase } from '../use-case.js';
import { demoDepositBodySchema } from '../http.js';
import { betRecordFilterQuerySchema, walletRpc } from '../wallet.js';
import { z } from 'zod';

const WALLET_MEMBER = { memberId: 'memberId', merchantCode: 'merchantCode', currency: 'currency' } as const;

/** The betting record's filters: an empty value (`status=`) means no filter. */
const betRecordRequestSchema = betRecordFilterQuerySchema.transform((query) => ({
  ...query,
  gameType: query.gameType || undefined,
  status: query.status || undefined,
  from: query.from || undefined,
  to: query.to || undefined,
}));

export const walletUseCases = {
  balance: serviceUseCase({
    id: 'balance',
    summary: 'The member’s balance and its version (pushes carry the same version)',
    tag: 'Wallet',
    method: 'GET',
    paths: ['/wps/v2/wallets/balance'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: z.object({}),
    response: walletRpc.getBalance.output,
    operation: { service: 'wallet', method: 'getBalance' },
    context: WALLET_MEMBER,
  }),
  demoDeposit: serviceUseCase({
    id: 'demoDeposit',
    summary: 'Credits play money from the brand’s demo funding account, through the ledger',
    tag: 'Wallet',
    method: 'POST',
    paths: ['/wps/v2/wallets/deposit/demo'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: true,
    request: demoDepositBodySchema,
    response: walletRpc.demoDeposit.output,
    operation: { service: 'wallet', method: 'demoDeposit' },
    context: WALLET_MEMBER,
  }),
  betRecord: serviceUseCase({
    id: 'betRecord',
    summary: 'The member’s betting record: their rounds, newest first, filtered, with totals over the whole range',
    tag: 'Wallet',
    method: 'GET',
    paths: ['/wps/v2/bets'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: betRecordRequestSchema,
    response: walletRpc.listRounds.output,
    operation: { service: 'wallet', method: 'listRounds' },
    context: WALLET_MEMBER,
  }),
};
