import { request } from '../../api';
import type { SignInValue } from './signInApi';

export type NewIpMethod = 'mobile' | 'email' | 'bankAccountName' | 'authenticator';
export type SocialProviderName = 'line' | 'facebook' | 'google';

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
}

export interface LoginRecord {
  at: string;
  ip: string | null;
  device: string;
  success: boolean;
}

export interface SecurityOverview {
  twoFactorEnabled: boolean;
  previousLoginAt: string | null;
  lastLogins: LoginRecord[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

/** The calls of the second sign-in step, social login and the security centre. */
export const secondFactorApi = {
  sendCode: (ticket: string, method: 'mobile' | 'email') => request<{ expiredMinutes: number }>('POST', '/wps/session/login/verify/send', { body: { ticket, method } }),
  verify: (ticket: string, method: NewIpMethod, code: string) => request<SignInValue>('POST', '/wps/session/login/verify', { body: { ticket, method, code } }),
  twoFactor: (ticket: string, code: string) => request<SignInValue>('POST', '/wps/session/login/2fa', { body: { ticket, code } }),
  setupAtLogin: (ticket: string) => request<TwoFactorSetup>('POST', '/wps/session/login/2fa/setup', { body: { ticket } }),
  enableAtLogin: (ticket: string, code: string) => request<SignInValue>('POST', '/wps/session/login/2fa/enable', { body: { ticket, code } }),
  socialProviders: () => request<{ providers: Array<{ name: SocialProviderName }> }>('GET', '/wps/session/social/providers'),
  socialExchange: (code: string) => request<SignInValue>('POST', '/wps/session/social/exchange', { body: { code } }),
  security: (pageNo: number, pageSize: number) => request<SecurityOverview>('GET', `/wps/member/security?pageNo=${pageNo}&pageSize=${pageSize}`, { auth: true }),
  setup: () => request<TwoFactorSetup>('POST', '/wps/member/2fa/setup', { auth: true, body: {} }),
  enable: (code: string) => request<{ twoFactorEnabled: boolean }>('POST', '/wps/member/2fa/enable', { auth: true, body: { code } }),
  disable: (code: string) => request<{ twoFactorEnabled: boolean }>('DELETE', '/wps/member/2fa', { auth: true, body: { code } }),
};

/** A social sign-in that still owes a second step waits here until the login modal shows it. */
let pendingSocialChallenge: SignInValue | null = null;
export const socialChallenge = {
  set: (value: SignInValue | null) => {
    pendingSocialChallenge = value;
  },
  take: (): SignInValue | null => {
    const value = pendingSocialChallenge;
    pendingSocialChallenge = null;
    return value;
  },
};
