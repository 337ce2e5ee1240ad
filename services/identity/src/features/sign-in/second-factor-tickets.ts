import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';

export type TicketPurpose = 'new-ip' | 'two-factor' | 'two-factor-setup' | 'social-exchange';

/** Tickets live five minutes and survive five wrong codes. */
export const TICKET_TTL_SECONDS = 300;
export const TICKET_MAX_ATTEMPTS = 5;

export interface TicketRow {
  ticket_hash: Buffer;
  member_id: string;
  merchant_code: string;
  purpose: TicketPurpose;
  methods: string[];
  first_factor: string;
  must_change_password: boolean;
  ip: string | null;
  code_hash: Buffer | Uint8Array | null;
  code_method: string | null;
  code_expired: boolean | null;
  attempts: number;
}

export const hashTicket = (ticket: string): Buffer => createHash('sha256').update(ticket).digest();

/** 256 random bits; only the hash is stored. */
export async function issueTicket(
  executor: Executor,
  ticket: { memberId: string; merchantCode: string; purpose: TicketPurpose; methods?: string[]; firstFactor: string; mustChangePassword?: boolean; ip: string | null },
): Promise<string> {
  const value = randomBytes(32).toString('base64url');
  await executor.execute(sql`
    INSERT INTO identity.sign_in_tickets (ticket_hash, member_id, merchant_code, purpose, methods, first_factor, must_change_password, ip, expires_at)
    VALUES (${hashTicket(value)}, ${ticket.memberId}, ${ticket.merchantCode}, ${ticket.purpose}, ${`{${(ticket.methods ?? []).join(',')}}`}::text[],
            ${ticket.firstFactor}, ${ticket.mustChangePassword ?? false}, ${ticket.ip}, now() + make_interval(secs => ${TICKET_TTL_SECONDS}))`);
  return value;
}

/**
 * The live ticket for one of `purposes`, locked for the caller's transaction. Unknown, used, expired and exhausted
 * tickets all get the same refusal, so a probe learns nothing about which it was.
 */
export async function lockTicket(tx: Executor, ticket: string, purposes: TicketPurpose[]): Promise<TicketRow> {
  if (!ticket || ticket.length > 200) throw new AppError('SIGN_IN_TICKET_INVALID');
  const [row] = await rows<TicketRow>(
    tx,
    sql`SELECT ticket_hash, member_id, merchant_code, purpose, methods, first_factor, must_change_password, ip, code_hash, code_method,
               code_expires_at <= now() AS code_expired, attempts
        FROM identity.sign_in_tickets
        WHERE ticket_hash = ${hashTicket(ticket)} AND used_at IS NULL AND expires_at > now() AND attempts < ${TICKET_MAX_ATTEMPTS}
        FOR UPDATE`,
  );
  if (!row || !purposes.includes(row.purpose)) throw new AppError('SIGN_IN_TICKET_INVALID');
  return row;
}

export async function spendTicket(tx: Executor, ticketHash: Buffer): Promise<void> {
  await tx.execute(sql`UPDATE identity.sign_in_tickets SET used_at = now() WHERE ticket_hash = ${ticketHash}`);
}

/**
 * The brand a ticket belongs to, read before the ticket's transaction: the brand directory queries outside any
 * transaction, and PGlite's single connection would wait on the open one for ever.
 */
export async function ticketMerchantCode(executor: Executor, ticket: string): Promise<string> {
  if (!ticket || ticket.length > 200) throw new AppError('SIGN_IN_TICKET_INVALID');
  const [row] = await rows<{ merchant_code: string }>(executor, sql`SELECT merchant_code FROM identity.sign_in_tickets WHERE ticket_hash = ${hashTicket(ticket)}`);
  if (!row) throw new AppError('SIGN_IN_TICKET_INVALID');
  return row.merchant_code;
}

/**
 * Counts a wrong code against the ticket in its own statement (the caller's transaction is about to roll back with
 * the refusal) and answers with the refusal to throw: the last allowed attempt spends the ticket.
 */
export async function countWrongCode(executor: Executor, ticketHash: Buffer): Promise<AppError> {
  const [row] = await rows<{ attempts: number }>(
    executor,
    sql`UPDATE identity.sign_in_tickets SET attempts = attempts + 1,
          used_at = CASE WHEN attempts + 1 >= ${TICKET_MAX_ATTEMPTS} THEN now() ELSE used_at END
        WHERE ticket_hash = ${ticketHash} RETURNING attempts`,
  );
  return (row?.attempts ?? TICKET_MAX_ATTEMPTS) >= TICKET_MAX_ATTEMPTS
    ? new AppError('SECOND_FACTOR_ATTEMPTS_EXCEEDED', { value: { retryAfterSeconds: 300 } })
    : new AppError('SECOND_FACTOR_CODE_INVALID', { field: 'code', value: { attemptsLeft: TICKET_MAX_ATTEMPTS - (row?.attempts ?? 0) } });
}
