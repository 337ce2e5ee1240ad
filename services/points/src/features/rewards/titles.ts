import { DEFAULT_LANGUAGE, type InterfaceLanguage } from '@wps/contracts';
import { OTHER_LANGUAGE_TITLES } from './title-languages.js';

/** The kinds of reward names the platform writes; each reads in the member's language. */
export type RewardTitleKind = 'vip_upgrade' | 'vip_monthly' | 'vip_birthday' | 'rebate' | 'leaderboard' | 'mission' | 'manual_rebate' | 'referral' | 'referee' | 'raffle';
/** The facts a name is made of: a level's label, a month, a day, a rank, a week; an operator's own names per language. */
export type RewardTitleParams = Readonly<Record<string, string>>;

/** Spanish and English, written here; every other interface language in `title-languages.ts`. */
const TEMPLATES: Record<RewardTitleKind, Record<'ES' | 'EN', (p: RewardTitleParams) => string>> = {
  vip_upgrade: { ES: (p) => `Bono de ascenso ${p.label ?? ''}`, EN: (p) => `${p.label ?? ''} upgrade bonus` },
  vip_monthly: { ES: (p) => `Bono mensual ${p.label ?? ''} ${p.month ?? ''}`, EN: (p) => `${p.label ?? ''} monthly bonus ${p.month ?? ''}` },
  vip_birthday: { ES: (p) => `Bono de cumpleaños ${p.label ?? ''}`, EN: (p) => `${p.label ?? ''} birthday bonus` },
  rebate: { ES: (p) => `Reembolso ${p.label ?? ''} ${p.day ?? ''}`, EN: (p) => `${p.label ?? ''} rebate ${p.day ?? ''}` },
  leaderboard: {
    ES: (p) => `Clasificación de misiones: puesto ${p.rank ?? ''} (${p.week ?? ''})`,
    EN: (p) => `Mission leaderboard: rank ${p.rank ?? ''} (${p.week ?? ''})`,
  },
  manual_rebate: { ES: (p) => `Reembolso manual ${p.label ?? ''} ${p.day ?? ''}`, EN: (p) => `${p.label ?? ''} manual rebate ${p.day ?? ''}` },
  referral: { ES: (p) => `Recompensa por invitar a ${p.friend ?? ''}`, EN: (p) => `Reward for inviting ${p.friend ?? ''}` },
  referee: { ES: () => 'Bono de bienvenida por invitación', EN: () => 'Welcome bonus for joining by invitation' },
  raffle: { ES: (p) => `Sorteo: premio del puesto ${p.rank ?? ''}`, EN: (p) => `Raffle: rank ${p.rank ?? ''} prize` },
  // A mission's name is the operator's, per language; one missing in the reader's language falls back to Spanish.
  mission: { ES: (p) => p.ES ?? '', EN: (p) => p.EN || p.ES || '' },
};

/** A kind's name in `language`: the platform's own template, or for an operator's name its text in that language. */
function template(kind: RewardTitleKind, language: InterfaceLanguage): (p: RewardTitleParams) => string {
  if (language === 'ES' || language === 'EN') return TEMPLATES[kind][language];
  if (kind === 'mission') return (p) => p[language] || p.ES || p.EN || '';
  return OTHER_LANGUAGE_TITLES[language][kind];
}

/** A grant's name fields: the kind and its facts, and the Spanish text kept for the record. */
export function titled(kind: RewardTitleKind, params: RewardTitleParams): { title: string; titleKind: RewardTitleKind; titleParams: RewardTitleParams } {
  return { title: TEMPLATES[kind][DEFAULT_LANGUAGE](params).trim(), titleKind: kind, titleParams: params };
}

/** A stored grant's name in `language` (any interface language); a grant without a kind keeps the text it was given. */
export function rewardTitle(row: { title: string; title_kind: string | null; title_params: unknown }, language: InterfaceLanguage = DEFAULT_LANGUAGE): string {
  if (!row.title_kind || !(row.title_kind in TEMPLATES)) return row.title;
  const params = (typeof row.title_params === 'string' ? JSON.parse(row.title_params) : (row.title_params ?? {})) as RewardTitleParams;
  return template(row.title_kind as RewardTitleKind, language)(params).trim() || row.title;
}
