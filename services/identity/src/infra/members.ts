/** A row of identity.members as the features read it. */
export interface MemberRow {
  id: string;
  merchant_code: string;
  username: string;
  nickname: string;
  type: number;
  status: string;
  password_hash: string;
  login_count: number;
  last_login_at: Date | string | null;
  password_changed_at: Date | string;
}

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
