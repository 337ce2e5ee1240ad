import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows, type Executor, isUniqueViolation } from '@wps/platform';
import { fitsRule, isAgentType, isRepetition, isSimpleSequence, MEMBER_TYPE, type LoginResult, type RegisterInput } from '@wps/contracts';
import { usernameKey, validateRegistration, type RegisterTab, type ValidRegistration } from '../domain/registration.js';
import { flagOn } from '../domain/merchant-settings.js';
import { newSessionToken } from '../domain/session-token.js';
import { countryOf } from '../infra/geoip.js';
import type { MerchantRecord } from '../infra/merchants.js';
import type { MemberRow } from '../infra/members.js';
import type { ClientMeta, IdentityDeps } from '../deps.js';
import type { Sessions } from './sessions.js';
import { maintenanceActive, regionRestricted } from './system-status.js';
import { countInvitationRegistration, findInvitationLink, type FoundInvitationLink } from './invitations.js';
import { memberTypeOf } from '../domain/invitations.js';
import { checkPasswordStrength } from './passwords-policy.js';

type BrandHint = { merchantCode?: string; host?: string };

interface Inviter {
  id: string;
  type: number;
  /** Set when the code is one of the agent's invitation links rather than its own referral code. */
  link?: FoundInvitationLink;
}

/** Invitation codes are shown upper-case and typed in any case. */
const normaliseCode = (code: string): string => code.trim().toUpperCase();

/** Letters and digits without look-alikes (0/O, 1/I), for codes people read aloud and type. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReferralCode = (): string => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * New members: username registration (USERNAMEREG3) and mobile registration (MOBILENUMREG3) with an SMS code, both
 * checked against the brand's field configuration. An agent's invitation code places the member under that agent.
 */
export class Registration {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
  ) {}

  register(input: RegisterInput): Promise<LoginResult> {
    return this.create(input, 'username');
  }

  registerMobile(input: RegisterInput): Promise<LoginResult> {
    return this.create(input, 'mobile');
  }

  /** Refuses while the brand is in maintenance or the caller's region is blocked, as the status call reports them. */
  private async openBrand(hint: BrandHint, ip: string): Promise<MerchantRecord> {
    const merchant = await this.deps.merchants.resolve(hint);
    if (maintenanceActive(merchant)) throw new AppError('MAINTENANCE', { value: { maintenanceEnd: merchant.settings.maintenance.endsAt } });
    if (regionRestricted(merchant, ip, countryOf(ip))) throw new AppError('REGION_RESTRICTED', { value: { ip } });
    return merchant;
  }

  private async create(input: RegisterInput, tab: RegisterTab): Promise<LoginResult> {
    const merchant = await this.openBrand(input, input.ip);
    const { settings } = merchant;
    if (!flagOn(settings, tab === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3')) throw new AppError('FEATURE_DISABLED');
    const valid = validateRegistration(input, {
      fields: settings.registration,
      tab,
      mobileVerification: flagOn(settings, 'REGMOBVERF3'),
      mobilePassword: flagOn(settings, 'MOBILENUMPASSREG3'),
      defaultDialingCode: settings.defaultDialingCode,
    });
    if (valid.password) await checkPasswordStrength(valid.password, valid.username ?? '', 'password');
    const pin = valid.paymentPassword;
    if (pin && (isRepetition(pin) || isSimpleSequence(pin) || pin === valid.password)) throw new AppError('PAYMENT_PASSWORD_TOO_WEAK', { field: 'paymentPassword' });
    const limit = await checkRateLimit(this.deps.cache, { name: 'register:ip', limit: this.deps.config.REGISTRATIONS_PER_IP_PER_HOUR, windowMs: 3_600_000 }, `${merchant.code}:${input.ip}`);
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });

    const db = this.deps.db.orm;
    const affiliate = valid.affiliateCode ? await this.inviter(db, merchant.code, valid.affiliateCode, true) : null;
    if (valid.affiliateCode && !affiliate) throw new AppError('AFFILIATE_CODE_INVALID', { field: 'affiliateCode' });
    const referrer = valid.referralCode ? await this.inviter(db, merchant.code, valid.referralCode, false) : null;
    if (valid.referralCode && !referrer) throw new AppError('INVITATION_CODE_INVALID', { field: 'referralCode' });
    const account = valid.username ?? `${valid.mobile!.dialingCode}${valid.mobile!.number}`;
    if (await this.accountTaken(db, merchant.code, account)) throw new AppError(tab === 'mobile' ? 'MOBILE_TAKEN' : 'USERNAME_TAKEN', { field: tab === 'mobile' ? 'mobileNum' : 'username' });
    if (valid.mobile && (await this.mobileTaken(db, merchant.code, valid.mobile))) throw new AppError('MOBILE_TAKEN', { field: 'mobileNum' });
    // The code is spent only once everything else is known to be fine, so a typo elsewhere does not cost a new SMS.
    if (valid.verificationCode !== null && valid.mobile) {
      await this.deps.verificationCodes.checkCode({
        merchantCode: merchant.code,
        purpose: 'register',
        countryDialingCode: valid.mobile.dialingCode,
        mobile: valid.mobile.number,
        code: valid.verificationCode,
      });
    }

    // Without a password (mobile registration when MOBILENUMPASSREG3 is off) the member signs in with SMS codes; the
    // random one stored keeps the account closed to password guessing.
    const passwordHash = await this.deps.hasher.hash(valid.password ?? randomBytes(32).toString('base64url'));
    const paymentPasswordHash = valid.paymentPassword ? await this.deps.hasher.hash(valid.paymentPassword) : null;
    const uplineId = affiliate?.id ?? (referrer && isAgentType(referrer.type) ? referrer.id : null);
    const referredById = referrer && !isAgentType(referrer.type) ? referrer.id : null;
    // The code that placed the member decides the account type: an agent's invitation link may make it an agent.
    const link = (affiliate ? affiliate.link : referrer?.link) ?? null;
    const type = link ? memberTypeOf(link.type) : MEMBER_TYPE.MEMBER;
    const token = newSessionToken();
    try {
      const result = await this.deps.db.transaction(async (tx) => {
        if (link && !(await countInvitationRegistration(tx, link.id))) {
          throw affiliate ? new AppError('AFFILIATE_CODE_INVALID', { field: 'affiliateCode' }) : new AppError('INVITATION_CODE_INVALID', { field: 'referralCode' });
        }
        const member = await this.insertMember(tx, merchant, input, valid, { account, passwordHash, uplineId, referredById, type, linkId: link?.id ?? null });
        if (!member) throw new AppError(tab === 'mobile' ? 'MOBILE_TAKEN' : 'USERNAME_TAKEN', { field: tab === 'mobile' ? 'mobileNum' : 'username' });
        if (paymentPasswordHash) {
          await tx.execute(sql`INSERT INTO identity.payment_passwords (member_id, password_hash) VALUES (${member.id}, ${paymentPasswordHash})`);
        }
        await this.deps.outbox.add(tx, 'member.registered', member.id, {
          memberId: member.id,
          merchantCode: merchant.code,
          account: member.username,
          type: member.type,
          currency: merchant.currency,
          uplineId,
          referredById,
          registeredAt: new Date().toISOString(),
          ...(link ? { invitation: { code: link.code, contracts: link.contracts } } : {}),
        });
        return this.sessions.open(tx, merchant, member, token, input);
      });
      this.deps.relay()?.wake();
      return result;
    } catch (error) {
      if (isUniqueViolation(error, 'members_unique_mobile')) throw new AppError('MOBILE_TAKEN', { field: 'mobileNum' });
      throw error;
    }
  }

  private async insertMember(
    tx: Executor,
    merchant: MerchantRecord,
    input: RegisterInput & ClientMeta,
    valid: ValidRegistration,
    member: { account: string; passwordHash: string; uplineId: string | null; referredById: string | null; type: number; linkId: string | null },
  ): Promise<MemberRow | undefined> {
    const { profile } = valid;
    const inserted = await rows<MemberRow>(
      tx,
      sql`INSERT INTO identity.members (
            merchant_code, username, username_key, nickname, type, password_hash, upline_id, referred_by_id, referral_code,
            register_url, register_method, register_ip, register_domain, terms_accepted_at,
            email, mobile_num, country_dialing_code, payee_name, qq_num, line, whatsapp, facebook, wechat, id_number, recommender_id,
            affiliate_code_used, referral_code_used, invitation_link_id)
          VALUES (
            ${merchant.code}, ${member.account}, ${usernameKey(member.account)}, ${member.account}, ${member.type}, ${member.passwordHash},
            ${member.uplineId}, ${member.referredById}, ${newReferralCode()},
            ${input.registerUrl?.slice(0, 500) ?? null}, ${input.registerMethod?.slice(0, 20) || 'WEB'}, ${input.ip}, ${input.domain?.slice(0, 255) || null},
            ${input.acceptTerms === true ? sql`now()` : null},
            ${profile.email}, ${valid.mobile?.number ?? null}, ${valid.mobile?.dialingCode ?? null}, ${profile.payeeName}, ${profile.qqNum},
            ${profile.line}, ${profile.whatsapp}, ${profile.facebook}, ${profile.wechat}, ${profile.idNumber}, ${profile.recommenderId},
            ${valid.affiliateCode ? normaliseCode(valid.affiliateCode) : null}, ${valid.referralCode ? normaliseCode(valid.referralCode) : null}, ${member.linkId})
          ON CONFLICT (merchant_code, username_key) DO NOTHING
          RETURNING *`,
    );
    return inserted[0];
  }

  /** The active member (an agent when `agentsOnly`) whose invitation code this is: its own code, or one of its enabled links. */
  private async inviter(db: Executor, merchantCode: string, code: string, agentsOnly: boolean): Promise<Inviter | null> {
    const [found] = await rows<Inviter>(db, sql`SELECT id, type FROM identity.members WHERE merchant_code = ${merchantCode} AND referral_code = ${normaliseCode(code)} AND status = 'active'`);
    if (!found) {
      const link = await findInvitationLink(db, merchantCode, code);
      return link ? { id: link.agentId, type: link.agentType, link } : null;
    }
    if (agentsOnly && !isAgentType(found.type)) return null;
    return found;
  }

  private async accountTaken(db: Executor, merchantCode: string, account: string): Promise<boolean> {
    const [row] = await rows<{ id: string }>(db, sql`SELECT id FROM identity.members WHERE merchant_code = ${merchantCode} AND username_key = ${usernameKey(account)}`);
    return Boolean(row);
  }

  private async mobileTaken(db: Executor, merchantCode: string, mobile: { dialingCode: string; number: string }): Promise<boolean> {
    const [row] = await rows<{ id: string }>(
      db,
      sql`SELECT id FROM identity.members WHERE merchant_code = ${merchantCode} AND country_dialing_code = ${mobile.dialingCode} AND mobile_num = ${mobile.number}`,
    );
    return Boolean(row);
  }

  /** `/wps/verification/sms/register`: a code for a number that can still be registered. */
  async sendRegisterSms(input: BrandHint & { mobileNo: string; countryDialingCode: string; regType?: string; language?: 'EN' | 'ES' } & ClientMeta): Promise<{ expiredMinutes: number }> {
    const merchant = await this.openBrand(input, input.ip);
    const { settings } = merchant;
    const mobileRule = settings.registration.mobileNum;
    // The username tab verifies a number only when it shows the field and REGMOBVERF3 is on.
    const verifiesOnUsernameTab = mobileRule.enabled && flagOn(settings, 'REGMOBVERF3') && flagOn(settings, 'USERNAMEREG3');
    if (!flagOn(settings, 'MOBILENUMREG3') && !verifiesOnUsernameTab) throw new AppError('FEATURE_DISABLED');
    const number = input.mobileNo.replace(/[\s-]/g, '');
    if (!number) throw new AppError('INPUT_EMPTY', { field: 'mobileNo' });
    if (!fitsRule({ ...mobileRule, patternId: 'PHONE' }, number)) throw new AppError('MOBILE_INVALID', { field: 'mobileNo' });
    const dialingCode = input.countryDialingCode.replace(/[\s+]/g, '') || settings.defaultDialingCode;
    // "Already registered" tells whether a number is a member's, so asking it is limited like sending codes.
    const limit = await checkRateLimit(this.deps.cache, { name: 'register-sms:ip', limit: this.deps.config.SMS_REQUESTS_PER_IP_PER_HOUR, windowMs: 3_600_000 }, `${merchant.code}:${input.ip}`);
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });
    if (await this.mobileTaken(this.deps.db.orm, merchant.code, { dialingCode, number })) throw new AppError('MOBILE_TAKEN', { field: 'mobileNo' });
    return this.deps.verificationCodes.sendCode({
      merchantCode: merchant.code,
      purpose: 'register',
      countryDialingCode: dialingCode,
      mobile: number,
      ip: input.ip,
      language: input.language,
    });
  }

  /** `/wps/agent/affiliate`: whether a code belongs to an active agent of the brand, as its own code or an enabled link's. */
  async checkAffiliateCode(input: BrandHint & { code: string; domain?: string } & ClientMeta): Promise<{ code: string; valid: true }> {
    const merchant = await this.deps.merchants.resolve(input);
    // Codes are short: without a limit the check would let anyone list every agent's code.
    const limit = await checkRateLimit(this.deps.cache, { name: 'affiliate-check:ip', limit: 30, windowMs: 60_000 }, `${merchant.code}:${input.ip}`);
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });
    const code = input.code.trim();
    if (!code) throw new AppError('INPUT_EMPTY', { field: 'code' });
    if (!fitsRule(merchant.settings.registration.affiliateCode, code)) throw new AppError('AFFILIATE_CODE_INVALID', { field: 'code' });
    const agent = await this.inviter(this.deps.db.orm, merchant.code, code, true);
    if (!agent) throw new AppError('AFFILIATE_CODE_INVALID', { field: 'code' });
    return { code: normaliseCode(code), valid: true };
  }
}
