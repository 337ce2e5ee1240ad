import { sql } from 'drizzle-orm';
import {
  formatMinor,
  type BalanceChanged,
  type ContractChanged,
  type ContractSettled,
  type DepositLimitsChanged,
  type WithdrawalPaid,
  type VipChanged,
  type InboxMessageKind,
  type MemberRegistered,
} from '@wps/contracts';
import { rows, type Executor, type Outbox } from '@wps/platform';
import { announceCounts } from './counts.js';
import { renderLetter, type LetterParams } from './letters.js';

/**
 * System letters: what events of other services mean for a member's inbox. Each letter carries an origin naming its
 * cause, so an event delivered again, or published again under a new id, never leaves a second letter.
 */

export interface SystemLetter {
  memberId: string;
  merchantCode: string;
  kind: InboxMessageKind;
  params: LetterParams;
  origin: string;
}

/** Writes the letters not written before (by origin) and announces the new counts of their members. */
export async function writeLetters(tx: Executor, outbox: Outbox, letters: readonly SystemLetter[]): Promise<number> {
  if (letters.length === 0) return 0;
  const records = letters.map((letter) => {
    const spanish = renderLetter(letter.kind, letter.params, 'ES')!;
    return { member_id: letter.memberId, merchant_code: letter.merchantCode, kind: letter.kind, params: letter.params, title: spanish.title, content: spanish.content, origin: letter.origin };
  });
  const written = await rows<{ member_id: string; merchant_code: string }>(
    tx,
    sql`INSERT INTO notices.messages (member_id, merchant_code, kind, params, title, content, origin)
        SELECT member_id, merchant_code, kind, params, title, content, origin
          FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
            AS r(member_id bigint, merchant_code text, kind text, params jsonb, title text, content text, origin text)
        ON CONFLICT (origin) DO NOTHING
        RETURNING member_id::text AS member_id, merchant_code`,
  );
  await announceCounts(
    tx,
    outbox,
    written.map((row) => ({ memberId: row.member_id, merchantCode: row.merchant_code })),
  );
  return written.length;
}

const amount = (minor: string | undefined, currency: string): string | null => {
  if (minor === undefined) return null;
  const value = BigInt(minor);
  return formatMinor(value < 0n ? -value : value, currency);
};

/** The welcome letter every new member finds. */
export const welcomeLetter = (member: MemberRegistered): SystemLetter => ({
  memberId: member.memberId,
  merchantCode: member.merchantCode,
  kind: 'welcome',
  params: { account: member.account },
  origin: `welcome:${member.memberId}`,
});

const BALANCE_KINDS: Partial<Record<string, InboxMessageKind>> = { deposit: 'deposit_approved', withdrawal_release: 'withdrawal_rejected' };

/** A credited deposit and a rejected withdrawal (its held money released) are written to the member. */
export const isBalanceLetter = (change: BalanceChanged): boolean => BALANCE_KINDS[change.cause] !== undefined;

export function balanceLetter(change: BalanceChanged): SystemLetter | undefined {
  const kind = BALANCE_KINDS[change.cause];
  if (!kind) return undefined;
  return {
    memberId: change.memberId,
    merchantCode: change.merchantCode,
    kind,
    params: { amount: amount(change.amountMinor, change.currency), currency: change.currency },
    origin: `balance:${change.transactionId}:${change.memberId}`,
  };
}

export const limitsLetter = (change: DepositLimitsChanged): SystemLetter => ({
  memberId: change.memberId,
  merchantCode: change.merchantCode,
  kind: 'deposit_limits',
  params: {
    currency: change.currency,
    daily: change.limits.daily,
    weekly: change.limits.weekly,
    monthly: change.limits.monthly,
    pendingAt: change.limits.pending?.effectiveAt ?? null,
  },
  origin: `limits:${change.memberId}:${change.currency}:${change.changedAt}`,
});

/**
 * Contract news for whoever must act on it or learn of it: an offer or a proposed termination to the agent; the answer
 * to the upline that offered; a withdrawn or expired offer and an ended contract to the agent.
 */
export function contractLetters(change: ContractChanged): SystemLetter[] {
  const about = { contractKind: change.kind, action: change.action, by: change.offeredByAccount, agent: change.agentAccount };
  const letter = (memberId: string, kind: InboxMessageKind): SystemLetter => ({
    memberId,
    merchantCode: change.merchantCode,
    kind,
    params: about,
    origin: `contract:${change.contractId}:${change.change}:${memberId}`,
  });
  switch (change.change) {
    case 'offered':
      return [letter(change.agentId, change.action === 'terminate' ? 'contract_termination_offer' : 'contract_offer')];
    case 'accepted':
      return change.offeredBy ? [letter(change.offeredBy, 'contract_accepted')] : [];
    case 'rejected':
      return change.offeredBy ? [letter(change.offeredBy, 'contract_rejected')] : [];
    case 'withdrawn':
      return [letter(change.agentId, 'contract_withdrawn')];
    case 'expired':
      return [letter(change.agentId, 'contract_expired')];
    case 'terminated':
    case 'superseded':
      return [letter(change.agentId, 'contract_ended')];
  }
}

/**
 * Payouts of contracts settled per day or longer (dividends, daily salary); hourly and real-time salaries pay up to
 * hundreds of times a day and are followed in the agent centre instead. Periods with nothing due leave no letter.
 */
export const isPayoutLetter = (settled: ContractSettled): boolean => (settled.kind === 'dividend' || settled.kind === 'daily') && (BigInt(settled.paidMinor) > 0n || BigInt(settled.debtMinor) > 0n);

export const payoutLetter = (settled: ContractSettled): SystemLetter => ({
  memberId: settled.agentId,
  merchantCode: settled.merchantCode,
  kind: 'contract_payout',
  params: {
    contractKind: settled.kind,
    currency: settled.currency,
    paid: amount(settled.paidMinor, settled.currency),
    debt: amount(settled.debtMinor, settled.currency),
    periodStart: settled.periodStart,
    periodEnd: settled.periodEnd,
  },
  origin: `payout:${settled.settlementId}`,
});

/** The operator answered a feedback submission: the member learns of it in the inbox (and the badge rises at once). */
export const feedbackReplyLetter = (reply: { feedbackId: string; replyId: string; memberId: string; merchantCode: string }): SystemLetter => ({
  memberId: reply.memberId,
  merchantCode: reply.merchantCode,
  kind: 'feedback_reply',
  params: { feedbackId: reply.feedbackId },
  origin: `feedback-reply:${reply.replyId}`,
});

/** A withdrawal sent to the member's bank (the wallet's `withdrawal.paid`; the member's balance did not move then). */
export const withdrawalPaidLetter = (paid: WithdrawalPaid): SystemLetter => ({
  memberId: paid.memberId,
  merchantCode: paid.merchantCode,
  kind: 'withdrawal_paid',
  params: { amount: amount(paid.amountMinor, paid.currency), currency: paid.currency },
  origin: `withdrawal-paid:${paid.withdrawalId}`,
});

/** A member reached a higher VIP level (the loyalty programme's `vip.changed`); a lower level leaves no letter. */
export const isVipUpgradeLetter = (change: VipChanged): boolean => change.toLevel > change.fromLevel;

export const vipUpgradeLetter = (change: VipChanged): SystemLetter => ({
  memberId: change.memberId,
  merchantCode: change.merchantCode,
  kind: 'vip_upgrade',
  params: { level: change.toLevel, labelName: change.labelName },
  origin: `vip:${change.memberId}:${change.version}`,
});
