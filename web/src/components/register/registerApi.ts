import { request, type LoginValue, type SystemStatus } from '../../api';

/** One field of `/wps/system/setting/register` (spec section 3). */
export interface RegisterFieldConfig {
  enabled: boolean;
  required: boolean;
  /** '*' means anything. */
  acceptedPattern: string;
  patternId: string;
  minLength: number;
  maxLength: number;
}
export type RegisterSettings = Record<string, RegisterFieldConfig>;

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
  settings: () => request<RegisterSettings>('GET', '/wps/system/setting/register'),
  registerUser: (body: RegisterRequest) => request<LoginValue>('PUT', '/wps/member/register', { body }),
  registerMobile: (body: RegisterRequest) => request<LoginValue>('PUT', '/wps/member/register/mobile', { body }),
  sendSms: (body: { mobileNo: string; countryDialingCode: string; regType: 'registerMobile' | 'register' }) =>
    request<{ expiredMinutes: number }>('POST', '/wps/verification/sms/register', { body }),
  checkAffiliate: (body: { code: string; domain: string }) => request<{ code: string; valid: boolean }>('POST', '/wps/agent/affiliate', { body }),
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
  return register && typeof register === 'object' ? (register as RegisterSettings) : {};
}
