import { sql, type SQL } from 'drizzle-orm';
import { AppError, rows } from '@wps/platform';
import { MEMBER_ICON_IDS, memberIconSchema, type MemberIcon } from '@wps/contracts';
import type { IdentityDeps } from '../../deps.js';
import type { Sessions } from '../sessions.js';

const MEMBER_ID = /^\d{1,18}$/;

/** The member's own profile choices: avatar icon and interface language. */
export class Profile {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
  ) {}

  async icon(memberId: string): Promise<{ icon: MemberIcon; icons: MemberIcon[] }> {
    const info = await this.sessions.memberInfo(memberId);
    return { icon: memberIconSchema.parse(info.icon), icons: [...MEMBER_ICON_IDS] };
  }

  async setIcon(memberId: string, icon: string): Promise<{ icon: MemberIcon }> {
    const parsed = memberIconSchema.safeParse(icon);
    if (!parsed.success) throw new AppError('ICON_INVALID', { field: 'icon' });
    await this.update(memberId, sql`icon = ${parsed.data}`);
    return { icon: parsed.data };
  }

  /** Stores the member's choice among the brand's languages, so mails and the next visit use it. */
  async setLanguage(memberId: string, language: string): Promise<{ language: string }> {
    const info = await this.sessions.memberInfo(memberId);
    const merchant = await this.deps.merchants.byCode(info.merchantCode);
    const code = language.trim().toUpperCase();
    if (!merchant.languages.includes(code)) throw new AppError('LANGUAGE_UNSUPPORTED', { field: 'language' });
    await this.update(memberId, sql`language = ${code}`);
    return { language: code };
  }

  private async update(memberId: string, assignment: SQL): Promise<void> {
    if (!MEMBER_ID.test(memberId)) throw new AppError('NOT_FOUND');
    const updated = await rows<{ id: string }>(this.deps.db.orm, sql`UPDATE identity.members SET ${assignment} WHERE id = ${memberId} RETURNING id`);
    if (updated.length === 0) throw new AppError('NOT_FOUND');
  }
}
