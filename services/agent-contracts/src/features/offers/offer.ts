import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import { isAgentType, type ContractKind, type ContractTier, type ContractView } from '@wps/contracts';
import { firstRateAbove, tiersMismatch } from '../../domain/offers.js';
import { inTransaction, type OffersContext } from './context.js';
import { activeContract, brandTermsOf, contractById, lockMembers, recordChange, treeNode, updateContracts, type TreeNode } from './store.js';

interface Caller {
  memberId: string;
  merchantCode: string;
  memberType: number;
}

/** The caller's direct downline agent `agentId`, checked: the caller is an agent, and the target is not the caller. */
async function directDownlineAgent(executor: Executor, caller: Caller, agentId: string): Promise<TreeNode> {
  if (!isAgentType(caller.memberType)) throw new AppError('AGENT_ONLY');
  if (agentId === caller.memberId) throw new AppError('CONTRACT_SELF', { field: 'agentId' });
  const target = await treeNode(executor, agentId);
  if (!target || target.uplineId !== caller.memberId || target.merchantCode !== caller.merchantCode) throw new AppError('CONTRACT_NOT_DIRECT_DOWNLINE', { field: 'agentId' });
  if (!isAgentType(target.type)) throw new AppError('CONTRACT_TARGET_NOT_AGENT', { field: 'agentId' });
  return target;
}

/** A top agent (one without an upline) of the brand, for the platform's offers. */
async function topAgent(executor: Executor, input: { merchantCode: string; agentId: string }): Promise<TreeNode> {
  const target = await treeNode(executor, input.agentId);
  if (!target || target.merchantCode !== input.merchantCode) throw new AppError('NOT_FOUND', { field: 'agentId' });
  if (!isAgentType(target.type)) throw new AppError('CONTRACT_TARGET_NOT_AGENT', { field: 'agentId' });
  if (target.uplineId !== null) throw new AppError('CONTRACT_TARGET_NOT_TOP_AGENT', { field: 'agentId' });
  return target;
}

/** Stores a pending offer; a second pending one for the same agent and kind (even a racing one) is refused. */
async function insertPending(
  tx: Executor,
  offer: { merchantCode: string; kind: ContractKind; agentId: string; offeredBy: string | null; action: 'offer' | 'terminate'; period: string; tiers: ContractTier[]; terminates: string | null },
  now: Date,
  ttlHours: number,
): Promise<string> {
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000);
  const [inserted] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO agent_contracts.contracts (merchant_code, kind, agent_id, offered_by, action, state, period, tiers, offered_at, expires_at, terminates)
        VALUES (${offer.merchantCode}, ${offer.kind}, ${offer.agentId}, ${offer.offeredBy}, ${offer.action}, 'pending', ${offer.period},
                ${JSON.stringify(offer.tiers)}::jsonb, ${now.toISOString()}, ${expiresAt.toISOString()}, ${offer.terminates})
        ON CONFLICT (agent_id, kind) WHERE state = 'pending' DO NOTHING
        RETURNING id::text AS id`,
  );
  if (!inserted) throw new AppError('CONTRACT_OFFER_PENDING');
  return inserted.id;
}

/** Offers of terms: an upline to a direct downline agent, or the platform (offeredBy null) to a top agent. */
async function offerTerms(context: OffersContext, input: { merchantCode: string; offeredBy: string | null; target: TreeNode; kind: ContractKind; tiers: ContractTier[] }): Promise<ContractView> {
  const now = context.now();
  return inTransaction(context, async (tx) => {
    const terms = await brandTermsOf(tx, input.merchantCode, input.kind);
    if (!terms?.enabled) throw new AppError('CONTRACT_KIND_DISABLED', { field: 'kind' });
    const mismatch = tiersMismatch(input.tiers, terms.tiers);
    if (mismatch) throw new AppError('CONTRACT_TIERS_INVALID', { field: 'tiers', params: { detail: mismatch } });
    await lockMembers(tx, input.offeredBy ? [input.offeredBy, input.target.memberId] : [input.target.memberId]);
    let cap = terms.tiers;
    if (input.offeredBy) {
      const own = await activeContract(tx, input.offeredBy, input.kind);
      if (!own) throw new AppError('CONTRACT_UPLINE_NONE', { field: 'kind' });
      cap = own.tiers;
    }
    const above = firstRateAbove(input.tiers, cap);
    if (above) throw new AppError('CONTRACT_RATE_ABOVE_UPLINE', { field: 'tiers', params: above });
    const id = await insertPending(
      tx,
      { merchantCode: input.merchantCode, kind: input.kind, agentId: input.target.memberId, offeredBy: input.offeredBy, action: 'offer', period: terms.period, tiers: input.tiers, terminates: null },
      now,
      terms.offerTtlHours,
    );
    const offer = (await contractById(tx, id))!;
    await recordChange(tx, context.outbox, offer, input.merchantCode, 'offered', now);
    return offer;
  });
}

/** An agent offers a direct downline agent a contract within its own rates. */
export async function offerContract(context: OffersContext, input: Caller & { agentId: string; kind: ContractKind; tiers: ContractTier[] }): Promise<ContractView> {
  const target = await directDownlineAgent(context.db.orm, input, input.agentId);
  return offerTerms(context, { merchantCode: input.merchantCode, offeredBy: input.memberId, target, kind: input.kind, tiers: input.tiers });
}

/** The platform offers a top agent (one without an upline) a contract within the brand's rates. */
export async function operatorOfferContract(context: OffersContext, input: { merchantCode: string; agentId: string; kind: ContractKind; tiers: ContractTier[] }): Promise<ContractView> {
  const target = await topAgent(context.db.orm, input);
  return offerTerms(context, { merchantCode: input.merchantCode, offeredBy: null, target, kind: input.kind, tiers: input.tiers });
}

/** Offers of termination of the target's active contract: by its upline, or by the platform (offeredBy null) to a top agent. */
async function terminationOffer(context: OffersContext, input: { merchantCode: string; offeredBy: string | null; target: TreeNode; kind: ContractKind }): Promise<ContractView> {
  const now = context.now();
  return inTransaction(context, async (tx) => {
    await lockMembers(tx, input.offeredBy ? [input.offeredBy, input.target.memberId] : [input.target.memberId]);
    const active = await activeContract(tx, input.target.memberId, input.kind);
    if (!active) throw new AppError('CONTRACT_NONE_ACTIVE', { field: 'agentId' });
    const terms = await brandTermsOf(tx, input.merchantCode, input.kind);
    const id = await insertPending(
      tx,
      {
        merchantCode: input.merchantCode,
        kind: input.kind,
        agentId: input.target.memberId,
        offeredBy: input.offeredBy,
        action: 'terminate',
        period: active.period,
        tiers: [],
        terminates: active.contractId,
      },
      now,
      terms?.offerTtlHours ?? 168,
    );
    const offer = (await contractById(tx, id))!;
    await recordChange(tx, context.outbox, offer, input.merchantCode, 'offered', now);
    return offer;
  });
}

/** An agent offers a direct downline agent the termination of its active contract; accepted, it ends at the next period. */
export async function offerTermination(context: OffersContext, input: Caller & { agentId: string; kind: ContractKind }): Promise<ContractView> {
  const target = await directDownlineAgent(context.db.orm, input, input.agentId);
  return terminationOffer(context, { merchantCode: input.merchantCode, offeredBy: input.memberId, target, kind: input.kind });
}

/** The platform offers a top agent the termination of its active contract. */
export async function operatorOfferTermination(context: OffersContext, input: { merchantCode: string; agentId: string; kind: ContractKind }): Promise<ContractView> {
  const target = await topAgent(context.db.orm, input);
  return terminationOffer(context, { merchantCode: input.merchantCode, offeredBy: null, target, kind: input.kind });
}

/** Withdraws a pending offer made by `offeredBy` (null: the platform); an offer of someone else is not found. */
async function withdraw(context: OffersContext, input: { merchantCode: string; offeredBy: string | null; contractId: string }): Promise<ContractView> {
  const offer = await contractById(context.db.orm, input.contractId);
  if (!offer || offer.offeredBy !== input.offeredBy) throw new AppError('CONTRACT_NOT_FOUND', { field: 'contractId' });
  const now = context.now();
  return inTransaction(context, async (tx) => {
    await lockMembers(tx, input.offeredBy ? [input.offeredBy, offer.agentId] : [offer.agentId]);
    const [withdrawn] = await updateContracts(
      tx,
      sql`state = 'withdrawn', decided_at = ${now.toISOString()}`,
      sql`c.id = ${offer.contractId} AND c.merchant_code = ${input.merchantCode} AND c.state = 'pending'`,
    );
    if (!withdrawn) throw new AppError('CONTRACT_NOT_PENDING');
    await recordChange(tx, context.outbox, withdrawn.view, withdrawn.merchantCode, 'withdrawn', now);
    return withdrawn.view;
  });
}

/** An agent withdraws an offer of its own that still waits for an answer. */
export async function withdrawOffer(context: OffersContext, input: Caller & { contractId: string }): Promise<ContractView> {
  if (!isAgentType(input.memberType)) throw new AppError('AGENT_ONLY');
  return withdraw(context, { merchantCode: input.merchantCode, offeredBy: input.memberId, contractId: input.contractId });
}

/** The platform withdraws one of its offers to a top agent that still waits for an answer. */
export async function operatorWithdrawOffer(context: OffersContext, input: { merchantCode: string; contractId: string }): Promise<ContractView> {
  return withdraw(context, { merchantCode: input.merchantCode, offeredBy: null, contractId: input.contractId });
}
