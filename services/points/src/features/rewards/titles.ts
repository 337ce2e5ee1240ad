import { DEFAULT_LANGUAGE, type Language } from '@wps/contracts';

/** The kinds of reward names the platform writes; each reads in the member's language. */
export type RewardTitleKind = 'vip_upgrade' | 'vip_monthly' | 'vip_birthday' | 'rebate' | 'leaderboard' | 'mission' | 'manual_rebate' | 'referral' | 'referee' | 'raffle';
/** The facts a name is made of: a level's label, a month, a day, a rank, a week; a mission's own names per language. */
export type RewardTitleParams = Readonly<Record<string, string>>;

const TEMPLATES: Record<RewardTitleKind, Record<Language, (p: RewardTitleParams) => string>> = {
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

/** A grant's name fields: the kind and its facts, and the Spanish text kept for the record. */
export function titled(kind: RewardTitleKind, params: RewardTitleParams): { title: string; titleKind: RewardTitleKind; titleParams: RewardTitleParams } {
  return { title: TEMPLATES[kind][DEFAULT_LANGUAGE](params).trim(), titleKind: kind, titleParams: params };
}

/** A stored grant's name in `language`; a grant without a kind keeps the text it was given. */
export function rewardTitle(row: { title: string; title_kind: string | null; title_params: unknown }, language: Language = DEFAULT_LANGUAGE): string {
  const templates = row.title_kind ? TEMPLATES[row.title_kind as RewardTitleKind] : undefined;
  if (!templates) return row.title;
  const params = (typeof row.title_params === 'string' ? JSON.parse(row.title_params) : (row.title_params ?? {})) as RewardTitleParams;
  return templates[language](params).trim() || row.title;
}
