import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { ContractKind, ContractTier, ContractView } from '@wps/contracts';
import { exceedsCap } from '../../domain/offers.js';
import { nextPeriodStart } from '../../domain/periods.js';
import { inTransaction, type OffersContext } from './context.js';
import { brandTermsOf, contractById, findContracts, lockMembers, recordChange, updateContracts } from './store.js';

/** Why a downline's contract ended when its upline's rates fell below it (spec §4). */
export const UPLINE_RATE_DROPPED = 'upline-rate-dropped';

type Answer = { kind: 'answered'; contract: ContractView } | { kind: 'expired' };

/**
 * The offered agent accepts or rejects an offer. Accepting terms makes them the agent's contract from the start of the
 * next period in the brand's time zone and ends the previous one at that boundary; accepting a termination ends the
 * active contract there. Either way, downline contracts above the agent's new rates end at the same boundary, down
 * the tree. An offer is answered once: an answered, withdrawn or expired one is refused.
 */
export async function answerOffer(context: OffersContext, input: { memberId: string; merchantCode: string; kind: ContractKind; contractId: string; accept: boolean }): Promise<ContractView> {
  const offer = await contractById(context.db.orm, input.contractId);
  if (!offer || offer.agentId !== input.memberId || offer.kind !== input.kind) throw new AppError('CONTRACT_NOT_FOUND', { field: 'contractId' });
  const now = context.now();
  const answer = await inTransaction<Answer>(context, async (tx) => {
    await lockMembers(tx, [input.memberId]);
    const [current] = await rows<{ state: string; expires_at: Date | string; merchant_code: string }>(
      tx,
      sql`SELECT state, expires_at, merchant_code FROM agent_contracts.contracts WHERE id = ${offer.contractId} FOR UPDATE`,
    );
    if (!current || current.merchant_code !== input.merchantCode) throw new AppError('CONTRACT_NOT_FOUND', { field: 'contractId' });
    if (current.state === 'expired') throw new AppError('CONTRACT_OFFER_EXPIRED');
    if (current.state !== 'pending') throw new AppError('CONTRACT_NOT_PENDING');
    if (new Date(current.expires_at).getTime() <= now.getTime()) {
      // Expired while nobody swept it yet: it ends as expired, as the sweep would have ended it.
      const [expired] = await updateContracts(tx, sql`state = 'expired', decided_at = ${now.toISOString()}`, sql`c.id = ${offer.contractId}`);
      await recordChange(tx, context.outbox, expired!.view, expired!.merchantCode, 'expired', now);
      return { kind: 'expired' };
    }
    if (!input.accept) {
      const [rejected] = await updateContracts(tx, sql`state = 'rejected', decided_at = ${now.toISOString()}`, sql`c.id = ${offer.contractId}`);
      await recordChange(tx, context.outbox, rejected!.view, rejected!.merchantCode, 'rejected', now);
      return { kind: 'answered', contract: rejected!.view };
    }
    const terms = await brandTermsOf(tx, input.merchantCode, input.kind);
    const boundary = nextPeriodStart(offer.period, now, terms?.timeZone ?? 'UTC');
    const from = boundary.toISOString();
    if (offer.action === 'offer') {
      const superseded = await updateContracts(
        tx,
        sql`state = 'superseded', ended_at = GREATEST(${from}::timestamptz, effective_from), end_reason = 'superseded'`,
        sql`c.agent_id = ${input.memberId} AND c.kind = ${input.kind} AND c.action = 'offer' AND c.state = 'active'`,
      );
      for (const ended of superseded) await recordChange(tx, context.outbox, ended.view, ended.merchantCode, 'superseded', now);
    } else {
      const terminated = await updateContracts(
        tx,
        sql`state = 'terminated', ended_at = GREATEST(${from}::timestamptz, effective_from), end_reason = 'terminated'`,
        sql`c.id = ${offer.terminates} AND c.state = 'active'`,
      );
      for (const ended of terminated) await recordChange(tx, context.outbox, ended.view, ended.merchantCode, 'terminated', now);
    }
    const [accepted] = await updateContracts(tx, sql`state = 'active', decided_at = ${now.toISOString()}, effective_from = ${from}::timestamptz`, sql`c.id = ${offer.contractId}`);
    await recordChange(tx, context.outbox, accepted!.view, accepted!.merchantCode, 'accepted', now);
    await endContractsAboveRates(tx, context, { agentId: input.memberId, kind: input.kind, cap: offer.action === 'offer' ? offer.tiers : null, boundary, now });
    return { kind: 'answered', contract: accepted!.view };
  });
  if (answer.kind === 'expired') throw new AppError('CONTRACT_OFFER_EXPIRED');
  return answer.contract;
}

/**
 * After an agent's rates change (`cap`, or null when it has no contract any more), every direct downline whose
 * contract pays more on some tier has it terminated at `boundary`, and offers to them above the new rates are
 * withdrawn; a downline that loses its contract does the same to its own downlines, to the bottom of the tree.
 */
export async function endContractsAboveRates(
  tx: Executor,
  context: OffersContext,
  change: { agentId: string; kind: ContractKind; cap: ContractTier[] | null; boundary: Date; now: Date },
): Promise<void> {
  const open = await findContracts(
    tx,
    sql`c.offered_by = ${change.agentId} AND c.kind = ${change.kind} AND (c.state = 'pending' OR (c.state = 'active' AND c.action = 'offer'))`,
    sql`c.agent_id, c.id`,
  );
  const downlines = [...new Set(open.map((contract) => contract.agentId))];
  for (const downline of downlines) {
    await lockMembers(tx, [downline]);
    // Read again under the lock: the downline may have answered meanwhile.
    const contracts = await findContracts(
      tx,
      sql`c.agent_id = ${downline} AND c.offered_by = ${change.agentId} AND c.kind = ${change.kind} AND (c.state = 'pending' OR (c.state = 'active' AND c.action = 'offer'))`,
    );
    const active = contracts.find((contract) => contract.state === 'active');
    let lostContract = false;
    if (active && exceedsCap(active.tiers, change.cap)) {
      const [terminated] = await updateContracts(
        tx,
        sql`state = 'terminated', ended_at = GREATEST(${change.boundary.toISOString()}::timestamptz, effective_from), end_reason = ${UPLINE_RATE_DROPPED}`,
        sql`c.id = ${active.contractId} AND c.state = 'active'`,
      );
      if (terminated) {
        await recordChange(tx, context.outbox, terminated.view, terminated.merchantCode, 'terminated', change.now);
        lostContract = true;
      }
    }
    const withdraw = contracts.filter(
      (contract) => contract.state === 'pending' && (contract.action === 'offer' ? exceedsCap(contract.tiers, change.cap) : lostContract && contract.terminates === active?.contractId),
    );
    for (const offer of withdraw) {
      const [withdrawn] = await updateContracts(
        tx,
        sql`state = 'withdrawn', decided_at = ${change.now.toISOString()}, end_reason = ${UPLINE_RATE_DROPPED}`,
        sql`c.id = ${offer.contractId} AND c.state = 'pending'`,
      );
      if (withdrawn) await recordChange(tx, context.outbox, withdrawn.view, withdrawn.merchantCode, 'withdrawn', change.now);
    }
    if (lostContract) await endContractsAboveRates(tx, context, { agentId: downline, kind: change.kind, cap: null, boundary: change.boundary, now: change.now });
  }
}
