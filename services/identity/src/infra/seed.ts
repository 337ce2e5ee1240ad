import { sql } from 'drizzle-orm';
import { rows, type Database, type Outbox } from '@wps/platform';
import { INTERFACE_LANGUAGES, MEMBER_TYPE } from '@wps/contracts';
import { usernameKey } from '../domain/registration.js';
import type { PasswordHasher } from './passwords.js';
import { upsertMerchant } from './merchants.js';

export const DEMO_MERCHANT_CODE = 'DEMO';
export const DEMO_PLAYER = 'demoplayer';
export const DEMO_AGENT = 'demoagent';

/** The agent's invitation code: valid as affiliateCode and as referralCode (`/register?affiliateCode=DEMOAGENT`). */
export const DEMO_AGENT_CODE = 'DEMOAGENT';

/**
 * The demo agent's team, three levels of agents deep, each with players: (username, type, upline). The agent centre's
 * reports, contracts and settlements of a fresh install are filled from this team's play.
 */
export const DEMO_TEAM: readonly (readonly [string, number, string])[] = [
  ['demoplayer2', MEMBER_TYPE.MEMBER, DEMO_AGENT],
  ['demosub1', MEMBER_TYPE.AGENT, DEMO_AGENT],
  ['demosub2', MEMBER_TYPE.AGENT, DEMO_AGENT],
  ['demosub3', MEMBER_TYPE.AGENT, DEMO_AGENT],
  ['demo11', MEMBER_TYPE.MEMBER, 'demosub1'],
  ['demo12', MEMBER_TYPE.MEMBER, 'demosub1'],
  ['demo13', MEMBER_TYPE.MEMBER, 'demosub1'],
  ['demosub11', MEMBER_TYPE.AGENT, 'demosub1'],
  ['demo111', MEMBER_TYPE.MEMBER, 'demosub11'],
  ['demo112', MEMBER_TYPE.MEMBER, 'demosub11'],
  ['demo21', MEMBER_TYPE.MEMBER, 'demosub2'],
  ['demo22', MEMBER_TYPE.MEMBER, 'demosub2'],
  ['demo31', MEMBER_TYPE.MEMBER, 'demosub3'],
];

/** The demo player's invited friends: they registered with its referral code (the invite-friends panel lists them). */
export const DEMO_FRIENDS: readonly string[] = ['demofriend1', 'demofriend2', 'demofriend3', 'demofriend4'];

/** Both registration tabs, SMS-verified mobile numbers with a password, and an optional e-mail. */
const DEMO_SETTINGS = {
  whitelabel: { USERNAMEREG3: true, MOBILENUMREG3: true, REGMOBVERF3: true, MOBILENUMPASSREG3: true, AGENTPOLICY3: true, REWCEN3: true },
  customerService: [{ csType: 'LIVECHAT', path: '', title: 'Live chat' }],
  // Mirror domains: bare hosts, served on the same scheme and port as the site that lists them.
  domainRoute: ['localhost', '127.0.0.1'],
  defaultDialingCode: '52',
  registration: {
    email: { enabled: true, required: false, patternId: 'EMAIL', minLength: 6, maxLength: 100 },
    mobileNum: { enabled: false, required: false, patternId: 'PHONE', minLength: 10, maxLength: 10 },
  },
} as const;

/** The demo brand of a fresh install: Spanish first, English and every other interface language too, Mexican pesos; one agent with one player below. */
export async function seedDemo(db: Database, outbox: Outbox, hasher: PasswordHasher, password: string): Promise<{ created: string[] }> {
  await upsertMerchant(db.orm, {
    code: DEMO_MERCHANT_CODE,
    name: 'Demo Casino',
    hosts: ['localhost', '127.0.0.1'],
    isDefault: true,
    defaultLanguage: 'ES',
    languages: ['ES', 'EN', ...INTERFACE_LANGUAGES.filter((code) => code !== 'ES' && code !== 'EN')],
    currency: 'MXN',
    currencySymbol: '$',
    timeZone: 'America/Mexico_City',
    settings: DEMO_SETTINGS,
  });
  // A data folder seeded by an older version gets the settings it lacks; whatever is stored (an operator's change) wins.
  await db.orm.execute(sql`
    UPDATE identity.merchants
    SET settings = ${JSON.stringify(DEMO_SETTINGS)}::jsonb || settings
                   || jsonb_build_object('whitelabel', ${JSON.stringify(DEMO_SETTINGS.whitelabel)}::jsonb || coalesce(settings->'whitelabel', '{}'::jsonb))
    WHERE code = ${DEMO_MERCHANT_CODE}`);
  const created: string[] = [];
  const passwordHash = await hasher.hash(password);
  const ensure = async (username: string, type: number, referralCode: string | null, uplineUsername: string | null, referrerUsername: string | null = null) => {
    await db.transaction(async (tx) => {
      const upline = uplineUsername
        ? ((await rows<{ id: string }>(tx, sql`SELECT id FROM identity.members WHERE merchant_code = ${DEMO_MERCHANT_CODE} AND username_key = ${uplineUsername}`))[0]?.id ?? null)
        : null;
      const referrer = referrerUsername
        ? ((await rows<{ id: string }>(tx, sql`SELECT id FROM identity.members WHERE merchant_code = ${DEMO_MERCHANT_CODE} AND username_key = ${referrerUsername}`))[0]?.id ?? null)
        : null;
      const [member] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, upline_id, referred_by_id, referral_code, register_method)
            VALUES (${DEMO_MERCHANT_CODE}, ${username}, ${usernameKey(username)}, ${username}, ${type}, ${passwordHash}, ${upline}, ${referrer}, ${referralCode}, 'SEED')
            ON CONFLICT (merchant_code, username_key) DO NOTHING RETURNING id`,
      );
      if (!member) return;
      created.push(username);
      await outbox.add(tx, 'member.registered', member.id, {
        memberId: member.id,
        merchantCode: DEMO_MERCHANT_CODE,
        account: username,
        type,
        currency: 'MXN',
        uplineId: upline,
        referredById: referrer,
        registeredAt: new Date().toISOString(),
      });
    });
  };
  await ensure(DEMO_AGENT, MEMBER_TYPE.AGENT, DEMO_AGENT_CODE, null);
  await ensure(DEMO_PLAYER, MEMBER_TYPE.MEMBER, null, DEMO_AGENT);
  for (const [username, type, upline] of DEMO_TEAM) await ensure(username, type, null, upline);
  for (const username of DEMO_FRIENDS) await ensure(username, MEMBER_TYPE.MEMBER, null, null, DEMO_PLAYER);
  return { created };
}
