import { sql } from 'drizzle-orm';
import { consumeBatches, type Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';
import type { NoticesDeps, NoticesModule } from '../module.js';
import { deleteMessage, listMessages, readAllMessages, readMessage, unreadCount } from './messages.js';
import { listBroadcasts, sendBroadcast, sendLetter, withdrawBroadcast } from './broadcasts.js';
import { unreadOf } from './counts.js';
import { BroadcastExpiries } from './expiries.js';
import { startMemberBackfill } from './backfill.js';
import {
  balanceLetter,
  contractLetters,
  isBalanceLetter,
  isPayoutLetter,
  isVipUpgradeLetter,
  limitsLetter,
  payoutLetter,
  vipUpgradeLetter,
  welcomeLetter,
  withdrawalPaidLetter,
  writeLetters,
  type SystemLetter,
} from './system-letters.js';
import { demoLetters, seedDemoBroadcasts } from './demo.js';

const SCHEMA = 'notices';
/** How long a batch of the balances topic may wait for more events. */
const BALANCES_LINGER_MS = 500;

/** Consumer groups (also the consumers' dedupe names). */
const GROUPS = {
  members: 'notices.inbox.members',
  balances: 'notices.inbox.balances',
  limits: 'notices.inbox.deposit-limits',
  contracts: 'notices.inbox.contracts',
  payouts: 'notices.inbox.payouts',
  withdrawals: 'notices.inbox.withdrawals-paid',
  vip: 'notices.inbox.vip',
};

type InboxMethods =
  | 'listMessages'
  | 'readMessage'
  | 'readAllMessages'
  | 'deleteMessage'
  | 'unreadCount'
  | 'unreadCounts'
  | 'operatorSendBroadcast'
  | 'operatorListBroadcasts'
  | 'operatorWithdrawBroadcast'
  | 'operatorSendLetter';

/**
 * The members the inbox knows (brand, type, registration; VIP level 0 until the loyalty programme sets it), which
 * resolve broadcast segments without asking identity.
 */
async function projectMembers(tx: Executor, members: readonly MemberRegistered[]): Promise<void> {
  const records = members.map((member) => ({ member_id: member.memberId, merchant_code: member.merchantCode, type: member.type, registered_at: member.registeredAt }));
  await tx.execute(
    sql`INSERT INTO notices.inbox_members (member_id, merchant_code, type, registered_at)
        SELECT member_id, merchant_code, type, registered_at FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          AS r(member_id bigint, merchant_code text, type int, registered_at timestamptz)
        ON CONFLICT (member_id) DO UPDATE SET merchant_code = EXCLUDED.merchant_code, type = EXCLUDED.type, registered_at = EXCLUDED.registered_at`,
  );
}

/** The inbox: letters to one member, operator broadcasts (with the timer of their expiries), the unread count. */
export function createInboxModule(deps: NoticesDeps): NoticesModule<InboxMethods> {
  const { db, bus, outbox } = deps;
  const expiries = new BroadcastExpiries(deps);
  /** A consumer's batch as letters; their counts go out when the batch commits (the outbox's notification wakes the relay). */
  const lettersOf =
    <P>(toLetters: (payload: P) => SystemLetter[]) =>
    async (tx: Executor, events: ReadonlyArray<{ payload: P }>): Promise<void> => {
      await writeLetters(
        tx,
        outbox,
        events.flatMap((event) => toLetters(event.payload)),
      );
    };

  return {
    handlers: {
      listMessages: (input) => listMessages(deps, input),
      readMessage: (input) => readMessage(deps, input),
      readAllMessages: (input) => readAllMessages(deps, input),
      deleteMessage: (input) => deleteMessage(deps, input),
      unreadCount: (input) => unreadCount(deps, input),
      unreadCounts: async (input) => ({ counts: await unreadOf(db.orm, input.merchantCode, input.memberIds, input.broadcastId) }),
      operatorSendBroadcast: async (input) => {
        const sent = await sendBroadcast(deps, input);
        if (sent.expiresAt) expiries.look();
        return sent;
      },
      operatorListBroadcasts: (input) => listBroadcasts(deps, input),
      operatorWithdrawBroadcast: (input) => withdrawBroadcast(deps, input),
      operatorSendLetter: (input) => sendLetter(deps, input),
    },
    async start() {
      if (deps.config.SEED_DEMO && (await seedDemoBroadcasts(db, outbox)) > 0) deps.wakeRelay();
      const consumers = await Promise.all([
        consumeBatches(
          { db, bus },
          {
            schema: SCHEMA,
            group: GROUPS.members,
            type: 'member.registered',
            handle: async (tx, events) => {
              const members = events.map((event) => event.payload);
              await projectMembers(tx, members);
              await lettersOf((member: MemberRegistered) => [welcomeLetter(member), ...(deps.config.SEED_DEMO ? demoLetters(member) : [])])(tx, events);
            },
          },
        ),
        // The balances topic carries every bet and win: letters wait up to half a second, so a burst is read in a few
        // large batches rather than thousands of small ones.
        consumeBatches(
          { db, bus },
          { schema: SCHEMA, group: GROUPS.balances, type: 'balance.changed', relevant: isBalanceLetter, lingerMs: BALANCES_LINGER_MS, handle: lettersOf((change) => [balanceLetter(change)!]) },
        ),
        consumeBatches({ db, bus }, { schema: SCHEMA, group: GROUPS.limits, type: 'deposit_limits.changed', lingerMs: BALANCES_LINGER_MS, handle: lettersOf((change) => [limitsLetter(change)]) }),
        consumeBatches({ db, bus }, { schema: SCHEMA, group: GROUPS.withdrawals, type: 'withdrawal.paid', lingerMs: BALANCES_LINGER_MS, handle: lettersOf((paid) => [withdrawalPaidLetter(paid)]) }),
        consumeBatches(
          { db, bus },
          {
            schema: SCHEMA,
            group: GROUPS.vip,
            type: 'vip.changed',
            handle: async (tx, events) => {
              // The member's level is kept for VIP broadcasts (a member's changes arrive in order, the newest of a batch wins).
              // A member the inbox has not heard of yet gets a row of brand and level; the registration, or the fill from
              // identity, completes it and leaves the level.
              const levels = events.map(({ payload }) => ({ member_id: payload.memberId, merchant_code: payload.merchantCode, vip_level: payload.toLevel, version: payload.version }));
              await tx.execute(
                sql`INSERT INTO notices.inbox_members AS m (member_id, merchant_code, vip_level)
                    SELECT DISTINCT ON (member_id) member_id, merchant_code, vip_level
                      FROM jsonb_to_recordset(${JSON.stringify(levels)}::jsonb) AS r(member_id bigint, merchant_code text, vip_level int, version int)
                     ORDER BY member_id, version DESC
                    ON CONFLICT (member_id) DO UPDATE SET vip_level = EXCLUDED.vip_level`,
              );
              await writeLetters(
                tx,
                outbox,
                events.filter(({ payload }) => isVipUpgradeLetter(payload)).map(({ payload }) => vipUpgradeLetter(payload)),
              );
            },
          },
        ),
        consumeBatches({ db, bus }, { schema: SCHEMA, group: GROUPS.contracts, type: 'contract.changed', handle: lettersOf(contractLetters) }),
        consumeBatches({ db, bus }, { schema: SCHEMA, group: GROUPS.payouts, type: 'contract.settled', relevant: isPayoutLetter, handle: lettersOf((settled) => [payoutLetter(settled)]) }),
      ]);
      // Members whose registration never reached the inbox are filled in from identity, in the background.
      return [...consumers, expiries.start(), startMemberBackfill(deps)];
    },
  };
}
