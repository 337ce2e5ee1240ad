import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows } from '@wps/platform';
import type { LoginResult } from '@wps/contracts';
import { usernameKey } from '../domain/registration.js';
import { newSessionToken } from '../domain/session-token.js';
import type { MemberRow } from '../infra/members.js';
import type { ClientMeta, IdentityDeps } from '../deps.js';
import type { Sessions } from './sessions.js';
import { recordLogin } from './login-history.js';

/** Account types that may sign in to the player site: members, agents and trial accounts. */
const LOGIN_TYPES = new Set<number>([0, 1, 2, 4, 41, 42]);

/** Sign-in with username and password. */
export class Login {
  constructor(private readonly deps: IdentityDeps, private readonly sessions: Sessions) {}

  async login(input: { merchantCode?: string; host?: string; username: string; password: string } & ClientMeta): Promise<LoginResult> {
    const merchant = await this.deps.merchants.resolve(input);
    const username = input.username.trim();
    if (!username) throw new AppError('INPUT_EMPTY', { field: 'username' });
    if (!input.password) throw new AppError('INPUT_EMPTY', { field: 'password' });
    const ipLimit = await checkRateLimit(this.deps.cache, { name: 'login:ip', limit: this.deps.config.LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, windowMs: 60_000 }, `${merchant.code}:${input.ip}`);
    if (!ipLimit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: ipLimit.retryAfterSeconds } });
    const failureKey = `login-failures:${merchant.code}:${usernameKey(username)}`;
    const failures = Number((await this.deps.cache.get(failureKey)) ?? 0);
    if (failures >= this.deps.config.LOGIN_FAILURES_PER_ACCOUNT) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: 900 } });

    const [member] = await rows<MemberRow>(this.deps.db.orm, sql`SELECT * FROM identity.members WHERE merchant_code = ${merchant.code} AND username_key = ${usernameKey(username)}`);
    const passwordOk = member ? await this.deps.hasher.verify(member.password_hash, input.password) : await this.deps.hasher.verifyAgainstDummy(input.password);
    if (!member || !passwordOk) {
      await this.deps.cache.incrementWindow(failureKey, 900_000);
      await recordLogin(this.deps.db.orm, merchant.code, member?.id ?? null, username, false, member ? 'wrong-password' : 'unknown-user', input);
      throw new AppError('LOGIN_FAILED');
    }
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (!LOGIN_TYPES.has(member.type)) throw new AppError('NON_MEMBER_LOGIN');
    await this.deps.cache.delete(failureKey);
    return this.deps.db.transaction((tx) => this.sessions.open(tx, merchant, member, newSessionToken(), input));
  }

}
