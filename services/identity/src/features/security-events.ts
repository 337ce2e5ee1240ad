import { sql } from 'drizzle-orm';
import type { Executor } from '@wps/platform';

/** What the audit log records; free text is kept out so reports can group by kind. */
export type SecurityEventKind =
  | 'login-failed'
  | 'login-locked'
  | 'account-unlocked'
  | 'captcha-failed'
  | 'sms-code-failed'
  | 'agent-area-refused'
  | 'new-ip-verification'
  | 'new-ip-verified'
  | 'two-factor-enabled'
  | 'two-factor-disabled'
  | 'two-factor-failed'
  | 'password-changed'
  | 'password-reset'
  | 'password-reset-requested'
  | (string & {});

export interface SecurityEvent {
  merchantCode: string;
  memberId: string | null;
  kind: SecurityEventKind;
  ip?: string;
  userAgent?: string;
  /** Structured context; never a password, code or token. */
  detail?: Record<string, unknown>;
}

/**
 * Appends one row to the security audit log. Pass the transaction of the change being audited so the event and the
 * change commit together; pass `db.orm` for events about something that did not happen (a refused attempt).
 */
export async function recordSecurityEvent(executor: Executor, event: SecurityEvent): Promise<void> {
  await executor.execute(sql`
    INSERT INTO identity.security_events (merchant_code, member_id, kind, ip, user_agent, detail)
    VALUES (${event.merchantCode}, ${event.memberId}, ${event.kind.slice(0, 60)}, ${event.ip?.slice(0, 64) ?? null},
      ${event.userAgent?.slice(0, 300) ?? null}, ${JSON.stringify(event.detail ?? {})}::jsonb)`);
}

export interface SecurityEventRow {
  id: string;
  merchant_code: string;
  member_id: string | null;
  kind: string;
  ip: string | null;
  user_agent: string | null;
  detail: Record<string, unknown>;
  at: Date;
}
