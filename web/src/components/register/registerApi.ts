import { type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import i18n from '../../i18n';
import { ApiError, call, type LoginValue, type SystemStatus } from '../../api';

/** Registration always signs the new member in: an answer without a session is a broken one. */
function signedIn(value: { token?: string }): LoginValue {
  if (!value.token) throw new ApiError(200, 'BAD_RESPONSE', i18n.t('err_unknown'));
  return value as LoginValue;
}

/** The fields of `/wps/system/setting/register` (spec section 3); an `acceptedPattern` of '*' means anything. */
export type RegisterSettings = UseCaseResponse<UseCases['registerSettings']>;

export interface WhitelabelNode {
  modId: string;
  enabled: string;
  childrenNodes?: WhitelabelNode[];
}

/** The registration body of spec section 3; every field the brand enables travels under its own name. */
export type RegisterRequest = Record<string, string | boolean | undefined> & {
  registerUrl: string;
  registerMethod: 'WEB';
  acceptTerms: boolean;
};

export const registerApi = {
  settings: () => call(useCases.registerSettings, {}),
  registerUser: async (body: RegisterRequest) => signedIn(await call(useCases.register, body)),
  registerMobile: async (body: RegisterRequest) => signedIn(await call(useCases.registerMobile, body)),
  sendSms: (body: { mobileNo: string; countryDialingCode: string; regType: 'registerMobile' | 'register' }) => call(useCases.registerSms, body),
  checkAffiliate: (body: { code: string; domain: string }) => call(useCases.checkAffiliateByPost, body),
};

/** A whitelabel flag is on when its node and every node above it are enabled. */
export function whitelabelOn(system: SystemStatus | null, modId: string): boolean {
  const walk = (nodes: unknown): boolean => {
    if (!Array.isArray(nodes)) return false;
    for (const node of nodes as WhitelabelNode[]) {
      if (!node || typeof node !== 'object') continue;
      if (node.modId === modId) return node.enabled === '1';
      if (node.enabled === '1' && walk(node.childrenNodes)) return true;
    }
    return false;
  };
  return walk(system?.info?.whitelabel);
}

/** The field configuration the status call carried, used until the fresh one arrives. */
export function registerSettingsFrom(system: SystemStatus | null): RegisterSettings {
  const register = system?.info?.register;
  return register && typeof register === 'object' ? register : {};
}
