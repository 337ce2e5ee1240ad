import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { AppError, checkRateLimit, type KeyValueStore } from '@wps/platform';
import {
  depositBodySchema,
  depositLimitsBodySchema,
  isTrialType,
  pageQuerySchema,
  paymentPasswordBodySchema,
  proofBodySchema,
  transactionsQuerySchema,
  walletTransferBodySchema,
  withdrawalConfirmBodySchema,
  withdrawBodySchema,
} from '@wps/contracts';
import type { GatewayClients } from '../clients.js';
import { clientIp, requireSession, type SessionResolver } from '../auth.js';

const ok = (res: Response, value: unknown) => res.json({ success: true, value });

/** Money-moving calls need a key so a retried request cannot move money twice. */
export const idempotencyKey = (req: Request): string => {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return key;
};

const ID = /^[0-9a-fA-F-]{36}$/;
const pathId = (req: Request): string => {
  const id = String(req.params.id ?? '');
  if (!ID.test(id)) throw new AppError('NOT_FOUND');
  return id;
};

/**
 * The player money API: deposits, proofs, withdrawals and their confirmation, deposit limits, payment password,
 * transfers, the merchant wallet and the account record. Mounted ahead of the public API, so it applies the same
 * per-IP limit itself; each route parses its own body (proof uploads need a larger one).
 */
export function moneyApi(options: { clients: GatewayClients; cache: KeyValueStore; sessions: SessionResolver; requestsPerIpPerMinute: number }): Router {
  const { clients } = options;
  const router = express.Router();
  const limited: RequestHandler = async (req, _res, next) => {
    const limit = await checkRateLimit(options.cache, { name: 'api:ip', limit: options.requestsPerIpPerMinute, windowMs: 60_000 }, clientIp(req));
    next(limit.allowed ? undefined : new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } }));
  };
  const session = requireSession(options.sessions);
  const realAccount: RequestHandler = (req, _res, next) => next(isTrialType(req.principal!.type) ? new AppError('TRIAL_ACCOUNT_REFUSED') : undefined);
  const json = express.json({ limit: '64kb' });
  // Three images of 5 MB, base64-encoded, plus the JSON around them.
  const proofJson = express.json({ limit: '21mb' });
  const member = (req: Request) => {
    const { merchantCode, memberId, currency } = req.principal!;
    return { merchantCode, memberId, currency };
  };
  const guarded = [limited, session];
  const moving = [limited, session, realAccount];

  router.get('/wps/v2/deposit/methods', ...guarded, async (req, res) => {
    ok(res, await clients.wallet.listDepositMethods({ merchantCode: req.principal!.merchantCode }));
  });

  router.post('/wps/v2/deposit', ...moving, json, async (req, res) => {
    const key = idempotencyKey(req);
    const body = depositBodySchema.parse(req.body ?? {});
    ok(res, await clients.wallet.createDeposit({ ...member(req), methodCode: body.methodCode, amount: body.amount, idempotencyKey: key }));
  });

  router.post('/wps/v2/deposit/:id/proof', ...moving, proofJson, async (req, res) => {
    const depositId = pathId(req);
    const body = proofBodySchema.parse(req.body ?? {});
    ok(res, await clients.wallet.addDepositProof({ ...member(req), depositId, files: body.files }));
  });

  router.get('/wps/v2/deposits', ...guarded, async (req, res) => {
    const query = pageQuerySchema.parse(req.query);
    ok(res, await clients.wallet.listDeposits({ ...member(req), ...query }));
  });

  router.get('/wps/v2/withdrawals', ...guarded, async (req, res) => {
    const query = pageQuerySchema.parse(req.query);
    ok(res, await clients.wallet.listWithdrawals({ ...member(req), ...query }));
  });

  router.get('/wps/v2/wallets/deposit-limits', ...guarded, async (req, res) => {
    ok(res, await clients.wallet.getDepositLimits(member(req)));
  });

  router.put('/wps/v2/wallets/deposit-limits', ...moving, json, async (req, res) => {
    const body = depositLimitsBodySchema.parse(req.body ?? {});
    ok(res, await clients.wallet.setDepositLimits({ ...member(req), ...body }));
  });

  router.get('/wps/member/payment-password', ...guarded, async (req, res) => {
    ok(res, await clients.identity.getPaymentPasswordStatus({ memberId: req.principal!.memberId }));
  });

  router.put('/wps/member/payment-password', ...moving, json, async (req, res) => {
    const body = paymentPasswordBodySchema.parse(req.body ?? {});
    ok(
      res,
      await clients.identity.setPaymentPassword({
        memberId: req.principal!.memberId,
        password: body.password ?? '',
        confirmPassword: body.confirmPassword ?? '',
        oldPassword: body.oldPassword || undefined,
      }),
    );
  });

  router.post('/wps/v2/withdraw', ...moving, json, async (req, res) => {
    const key = idempotencyKey(req);
    const body = withdrawBodySchema.parse(req.body ?? {});
    await clients.identity.verifyPaymentPassword({ memberId: req.principal!.memberId, password: body.paymentPassword ?? '' });
    const withdrawal = await clients.wallet.createWithdrawal({
      ...member(req),
      amount: body.amount,
      bankName: body.bankName,
      accountName: body.accountName,
      accountNumber: body.accountNumber,
      idempotencyKey: key,
    });
    ok(res, withdrawal);
  });

  router.post('/wps/v2/withdrawals/:id/confirm', ...moving, proofJson, async (req, res) => {
    const withdrawalId = pathId(req);
    const body = withdrawalConfirmBodySchema.parse(req.body ?? {});
    ok(res, await clients.wallet.confirmWithdrawal({ ...member(req), withdrawalId, ...body }));
  });

  router.get('/wps/relay/GCS_merchantWallet', ...guarded, async (req, res) => {
    const [wallet, merchant] = await Promise.all([
      clients.wallet.getMerchantWallet(member(req)),
      clients.identity.resolveMerchant({ merchantCode: req.principal!.merchantCode }),
    ]);
    ok(res, { ...wallet, currencySymbol: merchant.currencySymbol });
  });

  router.post('/wps/relay/GCS_walletTransfer', ...moving, json, async (req, res) => {
    const key = idempotencyKey(req);
    const body = walletTransferBodySchema.parse(req.body ?? {});
    const { merchantCode, memberId, currency, type } = req.principal!;
    const target = await clients.identity.findMemberForTransfer({ merchantCode, fromMemberId: memberId, toAccount: body.toAccount });
    if (!target) throw new AppError('TRANSFER_ACCOUNT_NOT_FOUND', { field: 'toAccount' });
    await clients.identity.verifyPaymentPassword({ memberId, password: body.paymentPassword ?? '' });
    ok(
      res,
      await clients.wallet.transfer({
        merchantCode,
        currency,
        fromMemberId: memberId,
        fromType: type,
        toMemberId: target.id,
        toType: target.type,
        toIsDirectUplineOfFrom: target.isDirectUplineOfCaller,
        toIsInDownlineOfFrom: target.isInDownlineOfCaller,
        amount: body.amount,
        idempotencyKey: key,
      }),
    );
  });

  router.get('/wps/v2/wallets/transactions', ...guarded, async (req, res) => {
    // An empty filter (`type=`) means no filter.
    const query = transactionsQuerySchema.parse(Object.fromEntries(Object.entries(req.query).filter(([, value]) => value !== '')));
    ok(res, await clients.wallet.listAccountRecord({ ...member(req), ...query }));
  });

  return router;
}
