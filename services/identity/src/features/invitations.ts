import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { z } from 'zod';
import { isAgentType, type IdentityRpc, type InvitationContract, type InvitationLink, type InvitationType } from '@wps/contracts';
import { usernameKey, validateRegistration, type RegisterFields } from '../domain/registration.js';
import { checkStartingContracts, invitationSite, invitationUrl, isInvitationCode, memberTypeOf, newInvitationCode, normaliseInvitationCode } from '../domain/invitations.js';
import type { MerchantRecord } from '../infra/merchants.js';
import type { IdentityDeps } from '../deps.js';
import { checkPasswordStrength } from './passwords-policy.js';

type In<M extends keyof IdentityRpc> = z.output<IdentityRpc[M]['input']>;
type Out<M extends keyof IdentityRpc> = z.input<IdentityRpc[M]['output']>;

/** How many links an agent keeps at once (disabled ones included); a used link that is no longer wanted is disabled. */
export const MAX_LINKS_PER_AGENT = 200;
/** Fresh codes tried before giving up; with 40 bits per code a second try is already rare. */
const CODE_ATTEMPTS = 5;

interface LinkRow {
  id: string;
  code: string;
  type: InvitationType;
  contracts: unknown;
  note: string;
  enabled: boolean;
  registrations: number;
  created_at: Date | string;
}

/** An enabled link of an active agent, as registration uses it. */
export interface FoundInvitationLink {
  id: string;
  code: string;
  type: InvitationType;
  contracts: InvitationContract[];
  agentId: string;
  agentType: number;
}

const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** The enabled link with this code in the brand, when its agent is still an active agent; null for anything else. */
export async function findInvitationLink(db: Executor, merchantCode: string, typed: string): Promise<FoundInvitationLink | null> {
  if (!isInvitationCode(typed)) return null;
  const [row] = await rows<LinkRow & { agent_id: string; agent_type: number }>(
    db,
    sql`SELECT l.*, m.type AS agent_type
          FROM identity.invitation_links l JOIN identity.members m ON m.id = l.agent_id
         WHERE l.merchant_code = ${merchantCode} AND l.code = ${normaliseInvitationCode(typed)} AND l.enabled AND m.status = 'active'`,
  );
  if (!row || !isAgentType(row.agent_type)) return null;
  return { id: row.id, code: row.code, type: row.type, contracts: jsonOf(row.contracts) as InvitationContract[], agentId: row.agent_id, agentType: row.agent_type };
}

/** Counts a registration on the link, inside the registration's transaction; false when the link was disabled or deleted meanwhile. */
export async function countInvitationRegistration(tx: Executor, linkId: string): Promise<boolean> {
  const updated = await rows<{ id: string }>(tx, sql`UPDATE identity.invitation_links SET registrations = registrations + 1 WHERE id = ${linkId} AND enabled RETURNING id`);
  return updated.length > 0;
}

/** A direct creation asks only for an account and a password: every other field of the brand's form is left out. */
function accountFieldsOnly(fields: RegisterFields): RegisterFields {
  const only = { ...fields };
  for (const name of Object.keys(only) as (keyof RegisterFields)[]) {
    if (name !== 'username' && name !== 'password') only[name] = { ...only[name], enabled: false, required: false };
  }
  return only;
}

/**
 * The agent centre's register centre (spec section 2, registerCenter): an agent's invitation links, and accounts it
 * creates directly under itself. Only active agents use it, and an agent only ever sees or changes its own links.
 */
export class InvitationLinks {
  constructor(private readonly deps: IdentityDeps) {}

  async list(input: In<'listInvitationLinks'>): Promise<Out<'listInvitationLinks'>> {
    const merchant = await this.deps.merchants.byCode(input.merchantCode);
    const db = this.deps.db.orm;
    await this.agent(db, merchant.code, input.memberId);
    const { pageNo, pageSize } = input;
    const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM identity.invitation_links WHERE agent_id = ${input.memberId}`);
    const found = await rows<LinkRow>(
      db,
      sql`SELECT * FROM identity.invitation_links WHERE agent_id = ${input.memberId}
          ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`,
    );
    const total = count?.n ?? 0;
    const site = this.site(merchant, input.host);
    return { list: found.map((row) => this.toLink(row, site)), pageNo, pageSize, total, totalPages: Math.ceil(total / pageSize) };
  }

  async create(input: In<'createInvitationLink'>): Promise<Out<'createInvitationLink'>> {
    const merchant = await this.deps.merchants.byCode(input.merchantCode);
    const contracts = checkStartingContracts(input.type, input.contracts);
    const row = await this.deps.db.transaction(async (tx) => {
      // The agent's row is locked so that two creations at once cannot both pass the limit.
      await this.agent(tx, merchant.code, input.memberId, true);
      const [count] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM identity.invitation_links WHERE agent_id = ${input.memberId}`);
      if ((count?.n ?? 0) >= MAX_LINKS_PER_AGENT) throw new AppError('INVITATION_LINK_LIMIT', { params: { max: MAX_LINKS_PER_AGENT } });
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const code = newInvitationCode();
        // Link codes and member referral codes share the register form's field: a code is never both.
        const [member] = await rows<{ id: string }>(tx, sql`SELECT id FROM identity.members WHERE merchant_code = ${merchant.code} AND referral_code = ${code}`);
        if (member) continue;
        const [inserted] = await rows<LinkRow>(
          tx,
          sql`INSERT INTO identity.invitation_links (merchant_code, agent_id, code, type, contracts, note)
              VALUES (${merchant.code}, ${input.memberId}, ${code}, ${input.type}, ${JSON.stringify(contracts)}::jsonb, ${input.note ?? ''})
              ON CONFLICT (merchant_code, code) DO NOTHING
              RETURNING *`,
        );
        if (inserted) return inserted;
      }
      throw new AppError('SERVICE_UNAVAILABLE');
    });
    return this.toLink(row, this.site(merchant, input.host));
  }

  async setEnabled(input: In<'setInvitationLinkEnabled'>): Promise<Out<'setInvitationLinkEnabled'>> {
    const merchant = await this.deps.merchants.byCode(input.merchantCode);
    const db = this.deps.db.orm;
    await this.agent(db, merchant.code, input.memberId);
    const [row] = await rows<LinkRow>(db, sql`UPDATE identity.invitation_links SET enabled = ${input.enabled} WHERE id = ${input.id} AND agent_id = ${input.memberId} RETURNING *`);
    if (!row) throw new AppError('INVITATION_LINK_NOT_FOUND');
    return this.toLink(row, this.site(merchant, input.host));
  }

  async remove(input: In<'deleteInvitationLink'>): Promise<Out<'deleteInvitationLink'>> {
    const merchant = await this.deps.merchants.byCode(input.merchantCode);
    const db = this.deps.db.orm;
    await this.agent(db, merchant.code, input.memberId);
    const [deleted] = await rows<{ id: string }>(db, sql`DELETE FROM identity.invitation_links WHERE id = ${input.id} AND agent_id = ${input.memberId} AND registrations = 0 RETURNING id`);
    if (deleted) return { id: deleted.id, deleted: true };
    const [kept] = await rows<{ id: string }>(db, sql`SELECT id FROM identity.invitation_links WHERE id = ${input.id} AND agent_id = ${input.memberId}`);
    throw new AppError(kept ? 'INVITATION_LINK_IN_USE' : 'INVITATION_LINK_NOT_FOUND');
  }

  /**
   * A new player or agent directly under the calling agent. The account name and password follow the brand's
   * registration rules with the register form's messages; the new account signs in itself later.
   */
  async createDownline(input: In<'createDownline'>): Promise<Out<'createDownline'>> {
    const merchant = await this.deps.merchants.byCode(input.merchantCode);
    const db = this.deps.db.orm;
    const agent = await this.agent(db, merchant.code, input.memberId);
    const { settings } = merchant;
    const valid = validateRegistration(
      { username: input.username, password: input.password, confirmPassword: input.confirmPassword ?? input.password, acceptTerms: true },
      { fields: accountFieldsOnly(settings.registration), tab: 'username', mobileVerification: false, mobilePassword: true, defaultDialingCode: settings.defaultDialingCode },
    );
    await checkPasswordStrength(valid.password!, valid.username!, 'password');
    const contracts = checkStartingContracts(input.type, input.contracts);
    const account = valid.username!;
    const taken = await rows<{ id: string }>(db, sql`SELECT id FROM identity.members WHERE merchant_code = ${merchant.code} AND username_key = ${usernameKey(account)}`);
    if (taken.length) throw new AppError('USERNAME_TAKEN', { field: 'username' });
    const passwordHash = await this.deps.hasher.hash(valid.password!);
    const nickname = input.nickname || account;
    const type = memberTypeOf(input.type);
    const created = await this.deps.db.transaction(async (tx) => {
      const [member] = await rows<{ id: string; username: string; nickname: string; type: number }>(
        tx,
        sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, upline_id, referral_code, register_method, register_ip)
            VALUES (${merchant.code}, ${account}, ${usernameKey(account)}, ${nickname}, ${type}, ${passwordHash}, ${agent.id}, ${newInvitationCode()}, 'AGENT', ${input.ip})
            ON CONFLICT (merchant_code, username_key) DO NOTHING
            RETURNING id, username, nickname, type`,
      );
      if (!member) throw new AppError('USERNAME_TAKEN', { field: 'username' });
      await this.deps.outbox.add(tx, 'member.registered', member.id, {
        memberId: member.id,
        merchantCode: merchant.code,
        account: member.username,
        type: member.type,
        currency: merchant.currency,
        uplineId: agent.id,
        registeredAt: new Date().toISOString(),
        // No link was used: the code is empty and the contracts are the ones the agent gave.
        ...(contracts.length ? { invitation: { code: '', contracts } } : {}),
      });
      return member;
    });
    this.deps.relay()?.wake();
    return { memberId: created.id, account: created.username, nickname: created.nickname, type: created.type, uplineId: agent.id };
  }

  /** The caller, when it is an active agent of the brand; everyone else is refused. */
  private async agent(db: Executor, merchantCode: string, memberId: string, lock = false): Promise<{ id: string; type: number }> {
    const [row] = await rows<{ id: string; type: number; status: string }>(
      db,
      sql`SELECT id, type, status FROM identity.members WHERE id = ${memberId} AND merchant_code = ${merchantCode} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    if (!row || row.status !== 'active' || !isAgentType(row.type)) throw new AppError('INVITATION_AGENTS_ONLY');
    return { id: row.id, type: row.type };
  }

  private site(merchant: MerchantRecord, host: string | undefined): string {
    return invitationSite({ hosts: merchant.hosts, mainDomain: merchant.settings.mainDomain }, host);
  }

  private toLink(row: LinkRow, site: string): InvitationLink {
    return {
      id: String(row.id),
      code: row.code,
      url: invitationUrl(site, row.code),
      type: row.type,
      contracts: jsonOf(row.contracts) as InvitationContract[],
      note: row.note,
      enabled: row.enabled,
      registrations: Number(row.registrations),
      createdAt: new Date(row.created_at).toISOString(),
    };
  }
}
