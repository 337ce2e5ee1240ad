import { sql } from 'drizzle-orm';
import { AppError, rows } from '@wps/platform';
import type { ReferralLink } from '@wps/contracts';
import { invitationSite, invitationUrl, newInvitationCode } from '../domain/invitations.js';
import type { IdentityDeps } from '../deps.js';

/** Fresh codes tried before giving up; with 40 bits per code a second try is already rare. */
const CODE_ATTEMPTS = 5;

/**
 * A member's own referral link (member-centre panel `referral`): its referral code, and the registration address that
 * carries it. Whoever registers with it becomes the member's invited friend (`member.registered` names the referrer in
 * `referredById`). A member without a code (one created before codes were given) gets one the first time it asks.
 */
export class ReferralLinks {
  constructor(private readonly deps: IdentityDeps) {}

  async link(input: { memberId: string; merchantCode: string; host?: string }): Promise<ReferralLink> {
    const merchant = await this.deps.merchants.byCode(input.merchantCode);
    const code = await this.codeOf(merchant.code, input.memberId);
    const site = invitationSite({ hosts: merchant.hosts, mainDomain: merchant.settings.mainDomain }, input.host);
    return { code, url: invitationUrl(site, code) };
  }

  private async codeOf(merchantCode: string, memberId: string): Promise<string> {
    const db = this.deps.db.orm;
    const [member] = await rows<{ referral_code: string | null }>(db, sql`SELECT referral_code FROM identity.members WHERE id = ${memberId} AND merchant_code = ${merchantCode} AND status = 'active'`);
    if (!member) throw new AppError('NOT_FOUND');
    if (member.referral_code) return member.referral_code;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = newInvitationCode();
      // Member codes and agents' link codes share the register form's field: a code is never both.
      const [link] = await rows<{ id: string }>(db, sql`SELECT id FROM identity.invitation_links WHERE merchant_code = ${merchantCode} AND code = ${code}`);
      if (link) continue;
      const [given] = await rows<{ referral_code: string }>(
        db,
        sql`UPDATE identity.members SET referral_code = coalesce(referral_code, ${code})
            WHERE id = ${memberId} AND NOT EXISTS (SELECT 1 FROM identity.members WHERE merchant_code = ${merchantCode} AND referral_code = ${code})
            RETURNING referral_code`,
      );
      if (given) return given.referral_code;
    }
    throw new AppError('SERVICE_UNAVAILABLE');
  }
}
