import { sql } from 'drizzle-orm';
import { rows, type ConsumedEvent, type Executor } from '@wps/platform';
import { isAgentType, type MemberRegistered } from '@wps/contracts';
import { tiersWithinCap } from '../../domain/offers.js';
import { periodContaining } from '../../domain/periods.js';
import type { OffersContext } from './context.js';
import { activeContract, brandTermsOf, contractById, lockMembers, recordChange } from './store.js';

/** Whether a registration brings contracts: an agent registered through an invitation link that carries some. */
export const bringsContracts = (member: MemberRegistered): boolean => isAgentType(member.type) && member.uplineId !== null && (member.invitation?.contracts.length ?? 0) > 0;

/**
 * An agent registered through an upline's invitation link starts with the link's contracts: registering was the
 * acceptance, so they are active at once, in force from the start of the current period. Each keeps only the tiers on
 * the brand's thresholds within the upline's own rates; a kind the brand does not offer, or that the upline has no
 * contract of, is left out. The member's tree node may not have arrived yet: the contract needs only the ids.
 */
export async function createInvitationContracts(tx: Executor, context: OffersContext, events: Array<ConsumedEvent<'member.registered'>>): Promise<void> {
  for (const { payload: member } of events) {
    if (!bringsContracts(member)) continue;
    const uplineId = member.uplineId!;
    await lockMembers(tx, [uplineId, member.memberId]);
    const now = context.now();
    for (const offered of member.invitation!.contracts) {
      const terms = await brandTermsOf(tx, member.merchantCode, offered.kind);
      if (!terms?.enabled) continue;
      const upline = await activeContract(tx, uplineId, offered.kind);
      if (!upline) continue;
      const tiers = tiersWithinCap(offered.tiers, terms.tiers, upline.tiers);
      if (tiers.length === 0) continue;
      const from = periodContaining(terms.period, now, terms.timeZone).start.toISOString();
      const [inserted] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO agent_contracts.contracts
              (merchant_code, kind, agent_id, offered_by, action, state, period, tiers, offered_at, expires_at, decided_at, effective_from)
            SELECT ${member.merchantCode}, ${offered.kind}, ${member.memberId}, ${uplineId}, 'offer', 'active', ${terms.period}, ${JSON.stringify(tiers)}::jsonb,
                   ${now.toISOString()}, ${now.toISOString()}, ${now.toISOString()}, ${from}::timestamptz
             WHERE NOT EXISTS (SELECT 1 FROM agent_contracts.contracts
                                WHERE agent_id = ${member.memberId} AND kind = ${offered.kind} AND action = 'offer' AND state = 'active')
            RETURNING id::text AS id`,
      );
      if (!inserted) continue;
      const contract = (await contractById(tx, inserted.id))!;
      await recordChange(tx, context.outbox, { ...contract, agentAccount: member.account }, member.merchantCode, 'accepted', now);
    }
  }
}
