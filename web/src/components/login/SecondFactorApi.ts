import { type UseCaseRequest, type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import { call } from '../../api';
import type { SignInValue } from './signInApi';

type Answer<K extends keyof UseCases> = UseCaseResponse<UseCases[K]>;

export type NewIpMethod = UseCaseRequest<UseCases['loginVerify']>['method'];
export type SocialProviderName = Answer<'socialProviders'>['providers'][number]['name'];
export type TwoFactorSetup = Answer<'twoFactorSetup'>;
export type SecurityOverview = Answer<'securityOverview'>;
export type LoginRecord = SecurityOverview['lastLogins'][number];

/** The calls of the second sign-in step, social login and the security centre. */
export const secondFactorApi = {
  sendCode: (ticket: string, method: UseCaseRequest<UseCases['loginVerifySend']>['method']) => call(useCases.loginVerifySend, { ticket, method }),
  verify: (ticket: string, method: NewIpMethod, code: string) => call(useCases.loginVerify, { ticket, method, code }),
  twoFactor: (ticket: string, code: string) => call(useCases.loginTwoFactor, { ticket, code }),
  setupAtLogin: (ticket: string) => call(useCases.loginTwoFactorSetup, { ticket }),
  enableAtLogin: (ticket: string, code: string) => call(useCases.loginTwoFactorEnable, { ticket, code }),
  socialProviders: () => call(useCases.socialProviders, {}),
  socialExchange: (code: string) => call(useCases.socialExchange, { code }),
  security: (pageNo: number, pageSize: number) => call(useCases.securityOverview, { pageNo, pageSize }),
  setup: () => call(useCases.twoFactorSetup, {}),
  enable: (code: string) => call(useCases.twoFactorEnable, { code }),
  disable: (code: string) => call(useCases.twoFactorDisable, { code }),
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
