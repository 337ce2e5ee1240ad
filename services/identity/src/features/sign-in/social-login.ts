import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows, type Executor } from '@wps/platform';
import { MEMBER_TYPE, socialProviderSchema, type SignInResult, type SocialProvider } from '@wps/contracts';
import { usernameKey } from '../../domain/registration.js';
import { newSessionToken } from '../../domain/session-token.js';
import type { MerchantRecord } from '../../infra/merchants.js';
import type { MemberRow } from '../../infra/members.js';
import { OidcClient, OidcError, randomUrlToken } from '../../infra/oidc.js';
import type { ClientMeta, IdentityDeps } from '../../deps.js';
import type { Sessions } from '../sessions.js';
import { recordSecurityEvent } from '../security-events.js';
import { issueTicket, lockTicket, spendTicket, ticketMerchantCode } from './second-factor-tickets.js';
import type { SecondFactors } from './second-factors.js';

/** How long the browser has to come back from the provider. */
const STATE_TTL_SECONDS = 600;
const STARTS_PER_IP_PER_MINUTE = 30;

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

interface StateRow {
  merchant_code: string;
  provider: string;
  binding_hash: Buffer | Uint8Array;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
}

/**
 * Social login through OpenID Connect (authorization code + PKCE S256). The state is single use and bound to the
 * browser that started it (a cookie the gateway sets); the ID token's signature, issuer, audience, expiry and nonce are
 * checked. A (provider, subject) pair is linked to one member of the brand; the first login creates that member.
 * The browser gets a one-time code, exchanged for the login answer, so no session token ever travels in a URL.
 */
export class SocialLogin {
  private readonly oidc = new OidcClient();

  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
    private readonly factors: SecondFactors,
  ) {}

  private providerConfig(merchant: MerchantRecord, provider: string) {
    const parsed = socialProviderSchema.safeParse(provider);
    const config = parsed.success ? merchant.settings.socialLogin.find((entry) => entry.provider === parsed.data) : undefined;
    const clientSecret = config ? this.deps.config.SOCIAL_CLIENT_SECRETS[`${merchant.code}:${config.provider}`] : undefined;
    // A provider without its secret in the environment is not offered at all.
    if (!config || !clientSecret) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE');
    return { ...config, clientSecret };
  }

  async providers(input: { merchantCode?: string; host?: string }): Promise<{ providers: Array<{ name: SocialProvider }> }> {
    const merchant = await this.deps.merchants.resolve(input);
    return {
      providers: merchant.settings.socialLogin.filter((entry) => this.deps.config.SOCIAL_CLIENT_SECRETS[`${merchant.code}:${entry.provider}`]).map((entry) => ({ name: entry.provider })),
    };
  }

  async start(input: { merchantCode?: string; host?: string; provider: string; redirectUri: string } & ClientMeta): Promise<{ authorizeUrl: string; binding: string }> {
    const merchant = await this.deps.merchants.resolve(input);
    const provider = this.providerConfig(merchant, input.provider);
    const limit = await checkRateLimit(this.deps.cache, { name: 'social:start:ip', limit: STARTS_PER_IP_PER_MINUTE, windowMs: 60_000 }, input.ip);
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });
    const discovery = await this.oidc.discover(provider.issuer).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, provider: provider.provider }, 'social login provider discovery failed');
      throw new AppError('SERVICE_UNAVAILABLE');
    });
    const state = randomUrlToken();
    const binding = randomUrlToken();
    const nonce = randomUrlToken();
    const codeVerifier = randomUrlToken(48);
    await this.deps.db.orm.execute(sql`
      INSERT INTO identity.social_login_states (state_hash, merchant_code, provider, binding_hash, nonce, code_verifier, redirect_uri, expires_at)
      VALUES (${sha256(state)}, ${merchant.code}, ${provider.provider}, ${sha256(binding)}, ${nonce}, ${codeVerifier}, ${input.redirectUri},
              now() + make_interval(secs => ${STATE_TTL_SECONDS}))`);
    const authorizeUrl = this.oidc.authorizationUrl(discovery, { clientId: provider.clientId, redirectUri: input.redirectUri, scope: provider.scope, state, nonce, codeVerifier });
    return { authorizeUrl, binding };
  }

  async complete(input: { provider: string; state: string; binding: string; code?: string; error?: string } & ClientMeta): Promise<{ exchangeCode: string }> {
    // Spend the state first, whatever follows: a state is good for one attempt only.
    const [state] = input.state
      ? await rows<StateRow>(
          this.deps.db.orm,
          sql`UPDATE identity.social_login_states SET used_at = now()
              WHERE state_hash = ${sha256(input.state)} AND used_at IS NULL AND expires_at > now()
              RETURNING merchant_code, provider, binding_hash, nonce, code_verifier, redirect_uri`,
        )
      : [];
    const fail = async (reason: string, merchantCode?: string): Promise<never> => {
      if (merchantCode)
        await recordSecurityEvent(this.deps.db.orm, {
          merchantCode,
          memberId: null,
          kind: 'social-login-failed',
          ip: input.ip,
          userAgent: input.userAgent,
          detail: { provider: input.provider.slice(0, 20), reason },
        });
      throw new AppError('SOCIAL_LOGIN_FAILED');
    };
    if (!state) return fail('unknown state');
    if (!input.binding || !sha256(input.binding).equals(Buffer.from(state.binding_hash))) return fail('state not bound to this browser', state.merchant_code);
    if (state.provider !== input.provider) return fail('provider mismatch', state.merchant_code);
    if (input.error || !input.code) return fail(`provider answered ${input.error?.slice(0, 40) ?? 'without a code'}`, state.merchant_code);

    const merchant = await this.deps.merchants.byCode(state.merchant_code);
    const provider = this.providerConfig(merchant, state.provider);
    let claims;
    try {
      const discovery = await this.oidc.discover(provider.issuer);
      const idToken = await this.oidc.exchangeCode(discovery, {
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        redirectUri: state.redirect_uri,
        code: input.code,
        codeVerifier: state.code_verifier,
      });
      claims = await this.oidc.verifyIdToken(discovery, idToken, { clientId: provider.clientId, nonce: state.nonce, clientSecret: provider.clientSecret });
    } catch (error) {
      if (!(error instanceof OidcError)) this.deps.logger.warn({ err: error, provider: provider.provider }, 'social login exchange failed');
      return fail(error instanceof OidcError ? error.message : 'exchange failed', merchant.code);
    }

    const exchangeCode = await this.deps.db.transaction(async (tx) => {
      const member = await this.linkedMember(tx, merchant, provider.provider, claims.sub, claims, input);
      if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      return issueTicket(tx, { memberId: member.id, merchantCode: merchant.code, purpose: 'social-exchange', firstFactor: 'social', ip: input.ip });
    });
    this.deps.relay()?.wake();
    return { exchangeCode };
  }

  /** The member linked to (provider, subject) in this brand, created on the first login. */
  private async linkedMember(tx: Executor, merchant: MerchantRecord, provider: SocialProvider, subject: string, claims: { email?: unknown; name?: unknown }, meta: ClientMeta): Promise<MemberRow> {
    const [linked] = await rows<MemberRow>(
      tx,
      sql`SELECT m.* FROM identity.social_identities s JOIN identity.members m ON m.id = s.member_id
          WHERE s.merchant_code = ${merchant.code} AND s.provider = ${provider} AND s.subject = ${subject}`,
    );
    if (linked) return linked;
    // A generated name in the registration pattern (a letter, then letters and digits); the member can sign in only
    // through the provider, so the password is random and never shown.
    const username = `${provider}${randomBytes(6).toString('hex')}`;
    const nickname = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 40) : username;
    const passwordHash = await this.deps.hasher.hash(randomBytes(32).toString('base64url'));
    const [member] = await rows<MemberRow>(
      tx,
      sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, register_method, register_ip)
          VALUES (${merchant.code}, ${username}, ${usernameKey(username)}, ${nickname}, ${MEMBER_TYPE.MEMBER}, ${passwordHash}, 'SOCIAL', ${meta.ip})
          RETURNING *`,
    );
    const email = typeof claims.email === 'string' ? claims.email.slice(0, 200) : null;
    await tx.execute(sql`
      INSERT INTO identity.social_identities (merchant_code, provider, subject, member_id, email)
      VALUES (${merchant.code}, ${provider}, ${subject}, ${member!.id}, ${email})`);
    await this.deps.outbox.add(tx, 'member.registered', member!.id, {
      memberId: member!.id,
      merchantCode: merchant.code,
      account: member!.username,
      type: member!.type,
      currency: merchant.currency,
      uplineId: null,
      registeredAt: new Date().toISOString(),
    });
    await recordSecurityEvent(tx, { merchantCode: merchant.code, memberId: member!.id, kind: 'social-member-created', ip: meta.ip, userAgent: meta.userAgent, detail: { provider } });
    return member!;
  }

  /** The one-time code from the callback, for the login answer; the second-factor rules apply as to any sign-in. */
  async exchange(input: { code: string } & ClientMeta): Promise<SignInResult> {
    const merchant = await this.deps.merchants.byCode(await ticketMerchantCode(this.deps.db.orm, input.code));
    const result = await this.deps.db.transaction(async (tx) => {
      const row = await lockTicket(tx, input.code, ['social-exchange']);
      await spendTicket(tx, row.ticket_hash);
      const [member] = await rows<MemberRow>(tx, sql`SELECT * FROM identity.members WHERE id = ${row.member_id}`);
      if (!member || member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      await recordSecurityEvent(tx, { merchantCode: merchant.code, memberId: member.id, kind: 'social-login', ip: input.ip, userAgent: input.userAgent });
      const next = await this.factors.nextStep(tx, { merchant, member, meta: input, firstFactor: 'social', proven: {} });
      // The spec keeps social sign-ins out of the forced password change (section 4).
      return { ...(next ?? (await this.sessions.open(tx, merchant, member, newSessionToken(), input))), mustChangePassword: false };
    });
    this.deps.relay()?.wake();
    return result;
  }
}
