import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows } from '@wps/platform';
import { MEMBER_TYPE, type LoginResult } from '@wps/contracts';
import { usernameKey, validateRegistration } from '../domain/registration.js';
import { newSessionToken } from '../domain/session-token.js';
import type { MemberRow } from '../infra/members.js';
import type { ClientMeta, IdentityDeps } from '../deps.js';
import type { Sessions } from './sessions.js';

/** New members: username registration, checked against the brand's field configuration. */
export class Registration {
  constructor(private readonly deps: IdentityDeps, private readonly sessions: Sessions) {}

  async register(input: {
    merchantCode?: string;
    host?: string;
    username: string;
    password: string;
    confirmPassword: string;
    registerUrl?: string;
    registerMethod?: string;
    referralCode?: string;
  } & ClientMeta): Promise<LoginResult> {
    const merchant = await this.deps.merchants.resolve(input);
    if (!merchant.settings.whitelabel.USERNAMEREG3) throw new AppError('FEATURE_DISABLED');
    const { username, password } = validateRegistration(input, merchant.settings.registration);
    const limit = await checkRateLimit(this.deps.cache, { name: 'register:ip', limit: this.deps.config.REGISTRATIONS_PER_IP_PER_HOUR, windowMs: 3_600_000 }, `${merchant.code}:${input.ip}`);
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });

    const passwordHash = await this.deps.hasher.hash(password);
    const token = newSessionToken();
    const result = await this.deps.db.transaction(async (tx) => {
      let uplineId: string | null = null;
      const referral = input.referralCode?.trim();
      if (referral) {
        const [agent] = await rows<{ id: string }>(tx, sql`SELECT id FROM identity.members WHERE merchant_code = ${merchant.code} AND referral_code = ${referral.toUpperCase()} AND status = 'active'`);
        if (!agent) throw new AppError('INVITATION_CODE_INVALID', { field: 'referralCode' });
        uplineId = agent.id;
      }
      const inserted = await rows<MemberRow>(
        tx,
        sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, upline_id, register_url, register_method, register_ip)
            VALUES (${merchant.code}, ${username}, ${usernameKey(username)}, ${username}, ${MEMBER_TYPE.MEMBER}, ${passwordHash}, ${uplineId},
                    ${input.registerUrl?.slice(0, 500) ?? null}, ${input.registerMethod?.slice(0, 20) ?? 'WEB'}, ${input.ip})
            ON CONFLICT (merchant_code, username_key) DO NOTHING
            RETURNING *`,
      );
      const member = inserted[0];
      if (!member) throw new AppError('USERNAME_TAKEN', { field: 'username' });
      await this.deps.outbox.add(tx, 'member.registered', member.id, {
        memberId: member.id,
        merchantCode: merchant.code,
        account: member.username,
        type: member.type,
        currency: merchant.currency,
        uplineId,
        registeredAt: new Date().toISOString(),
      });
      return this.sessions.open(tx, merchant, member, token, input);
    });
    this.deps.relay()?.wake();
    return result;
  }

}
