import { sql } from 'drizzle-orm';
import { AppError, isUniqueViolation, oncePerKey, rows, sameRequest, type Database, type Executor, type Logger, type Outbox, type OutboxRelay } from '@wps/platform';
import {
  DEFAULT_WAGERING_WEIGHTS,
  formatMinor,
  parseMajor,
  type BetSettled,
  type BonusList,
  type BonusSource,
  type BonusState,
  type BonusTerms,
  type BonusView,
  type WageringWeights,
} from '@wps/contracts';
import { transferLegs } from '../domain/ledger.js';
import { requestHash } from '../domain/idempotency.js';
import { nextWagered, progressPercent, requirementMinor, weightedMinor } from '../domain/bonus-money.js';
import { ensureAccount, postTransaction, type AccountRef, type Cause } from '../infra/ledger-store.js';
import { announceBalances } from './balances.js';

interface BonusRow {
  id: string;
  merchant_code: string;
  member_id: string;
  currency: string;
  grant_key: string;
  request_hash: string;
  source: BonusSource;
  source_ref: string;
  title: string;
  titles?: Partial<Record<string, string>> | string;
  state: BonusState;
  amount_minor: string;
  required_minor: string;
  wagered_minor: string;
  max_bet_minor: string | null;
  weights: WageringWeights | string;
  released_minor: string | null;
  forfeited_minor: string | null;
  created_at: string | Date;
  expires_at: string | Date;
  ended_at: string | Date | null;
}

const columns = sql.raw(`id::text, merchant_code, member_id, currency, grant_key, request_hash, source, source_ref, title, titles, state,
  amount_minor::text, required_minor::text, wagered_minor::text, max_bet_minor::text, weights, released_minor::text,
  forfeited_minor::text, created_at, expires_at, ended_at`);

const iso = (value: string | Date): string => new Date(value).toISOString();

export function bonusView(row: BonusRow, language?: string): BonusView {
  const currency = row.currency;
  const titles = typeof row.titles === 'string' ? (JSON.parse(row.titles) as Partial<Record<string, string>>) : (row.titles ?? {});
  const money = (minor: string | null) => formatMinor(BigInt(minor ?? 0), currency);
  const required = BigInt(row.required_minor);
  const wagered = BigInt(row.wagered_minor);
  return {
    bonusId: row.id,
    title: (language && titles[language]) || row.title,
    source: row.source,
    sourceRef: row.source_ref,
    state: row.state,
    currency,
    amount: money(row.amount_minor),
    amountMinor: row.amount_minor,
    required: money(row.required_minor),
    requiredMinor: row.required_minor,
    wagered: money(row.wagered_minor),
    wageredMinor: row.wagered_minor,
    progress: row.state === 'completed' ? 100 : progressPercent(wagered, required),
    maxBet: row.max_bet_minor ? money(row.max_bet_minor) : null,
    weights: typeof row.weights === 'string' ? (JSON.parse(row.weights) as WageringWeights) : row.weights,
    releasedMinor: row.released_minor,
    forfeitedMinor: row.forfeited_minor,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    endedAt: row.ended_at ? iso(row.ended_at) : null,
  };
}

const memberRef = (merchantCode: string, memberId: string, currency: string, kind = 'main'): AccountRef => ({ merchantCode, ownerType: 'member', ownerId: memberId, currency, kind });
const promotionsRef = (merchantCode: string, currency: string): AccountRef => ({ merchantCode, ownerType: 'house', ownerId: 'promotions', currency });

export interface BonusesDeps {
  db: Database;
  outbox: Outbox;
  relay: () => OutboxRelay | undefined;
  logger: Logger;
  now?: () => Date;
}

/** How a wagering bonus ends early: the member gave it up or withdrew while wagering, or its time ran out. */
type Ending = 'forfeited' | 'expired';

/**
 * Bonus money in the ledger. A bonus is given from the brand's `promotions` house account into the member's bonus
 * account; settled bets count toward its requirement (weighted by game type), and when it is met the bonus balance
 * turns into cash (`bonus_release`). Given up, forfeited by a withdrawal, or expired, what is left goes back to the
 * house (`bonus_forfeit`). Every step is one database transaction with its ledger posting, and each announces the
 * member's bonus (`bonus.changed`, pushed as `bonus`) and, when cash moved, its balance.
 */
export class Bonuses {
  private readonly now: () => Date;
  constructor(private readonly deps: BonusesDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async grant(input: {
    key: string;
    merchantCode: string;
    memberId: string;
    currency: string;
    amountMinor: string;
    source: BonusSource;
    sourceRef: string;
    title: string;
    titles?: Partial<Record<string, string>>;
    terms: BonusTerms;
  }): Promise<BonusView> {
    const hash = requestHash({ op: 'grantBonus', ...input });
    const answered = async (): Promise<BonusView | undefined> => {
      const [row] = await rows<BonusRow>(this.deps.db.orm, sql`SELECT ${columns} FROM wallet.bonuses WHERE merchant_code = ${input.merchantCode} AND grant_key = ${input.key}`);
      return sameRequest(row && { hash: row.request_hash, answer: bonusView(row) }, hash);
    };
    const amountMinor = BigInt(input.amountMinor);
    const weights = input.terms.weights ?? DEFAULT_WAGERING_WEIGHTS;
    const required = requirementMinor(amountMinor, input.terms.multiple, input.terms.base, BigInt(input.terms.depositMinor ?? 0));
    const expiresAt = new Date(this.now().getTime() + input.terms.days * 86_400_000);
    return oncePerKey({
      answered,
      run: async () => {
        const view = await this.deps.db.transaction(async (tx) => {
          const house = await ensureAccount(tx, promotionsRef(input.merchantCode, input.currency), true);
          const main = await ensureAccount(tx, memberRef(input.merchantCode, input.memberId, input.currency));
          const bonusAccount = await ensureAccount(tx, memberRef(input.merchantCode, input.memberId, input.currency, 'bonus'));
          // Without a requirement the bonus is cash at once; otherwise it waits in the bonus account.
          const immediate = required === 0n;
          const posted = await postTransaction(tx, {
            merchantCode: input.merchantCode,
            cause: 'bonus',
            causeRef: `bonus:${input.source}:${input.sourceRef}`,
            actor: `bonus:${input.source}`,
            legs: transferLegs(house.id, immediate ? main.id : bonusAccount.id, input.currency, amountMinor),
          });
          const [row] = await rows<BonusRow>(
            tx,
            sql`INSERT INTO wallet.bonuses (merchant_code, member_id, currency, grant_key, request_hash, source, source_ref, title, titles, state,
                                          amount_minor, required_minor, wagered_minor, max_bet_minor, weights, grant_transaction_id,
                                          released_minor, expires_at, ended_at)
              VALUES (${input.merchantCode}, ${input.memberId}, ${input.currency}, ${input.key}, ${hash}, ${input.source}, ${input.sourceRef},
                      ${input.title}, ${JSON.stringify(input.titles ?? {})}::jsonb, ${immediate ? 'completed' : 'wagering'}, ${amountMinor.toString()}, ${required.toString()}, 0,
                      ${input.terms.maxBetMinor ?? null}, ${JSON.stringify(weights)}::jsonb, ${posted.transactionId}::uuid,
                      ${immediate ? amountMinor.toString() : null}, ${expiresAt.toISOString()}::timestamptz, ${immediate ? this.now().toISOString() : null}::timestamptz)
              RETURNING ${columns}`,
          );
          await announceBalances(
            this.deps.outbox,
            tx,
            input.merchantCode,
            posted.transactionId,
            'bonus',
            posted.legs.filter((leg) => leg.accountId === main.id),
          );
          await this.announce(tx, row!);
          return bonusView(row!);
        });
        this.deps.relay()?.wake();
        return view;
      },
      // Without a winner with this key, the one wagering bonus a member may hold is another bonus's.
      refused: (error) => (isUniqueViolation(error, 'bonuses_one_wagering') ? new AppError('BONUS_ALREADY_ACTIVE', { cause: error }) : error),
    });
  }

  /** The operator's hand-given bonus: the member's brand from its account, the amount from major units. */
  async operatorGrant(input: { memberId: string; currency: string; amount: string; title: string; terms: BonusTerms; operator: string; idempotencyKey: string }): Promise<BonusView> {
    const merchantCode = await this.merchantOf(input.memberId, input.currency);
    const amountMinor = parseMajor(input.amount, input.currency);
    if (amountMinor === undefined || amountMinor <= 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' });
    return this.grant({
      key: `operator:${input.idempotencyKey}`,
      merchantCode,
      memberId: input.memberId,
      currency: input.currency,
      amountMinor: amountMinor.toString(),
      source: 'operator',
      sourceRef: input.operator,
      title: input.title.trim(),
      terms: input.terms,
    });
  }

  async operatorList(input: { memberId: string; currency: string }): Promise<BonusList> {
    const merchantCode = await this.merchantOf(input.memberId, input.currency);
    return this.list({ merchantCode, memberId: input.memberId, currency: input.currency, limit: 100 });
  }

  private async merchantOf(memberId: string, currency: string): Promise<string> {
    const [account] = await rows<{ merchant_code: string }>(
      this.deps.db.orm,
      sql`SELECT merchant_code FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${memberId} AND kind = 'main' AND currency = ${currency}`,
    );
    if (!account) throw new AppError('NOT_FOUND');
    return account.merchant_code;
  }

  async list(input: { merchantCode: string; memberId: string; currency: string; limit: number; language?: string }): Promise<BonusList> {
    const found = await rows<BonusRow>(
      this.deps.db.orm,
      sql`SELECT ${columns} FROM wallet.bonuses WHERE merchant_code = ${input.merchantCode} AND member_id = ${input.memberId} AND currency = ${input.currency}
          ORDER BY (state = 'wagering') DESC, id DESC LIMIT ${input.limit}`,
    );
    const balance = await this.bonusBalance(this.deps.db.orm, input.merchantCode, input.memberId, input.currency);
    return {
      currency: input.currency,
      bonusBalance: formatMinor(balance, input.currency),
      bonusBalanceMinor: balance.toString(),
      bonuses: found.map((row) => bonusView(row, input.language)),
    };
  }

  async active(input: { merchantCode: string; memberId: string; currency: string }): Promise<BonusView | null> {
    const [row] = await rows<BonusRow>(
      this.deps.db.orm,
      sql`SELECT ${columns} FROM wallet.bonuses WHERE merchant_code = ${input.merchantCode} AND member_id = ${input.memberId} AND currency = ${input.currency} AND state = 'wagering'`,
    );
    return row ? bonusView(row) : null;
  }

  /** The member gives a wagering bonus up; an ended one is refused with BONUS_NOT_ACTIVE. */
  async forfeit(input: { merchantCode: string; memberId: string; bonusId: string }): Promise<BonusView> {
    const view = await this.deps.db.transaction(async (tx) => {
      const [row] = await rows<BonusRow>(
        tx,
        sql`SELECT ${columns} FROM wallet.bonuses WHERE id = ${input.bonusId}::bigint AND merchant_code = ${input.merchantCode} AND member_id = ${input.memberId} FOR UPDATE`,
      );
      if (!row) throw new AppError('BONUS_NOT_FOUND');
      if (row.state !== 'wagering') throw new AppError('BONUS_NOT_ACTIVE');
      return this.end(tx, row, 'forfeited');
    });
    this.deps.relay()?.wake();
    return view;
  }

  /**
   * Inside a withdrawal's transaction: the member's wagering bonus, if any, is forfeited. Without `confirmed` the
   * withdrawal is refused with BONUS_FORFEIT_CONFIRM naming what would be lost, and nothing changes.
   */
  async forfeitForWithdrawal(tx: Executor, member: { merchantCode: string; memberId: string; currency: string }, confirmed: boolean): Promise<void> {
    const [row] = await rows<BonusRow>(
      tx,
      sql`SELECT ${columns} FROM wallet.bonuses WHERE merchant_code = ${member.merchantCode} AND member_id = ${member.memberId} AND currency = ${member.currency} AND state = 'wagering' FOR UPDATE`,
    );
    if (!row) return;
    if (!confirmed) {
      const balance = await this.bonusBalance(tx, member.merchantCode, member.memberId, member.currency);
      throw new AppError('BONUS_FORFEIT_CONFIRM', { params: { amount: formatMinor(balance, member.currency) }, value: { bonusId: row.id, bonusBalance: formatMinor(balance, member.currency) } });
    }
    await this.end(tx, row, 'forfeited');
  }

  /** Ends every wagering bonus whose time ran out; a sweep calls it. Answers how many ended. */
  async expireDue(limit = 200): Promise<number> {
    const due = await rows<{ id: string }>(
      this.deps.db.orm,
      sql`SELECT id::text FROM wallet.bonuses WHERE state = 'wagering' AND expires_at <= ${this.now().toISOString()}::timestamptz ORDER BY expires_at LIMIT ${limit}`,
    );
    let ended = 0;
    for (const { id } of due) {
      const done = await this.deps.db.transaction(async (tx) => {
        const [row] = await rows<BonusRow>(tx, sql`SELECT ${columns} FROM wallet.bonuses WHERE id = ${id}::bigint AND state = 'wagering' FOR UPDATE`);
        if (!row) return false;
        await this.end(tx, row, 'expired');
        return true;
      });
      if (done) ended += 1;
    }
    if (ended > 0) this.deps.relay()?.wake();
    return ended;
  }

  /**
   * Settled bets of members with a wagering bonus (the event names it) count toward it: each bet at its highest
   * revision, weighted by its game type, the difference from what it counted before (a cancellation takes it back).
   * A bonus whose requirement is met turns into cash in the same transaction.
   */
  async recordSettledBets(tx: Executor, bets: readonly BetSettled[]): Promise<void> {
    const newest = new Map<string, BetSettled & { bonusId: string }>();
    for (const bet of bets) {
      if (!bet.bonusId) continue;
      const key = `${bet.bonusId}|${bet.betId}`;
      const seen = newest.get(key);
      if (!seen || seen.revision < bet.revision) newest.set(key, bet as BetSettled & { bonusId: string });
    }
    if (newest.size === 0) return;
    const bonusIds = [...new Set([...newest.values()].map((bet) => bet.bonusId))];
    const bonuses = await rows<BonusRow>(
      tx,
      sql`SELECT ${columns} FROM wallet.bonuses WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(bonusIds)}::jsonb)::bigint) AND state = 'wagering' ORDER BY id FOR UPDATE`,
    );
    if (bonuses.length === 0) return;
    const byId = new Map(bonuses.map((row) => [row.id, row]));
    const weightsOf = new Map(bonuses.map((row) => [row.id, typeof row.weights === 'string' ? (JSON.parse(row.weights) as WageringWeights) : row.weights]));
    const pairs = [...newest.values()].filter((bet) => byId.has(bet.bonusId)).map((bet) => ({ bonus_id: bet.bonusId, bet_id: bet.betId }));
    const before = await rows<{ bonus_id: string; bet_id: string; revision: number; counted_minor: string }>(
      tx,
      sql`SELECT w.bonus_id::text, w.bet_id, w.revision, w.counted_minor::text FROM wallet.bonus_wagers w
            JOIN jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS p (bonus_id bigint, bet_id text) ON w.bonus_id = p.bonus_id AND w.bet_id = p.bet_id`,
    );
    const counted = new Map(before.map((row) => [`${row.bonus_id}|${row.bet_id}`, row]));
    const changes: Array<{ bonus_id: string; bet_id: string; revision: number; counted_minor: string }> = [];
    const deltas = new Map<string, bigint>();
    for (const [key, bet] of newest) {
      const bonus = byId.get(bet.bonusId);
      if (!bonus) continue;
      const previous = counted.get(key);
      if (previous && previous.revision >= bet.revision) continue;
      const weight = weightsOf.get(bet.bonusId)![bet.gameType.toUpperCase() as keyof WageringWeights] ?? 0;
      const now = bet.state === 'settled' ? weightedMinor(BigInt(bet.validBetMinor), weight) : 0n;
      changes.push({ bonus_id: bet.bonusId, bet_id: bet.betId, revision: bet.revision, counted_minor: now.toString() });
      deltas.set(bet.bonusId, (deltas.get(bet.bonusId) ?? 0n) + now - BigInt(previous?.counted_minor ?? 0));
    }
    if (changes.length === 0) return;
    await tx.execute(
      sql`INSERT INTO wallet.bonus_wagers (bonus_id, bet_id, revision, counted_minor)
          SELECT bonus_id, bet_id, revision, counted_minor FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS c (bonus_id bigint, bet_id text, revision integer, counted_minor bigint)
          ON CONFLICT (bonus_id, bet_id) DO UPDATE SET revision = excluded.revision, counted_minor = excluded.counted_minor`,
    );
    for (const [bonusId, delta] of deltas) {
      const bonus = byId.get(bonusId)!;
      const wagered = nextWagered(BigInt(bonus.wagered_minor), delta, BigInt(bonus.required_minor));
      if (wagered === BigInt(bonus.wagered_minor)) continue;
      const [updated] = await rows<BonusRow>(tx, sql`UPDATE wallet.bonuses SET wagered_minor = ${wagered.toString()} WHERE id = ${bonusId}::bigint RETURNING ${columns}`);
      if (wagered === BigInt(bonus.required_minor)) await this.release(tx, updated!);
      else await this.announce(tx, updated!);
    }
  }

  /** The requirement is met: the whole bonus balance becomes cash. */
  private async release(tx: Executor, row: BonusRow): Promise<BonusView> {
    const moved = await this.emptyBonusAccount(tx, row, 'bonus_release');
    const [ended] = await rows<BonusRow>(
      tx,
      sql`UPDATE wallet.bonuses SET state = 'completed', released_minor = ${moved.toString()}, ended_at = ${this.now().toISOString()}::timestamptz
           WHERE id = ${row.id}::bigint RETURNING ${columns}`,
    );
    await this.announce(tx, ended!);
    return bonusView(ended!);
  }

  /** Forfeited or expired: what is left of the bonus balance goes back to the house. */
  private async end(tx: Executor, row: BonusRow, ending: Ending): Promise<BonusView> {
    const moved = await this.emptyBonusAccount(tx, row, 'bonus_forfeit');
    const [ended] = await rows<BonusRow>(
      tx,
      sql`UPDATE wallet.bonuses SET state = ${ending}, forfeited_minor = ${moved.toString()}, ended_at = ${this.now().toISOString()}::timestamptz
           WHERE id = ${row.id}::bigint RETURNING ${columns}`,
    );
    await this.announce(tx, ended!);
    return bonusView(ended!);
  }

  /**
   * Moves the whole bonus balance out, to cash (`bonus_release`) or to the house (`bonus_forfeit`). The bonus account
   * is locked first, so a vendor call deciding on it meanwhile finds it moved and decides again.
   */
  private async emptyBonusAccount(tx: Executor, row: BonusRow, cause: Extract<Cause, 'bonus_release' | 'bonus_forfeit'>): Promise<bigint> {
    // Both of the member's accounts, in id order: the order vendor calls and postings lock them in.
    const locked = await rows<{ id: string; kind: string; balance_minor: string }>(
      tx,
      sql`SELECT id::text, kind, balance_minor::text FROM wallet.accounts
           WHERE merchant_code = ${row.merchant_code} AND owner_type = 'member' AND owner_id = ${row.member_id} AND kind IN ('main', 'bonus') AND currency = ${row.currency}
           ORDER BY id FOR UPDATE`,
    );
    const account = locked.find((candidate) => candidate.kind === 'bonus');
    const balance = BigInt(account?.balance_minor ?? 0);
    if (!account || balance <= 0n) return 0n;
    const to =
      cause === 'bonus_release' ? await ensureAccount(tx, memberRef(row.merchant_code, row.member_id, row.currency)) : await ensureAccount(tx, promotionsRef(row.merchant_code, row.currency), true);
    const posted = await postTransaction(tx, {
      merchantCode: row.merchant_code,
      cause,
      causeRef: `bonus:${row.id}`,
      actor: 'wallet:bonuses',
      legs: transferLegs(account.id, to.id, row.currency, balance),
    });
    if (cause === 'bonus_release')
      await announceBalances(
        this.deps.outbox,
        tx,
        row.merchant_code,
        posted.transactionId,
        cause,
        posted.legs.filter((leg) => leg.accountId === to.id),
      );
    return balance;
  }

  private async bonusBalance(tx: Executor, merchantCode: string, memberId: string, currency: string): Promise<bigint> {
    const [account] = await rows<{ balance_minor: string }>(
      tx,
      sql`SELECT balance_minor::text FROM wallet.accounts WHERE merchant_code = ${merchantCode} AND owner_type = 'member' AND owner_id = ${memberId} AND kind = 'bonus' AND currency = ${currency}`,
    );
    return BigInt(account?.balance_minor ?? 0);
  }

  /** `bonus.changed` with the bonus and the bonus balance after the change, for the member's `bonus` push. */
  private async announce(tx: Executor, row: BonusRow): Promise<void> {
    const balance = await this.bonusBalance(tx, row.merchant_code, row.member_id, row.currency);
    await this.deps.outbox.add(tx, 'bonus.changed', row.member_id, {
      memberId: row.member_id,
      merchantCode: row.merchant_code,
      v: this.now().getTime(),
      push: { bonus: bonusView(row), currency: row.currency, bonusBalance: formatMinor(balance, row.currency), bonusBalanceMinor: balance.toString() },
    });
  }
}

/** Runs `expireDue` every `intervalMs` until stopped. */
export function startBonusExpirySweep(bonuses: Bonuses, intervalMs: number, logger: Logger): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = bonuses.expireDue().catch((error: unknown) => logger.error({ err: error }, 'bonus expiry sweep failed'));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
