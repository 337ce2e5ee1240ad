import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { ContractKind } from '@wps/contracts';
import { carryIn, settlePeriod, type SettlementInput, type SettlementLine, type Tier } from '../../domain/settlement.js';
import { sameMonth, type Period, type PeriodType } from '../../domain/periods.js';

/** A brand's terms for one contract kind, as settlement reads them. */
export interface BrandTerms {
  merchantCode: string;
  kind: ContractKind;
  period: PeriodType;
  tiers: Tier[];
  activeThresholdMinor: bigint;
  carryResetsMonthly: boolean;
  timeZone: string;
  settleDelayMinutes: number;
}

interface ContractRow {
  id: string;
  agent_id: string;
  offered_by: string | null;
  tiers: unknown;
  path: string | null;
}

const jsonValue = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export function parseTiers(value: unknown): Tier[] {
  const list = jsonValue(value);
  if (!Array.isArray(list)) return [];
  return list.map((tier: { minBaseMinor?: string | number; minActive?: number; rateBp?: number; on?: Tier['on'] }) => ({
    minBaseMinor: BigInt(tier.minBaseMinor ?? 0),
    minActive: Number(tier.minActive ?? 0),
    rateBp: Number(tier.rateBp ?? 0),
    ...(tier.on ? { on: tier.on } : {}),
  }));
}

/** The contracts of a brand and kind in force for the whole period (see the contracts table). */
async function contractsInForce(tx: Executor, terms: BrandTerms, period: Period): Promise<ContractRow[]> {
  return rows<ContractRow>(
    tx,
    sql`SELECT c.id::text AS id, c.agent_id::text AS agent_id, c.offered_by::text AS offered_by, c.tiers, t.path
          FROM agent_contracts.contracts c
          LEFT JOIN agent_contracts.agent_tree t ON t.member_id = c.agent_id
         WHERE c.merchant_code = ${terms.merchantCode} AND c.kind = ${terms.kind} AND c.action = 'offer'
           AND c.state IN ('active', 'superseded', 'terminated')
           AND c.effective_from <= ${period.start.toISOString()}::timestamptz
           AND (c.ended_at IS NULL OR c.ended_at >= ${period.end.toISOString()}::timestamptz)
         ORDER BY c.id`,
  );
}

interface TeamFigures {
  baseMinor: bigint;
  activeMembers: number;
  currency: string | null;
  baseOf?: (tier: Tier) => bigint;
}

/** Hourly, daily and dividend periods: the team's roll-ups per hour, and its members' own hours for active members. */
async function hourlyFigures(tx: Executor, terms: BrandTerms, agentId: string, path: string, period: Period): Promise<TeamFigures> {
  const from = period.start.toISOString();
  const to = period.end.toISOString();
  const [sums] = await rows<{ valid: string; profit: string; currency: string | null }>(
    tx,
    sql`SELECT coalesce(sum(valid_bet_minor), 0)::text AS valid, coalesce(sum(profit_minor), 0)::text AS profit, min(currency) AS currency
          FROM agent_contracts.team_hours
         WHERE agent_id = ${agentId} AND hour >= ${from}::timestamptz AND hour < ${to}::timestamptz`,
  );
  const [active] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM (
          SELECT mh.member_id
            FROM agent_contracts.member_hours mh
            JOIN agent_contracts.agent_tree t ON t.member_id = mh.member_id
           WHERE t.path LIKE ${`${path}%`} AND mh.hour >= ${from}::timestamptz AND mh.hour < ${to}::timestamptz
           GROUP BY mh.member_id
          HAVING sum(mh.valid_bet_minor) >= ${terms.activeThresholdMinor.toString()}::bigint AND sum(mh.bet_count) > 0) AS members`,
  );
  const baseMinor = terms.kind === 'dividend' ? -BigInt(sums!.profit) : BigInt(sums!.valid);
  return { baseMinor, activeMembers: active?.n ?? 0, currency: sums?.currency ?? null };
}

interface PeriodBet {
  path: string;
  member_id: string;
  valid: string;
  profit: string;
  currency: string;
}

/** Real-time salary: each settled bet of the team in the window, counted by its outcome (a tier's `on`). */
function realtimeFigures(terms: BrandTerms, bets: readonly PeriodBet[], path: string): TeamFigures {
  const team = bets.filter((bet) => bet.path.startsWith(path));
  const perMember = new Map<string, bigint>();
  for (const bet of team) perMember.set(bet.member_id, (perMember.get(bet.member_id) ?? 0n) + BigInt(bet.valid));
  const activeMembers = [...perMember.values()].filter((valid) => valid >= terms.activeThresholdMinor).length;
  const sum = (keep: (bet: PeriodBet) => boolean) => team.filter(keep).reduce((total, bet) => total + BigInt(bet.valid), 0n);
  const baseOf = (tier: Tier): bigint => {
    switch (tier.on) {
      case 'loss':
        return sum((bet) => BigInt(bet.profit) < 0n);
      case 'win':
        return sum((bet) => BigInt(bet.profit) > 0n);
      case 'single':
        return sum((bet) => BigInt(bet.valid) >= tier.minBaseMinor);
      default:
        return sum(() => true);
    }
  };
  return { baseMinor: sum(() => true), activeMembers, currency: team[0]?.currency ?? null, baseOf };
}

/** The carry-over the agent's previous period of this kind left for this one. */
async function carryInFor(tx: Executor, terms: BrandTerms, agentId: string, period: Period): Promise<bigint> {
  if (terms.kind !== 'dividend') return 0n;
  const [previous] = await rows<{ carry_out_minor: string }>(
    tx,
    sql`SELECT carry_out_minor::text AS carry_out_minor FROM agent_contracts.settlements
         WHERE agent_id = ${agentId} AND kind = 'dividend' AND merchant_code = ${terms.merchantCode} AND period_end = ${period.start.toISOString()}::timestamptz
         ORDER BY id DESC LIMIT 1`,
  );
  if (!previous) return 0n;
  const inMonth = sameMonth(new Date(period.start.getTime() - 1), period.start, terms.timeZone);
  return carryIn(BigInt(previous.carry_out_minor), inMonth, terms.carryResetsMonthly);
}

/** A settlement line with what writing it needs besides the arithmetic. */
export interface PeriodLine extends SettlementLine {
  currency: string;
}

/**
 * Computes one period of one brand and kind over every contract in force: the team figures of each agent, the
 * carry-over, and the differential payouts. Contracts already settled for the period are left out of the answer but
 * still count as payers' limits.
 */
export async function computePeriod(tx: Executor, terms: BrandTerms, period: Period): Promise<PeriodLine[]> {
  const contracts = (await contractsInForce(tx, terms, period)).filter((contract) => contract.path !== null);
  if (contracts.length === 0) return [];
  const bets =
    terms.kind === 'realtime'
      ? await rows<PeriodBet>(
          tx,
          sql`SELECT t.path, b.member_id::text AS member_id, b.valid_bet_minor::text AS valid, b.profit_minor::text AS profit, b.currency
                FROM agent_contracts.team_bets b JOIN agent_contracts.agent_tree t ON t.member_id = b.member_id
               WHERE b.merchant_code = ${terms.merchantCode} AND b.state = 'settled'
                 AND b.settled_at >= ${period.start.toISOString()}::timestamptz AND b.settled_at < ${period.end.toISOString()}::timestamptz`,
        )
      : [];
  const inputs: SettlementInput[] = [];
  const currencies = new Map<string, string | null>();
  for (const contract of contracts) {
    const figures = terms.kind === 'realtime' ? realtimeFigures(terms, bets, contract.path!) : await hourlyFigures(tx, terms, contract.agent_id, contract.path!, period);
    currencies.set(contract.agent_id, figures.currency);
    inputs.push({
      contractId: contract.id,
      agentId: contract.agent_id,
      payerId: contract.offered_by,
      tiers: parseTiers(contract.tiers),
      baseMinor: figures.baseMinor,
      activeMembers: figures.activeMembers,
      carryInMinor: await carryInFor(tx, terms, contract.agent_id, period),
      ...(figures.baseOf ? { baseOf: figures.baseOf } : {}),
    });
  }
  const fallbackCurrency = [...currencies.values()].find((currency) => currency !== null) ?? (await brandCurrency(tx, terms.merchantCode));
  return settlePeriod(inputs, terms.tiers).map((line) => ({ ...line, currency: currencies.get(line.agentId) ?? fallbackCurrency }));
}

/** The currency a brand's team figures are kept in, for a period in which nobody in a team bet. */
async function brandCurrency(tx: Executor, merchantCode: string): Promise<string> {
  const [row] = await rows<{ currency: string }>(tx, sql`SELECT currency FROM agent_contracts.member_hours WHERE merchant_code = ${merchantCode} LIMIT 1`);
  return row?.currency ?? '';
}
