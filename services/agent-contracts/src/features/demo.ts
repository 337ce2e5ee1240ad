import { sql } from 'drizzle-orm';
import { rows, type Database, type Executor, type Logger } from '@wps/platform';
import type { BetSettled, ContractKind, ContractTier } from '@wps/contracts';
import { DEMO_TERMS, DEMO_TERMS_SETTINGS } from '../domain/offers.js';
import { periodContaining } from '../domain/periods.js';
import { recordSettledBets } from './team/record-bets.js';
import { DEMO_MERCHANT_CODE, ensureDemoTerms } from './offers/terms.js';

/**
 * The demo brand's agent programme on a fresh install: the brand's terms, contracts of every kind in every state down
 * the demo agent's three-level team, and the team's play of the last 30 days, so that the agent centre's reports have
 * history and the settlement pays the closed periods through the ledger on its first run.
 *
 * The team's play is generated here as settled bets of the vendor `DEMO_HISTORY` (a fixed seed, so every fresh install
 * shows the same figures); those rounds exist in the agent centre's reports only, not in the members' own betting
 * records. Everything after them is real: the settlement computes each period from them and pays it in the wallet.
 */

const TEAM_ACCOUNTS = [
  'demoagent',
  'demoplayer',
  'demoplayer2',
  'demosub1',
  'demosub2',
  'demosub3',
  'demo11',
  'demo12',
  'demo13',
  'demosub11',
  'demo111',
  'demo112',
  'demo21',
  'demo22',
  'demo31',
] as const;
type Account = (typeof TEAM_ACCOUNTS)[number];
const PLAYERS: readonly Account[] = ['demoplayer', 'demoplayer2', 'demo11', 'demo12', 'demo13', 'demo111', 'demo112', 'demo21', 'demo22', 'demo31'];

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 30;
const GAME_TYPES = ['RNG', 'LIVE', 'SPORTS', 'FISH', 'PVP'] as const;
/** The demo team's tree arrives through `member.registered`; it is waited for this long at most. */
const TREE_WAIT_MS = 120_000;

/** A small deterministic generator (mulberry32): the same history on every fresh install. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The brand's tiers with every rate scaled (a downline gets less than its upline), rounded down to a basis point. */
const scaled = (tiers: readonly ContractTier[], share: number): ContractTier[] => tiers.map((tier) => ({ ...tier, rateBp: Math.floor(tier.rateBp * share) }));

interface DemoContract {
  kind: ContractKind;
  agent: Account;
  /** null: the platform offered it. */
  by: Account | null;
  state: 'pending' | 'active' | 'rejected' | 'expired' | 'withdrawn' | 'superseded' | 'terminated';
  share: number;
  /** How long before now it was offered, and (accepted ones) from how many periods back it is in force. */
  offeredDaysAgo: number;
  inForceFrom?: Date;
  endedAt?: Date;
  endReason?: string;
}

/** The first period boundary at or after `at`, in the brand's time zone. */
const boundary = (kind: ContractKind, at: Date): Date => {
  const period = periodContaining(DEMO_TERMS[kind].period, at, DEMO_TERMS_SETTINGS.timeZone);
  return period.start.getTime() === at.getTime() ? period.start : period.end;
};

function demoContracts(now: Date): DemoContract[] {
  const historyStart = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
  // Contracts in force over the whole history start at its first boundary; hourly and real-time ones more recently,
  // so the first settlement of a fresh install pays a few dozen periods rather than thousands.
  const since: Record<ContractKind, Date> = {
    dividend: boundary('dividend', new Date(historyStart.getTime() - 16 * DAY_MS)),
    daily: boundary('daily', historyStart),
    hourly: boundary('hourly', new Date(now.getTime() - 2 * DAY_MS)),
    realtime: boundary('realtime', new Date(now.getTime() - 2 * 3_600_000)),
  };
  const kinds: ContractKind[] = ['dividend', 'daily', 'hourly', 'realtime'];
  const list: DemoContract[] = [];
  for (const kind of kinds) {
    // The platform's contract with the top agent, and the demo agent's with its first sub-agent: all in force.
    list.push({ kind, agent: 'demoagent', by: null, state: 'active', share: 1, offeredDaysAgo: 40, inForceFrom: since[kind] });
    list.push({ kind, agent: 'demosub1', by: 'demoagent', state: 'active', share: 0.6, offeredDaysAgo: 39, inForceFrom: since[kind] });
  }
  // One level further down: two kinds in force, an offer waiting for an answer, and a rejected one.
  list.push({ kind: 'dividend', agent: 'demosub11', by: 'demosub1', state: 'active', share: 0.3, offeredDaysAgo: 38, inForceFrom: since.dividend });
  list.push({ kind: 'daily', agent: 'demosub11', by: 'demosub1', state: 'active', share: 0.3, offeredDaysAgo: 38, inForceFrom: since.daily });
  list.push({ kind: 'hourly', agent: 'demosub11', by: 'demosub1', state: 'pending', share: 0.4, offeredDaysAgo: 1 });
  list.push({ kind: 'realtime', agent: 'demosub11', by: 'demosub1', state: 'rejected', share: 0.4, offeredDaysAgo: 3 });
  // The second sub-agent: daily salary in force, a dividend offer waiting, an hourly offer that expired, a withdrawn one.
  list.push({ kind: 'daily', agent: 'demosub2', by: 'demoagent', state: 'active', share: 0.5, offeredDaysAgo: 35, inForceFrom: since.daily });
  list.push({ kind: 'dividend', agent: 'demosub2', by: 'demoagent', state: 'pending', share: 0.5, offeredDaysAgo: 2 });
  list.push({ kind: 'hourly', agent: 'demosub2', by: 'demoagent', state: 'expired', share: 0.5, offeredDaysAgo: 10 });
  list.push({ kind: 'realtime', agent: 'demosub2', by: 'demoagent', state: 'withdrawn', share: 0.5, offeredDaysAgo: 4 });
  // The third: a dividend contract superseded by a better one, and a daily salary that ended by an accepted termination.
  const switchedAt = boundary('dividend', new Date(now.getTime() - 12 * DAY_MS));
  list.push({ kind: 'dividend', agent: 'demosub3', by: 'demoagent', state: 'superseded', share: 0.3, offeredDaysAgo: 37, inForceFrom: since.dividend, endedAt: switchedAt, endReason: 'superseded' });
  list.push({ kind: 'dividend', agent: 'demosub3', by: 'demoagent', state: 'active', share: 0.5, offeredDaysAgo: 14, inForceFrom: switchedAt });
  const stoppedAt = boundary('daily', new Date(now.getTime() - 6 * DAY_MS));
  list.push({ kind: 'daily', agent: 'demosub3', by: 'demoagent', state: 'terminated', share: 0.4, offeredDaysAgo: 36, inForceFrom: since.daily, endedAt: stoppedAt, endReason: 'terminated' });
  // And an offer to the demo agent itself, from the platform: new dividend terms, waiting for its answer.
  list.push({ kind: 'dividend', agent: 'demoagent', by: null, state: 'pending', share: 1, offeredDaysAgo: 0 });
  return list;
}

/** The team's settled bets of the last 30 days: each player plays most days, 10 to 40 rounds, in the afternoon and evening. */
export function demoHistory(ids: Readonly<Record<Account, string>>, lineage: Readonly<Record<string, string[]>>, now: Date): BetSettled[] {
  const next = random(20_261_125);
  const bets: BetSettled[] = [];
  const start = now.getTime() - HISTORY_DAYS * DAY_MS;
  for (const player of PLAYERS) {
    const memberId = ids[player];
    // Players differ: some stake more, some play more often.
    const stakeScale = 0.5 + next() * 2;
    for (let day = 0; day <= HISTORY_DAYS; day++) {
      if (next() < 0.15) continue;
      const rounds = 10 + Math.floor(next() * 30);
      for (let round = 0; round < rounds; round++) {
        const at = start + day * DAY_MS + Math.floor((0.55 + next() * 0.45) * DAY_MS);
        if (at > now.getTime() - 60_000) continue;
        const betMinor = BigInt(Math.round((100 + next() * 1_900) * stakeScale)) * 100n;
        // About 93 % returned to players over many rounds, with a few big wins.
        const roll = next();
        const multiplier = roll < 0.53 ? 0 : roll < 0.98 ? 1.5 + next() * 0.5 : 4 + next() * 6;
        const winMinor = BigInt(Math.floor(Number(betMinor) * multiplier));
        const betId = `demo-history-${memberId}-${bets.length}`;
        bets.push({
          betId,
          vendor: 'DEMO_HISTORY',
          roundId: betId,
          gameType: GAME_TYPES[Math.floor(next() * GAME_TYPES.length)]!,
          gameCode: null,
          memberId,
          merchantCode: DEMO_MERCHANT_CODE,
          account: player,
          agentPath: lineage[memberId] ?? null,
          currency: 'MXN',
          betAmountMinor: betMinor.toString(),
          validBetMinor: betMinor.toString(),
          winAmountMinor: winMinor.toString(),
          adjustAmountMinor: '0',
          state: 'settled',
          revision: 0,
          settledAt: new Date(at).toISOString(),
        });
      }
    }
  }
  return bets;
}

async function demoTree(executor: Executor): Promise<{ ids: Record<Account, string>; lineage: Record<string, string[]> } | null> {
  const found = await rows<{ member_id: string; account: string; path: string | null }>(
    executor,
    sql`SELECT member_id::text AS member_id, account, path FROM agent_contracts.agent_tree
         WHERE merchant_code = ${DEMO_MERCHANT_CODE} AND account IN (SELECT jsonb_array_elements_text(${JSON.stringify(TEAM_ACCOUNTS)}::jsonb))`,
  );
  if (found.length < TEAM_ACCOUNTS.length || found.some((row) => row.path === null)) return null;
  const ids = Object.fromEntries(found.map((row) => [row.account, row.member_id])) as Record<Account, string>;
  const lineage = Object.fromEntries(found.map((row) => [row.member_id, row.path!.split('/').filter(Boolean).slice(0, -1)]));
  return { ids, lineage };
}

/**
 * Seeds the demo brand's programme once: terms, then (when the demo team is in the tree and no contract exists yet)
 * the contracts and the team's history. Answers whether it seeded the contracts now.
 */
export async function seedDemoProgramme(db: Database, logger: Logger, options: { now?: Date; waitMs?: number; stopped?: () => boolean } = {}): Promise<boolean> {
  const now = options.now ?? new Date();
  await ensureDemoTerms(db);
  const deadline = Date.now() + (options.waitMs ?? TREE_WAIT_MS);
  let tree = await demoTree(db.orm);
  while (!tree && Date.now() < deadline && !options.stopped?.()) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    tree = await demoTree(db.orm);
  }
  if (!tree) {
    if (options.stopped?.()) return false;
    logger.warn('the demo team is not in the agent tree; its contracts and history are not seeded');
    return false;
  }
  const { ids, lineage } = tree;
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('agent-contracts.demo'))`);
    const [existing] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM agent_contracts.contracts WHERE merchant_code = ${DEMO_MERCHANT_CODE}`);
    if ((existing?.n ?? 0) > 0) return false;
    for (const contract of demoContracts(now)) {
      const terms = DEMO_TERMS[contract.kind];
      const offeredAt = new Date(now.getTime() - contract.offeredDaysAgo * DAY_MS);
      const expiresAt =
        contract.state === 'expired' ? new Date(offeredAt.getTime() + DEMO_TERMS_SETTINGS.offerTtlHours * 3_600_000) : new Date(now.getTime() + DEMO_TERMS_SETTINGS.offerTtlHours * 3_600_000);
      const decidedAt = contract.state === 'pending' ? null : contract.state === 'expired' ? expiresAt : new Date(offeredAt.getTime() + 3_600_000);
      const accepted = ['active', 'superseded', 'terminated'].includes(contract.state);
      const [inserted] = await rows<{ id: string }>(
        tx,
        sql`
        INSERT INTO agent_contracts.contracts
          (merchant_code, kind, agent_id, offered_by, action, state, period, tiers, offered_at, expires_at, decided_at, effective_from, ended_at, end_reason)
        VALUES (${DEMO_MERCHANT_CODE}, ${contract.kind}, ${ids[contract.agent]}, ${contract.by ? ids[contract.by] : null}, 'offer', ${contract.state},
                ${terms.period}, ${JSON.stringify(scaled(terms.tiers, contract.share))}::jsonb, ${offeredAt.toISOString()}, ${expiresAt.toISOString()},
                ${decidedAt?.toISOString() ?? null}, ${accepted ? (contract.inForceFrom ?? now).toISOString() : null},
                ${contract.endedAt?.toISOString() ?? null}, ${contract.endReason ?? null})
        RETURNING id::text AS id`,
      );
      if (contract.state === 'terminated' && contract.endedAt) {
        // The upline's accepted offer of termination that ended it.
        const offered = new Date(contract.endedAt.getTime() - 2 * DAY_MS);
        await tx.execute(sql`
          INSERT INTO agent_contracts.contracts
            (merchant_code, kind, agent_id, offered_by, action, state, period, tiers, offered_at, expires_at, decided_at, effective_from, terminates)
          VALUES (${DEMO_MERCHANT_CODE}, ${contract.kind}, ${ids[contract.agent]}, ${contract.by ? ids[contract.by] : null}, 'terminate', 'active',
                  ${terms.period}, '[]'::jsonb, ${offered.toISOString()}, ${new Date(offered.getTime() + DEMO_TERMS_SETTINGS.offerTtlHours * 3_600_000).toISOString()},
                  ${new Date(offered.getTime() + 3_600_000).toISOString()}, ${contract.endedAt.toISOString()}, ${inserted!.id})`);
      }
    }
    const history = demoHistory(ids, lineage, now);
    for (let index = 0; index < history.length; index += 500) await recordSettledBets(tx, history.slice(index, index + 500));
    return true;
  });
  if (seeded) logger.info({ merchantCode: DEMO_MERCHANT_CODE }, 'demo agent programme seeded: contracts and 30 days of team play');
  return seeded;
}
