/** Panel names are the spec's (§2 "Member centre panel pages"); the query `?panel=` picks one. */
export const MEMBER_PANELS = [
  'depositv2',
  'withdraw',
  'transferFund',
  'transactionHistory',
  'personalHistoryCopy',
  'securityCenter',
  'profile',
  'messageV2',
  'feedback',
  'rewardCenter',
  'bonusDetails',
  'missionLeaderboard',
  'referral',
  'manualRebate',
] as const;
export type MemberPanel = (typeof MEMBER_PANELS)[number];

export const MEMBER_PATH = '/member';
export const TRIAL_TYPE = 4;

export const panelLink = (panel: MemberPanel): string => `${MEMBER_PATH}?panel=${panel}`;

export function isPanel(value: string | null): value is MemberPanel {
  return (MEMBER_PANELS as readonly string[]).includes(value ?? '');
}
