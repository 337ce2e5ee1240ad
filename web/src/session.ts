/** Session storage keys of the spec (section 3) and the helpers that read and write them. */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

export interface SessionUser {
  id: string | number;
  account: string;
  nickname?: string | null;
  type: number;
}

export interface StoredSession {
  token: string;
  account: string;
  username: string;
  nickname: string;
  customerId: string;
  isAgent: boolean;
  merchantCode: string | null;
}

function safeSession(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function safeLocal(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return safeSession()?.getItem('token') ?? null;
}

export function getMerchantCode(): string | null {
  return safeSession()?.getItem('merchantCode') ?? safeLocal()?.getItem('merchantCode') ?? null;
}

export function storeMerchantCode(code: string | null | undefined): void {
  if (!code) return;
  safeSession()?.setItem('merchantCode', code);
  safeLocal()?.setItem('merchantCode', code);
}

export const isAgentType = (type: number): boolean => AGENT_TYPES.includes(type);

/** Stores what a login or registration answer gives: token plus the user's identity. */
export function storeSession(token: string, user: SessionUser, merchantCode: string | null): void {
  const s = safeSession();
  if (!s) return;
  s.setItem('token', token);
  storeUser(user);
  if (merchantCode) s.setItem('merchantCode', merchantCode);
}

/** Refreshes the identity keys from a member-info answer. */
export function storeUser(user: SessionUser): void {
  const s = safeSession();
  if (!s) return;
  s.setItem('account', user.account);
  s.setItem('username', user.account);
  s.setItem('nickname', user.nickname ?? user.account);
  s.setItem('customerId', String(user.id));
  s.setItem('isAgent', String(isAgentType(user.type)));
}

/** Clears the whole session storage but keeps the brand (the spec re-stores the merchant after logout). */
export function clearSession(): void {
  const s = safeSession();
  if (!s) return;
  const merchantCode = s.getItem('merchantCode') ?? safeLocal()?.getItem('merchantCode') ?? null;
  s.clear();
  if (merchantCode) s.setItem('merchantCode', merchantCode);
}

export function readStoredSession(): StoredSession | null {
  const s = safeSession();
  const token = s?.getItem('token');
  if (!s || !token) return null;
  return {
    token,
    account: s.getItem('account') ?? '',
    username: s.getItem('username') ?? '',
    nickname: s.getItem('nickname') ?? '',
    customerId: s.getItem('customerId') ?? '',
    isAgent: s.getItem('isAgent') === 'true',
    merchantCode: s.getItem('merchantCode'),
  };
}

/** Language choice lives in local storage (current and previous). */
export function readStoredLanguage(): string | null {
  return safeLocal()?.getItem('language') ?? null;
}

export function storeLanguage(language: string): void {
  const l = safeLocal();
  if (!l) return;
  const previous = l.getItem('language');
  if (previous && previous !== language) l.setItem('previousLanguage', previous);
  l.setItem('language', language);
}
