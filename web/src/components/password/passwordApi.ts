import { request, type LoginValue } from '../../api';

export interface LoginHistoryEntry {
  at: string;
  ip: string | null;
  device: string | null;
  success: boolean;
}

export interface IconChoice {
  icon: string;
  icons: string[];
}

/** The password and profile calls of the account area (server: services/gateway/src/routes/identity-account-api.ts). */
export const passwordApi = {
  change: (body: { oldPassword: string; newPassword: string; confirmNewPassword: string }) =>
    request<null>('POST', '/wps/member/password', { auth: true, body }),
  forgotByEmail: (body: { username: string; email: string }) => request<{ accepted: true }>('POST', '/wps/member/password/email', { body }),
  resetWithToken: (body: { token: string; newPassword: string; confirmNewPassword: string }) =>
    request<{ account: string }>('POST', '/wps/member/password/reset', { body }),
  sendResetSms: (body: { mobileNum: string; countryDialingCode: string }) =>
    request<{ expiredMinutes: number }>('POST', '/wps/verification/sms/reset', { body }),
  forgotByPhone: (body: { newPassword: string; mobileNum: string; verificationCode: string; countryDialingCode: string }) =>
    request<{ account: string }>('POST', '/wps/member/password/verification', { body }),
  icon: () => request<IconChoice>('GET', '/wps/member/info/icon', { auth: true }),
  loginHistory: (pageSize: number) =>
    request<{ list: LoginHistoryEntry[]; total: number }>('GET', `/wps/member/login-history?pageNo=1&pageSize=${pageSize}`, { auth: true }),
  setIcon: (icon: string) => request<{ icon: string }>('PUT', '/wps/member/info/icon', { auth: true, body: { icon } }),
  setLanguage: (language: string) => request<{ language: string }>('PUT', '/wps/member/language', { auth: true, body: { language } }),
};

let voluntaryChange = false;

/**
 * Opens the change-password modal as the member's own choice, so it can be dismissed. Opened any other way (after a
 * sign-in with a default or expired password) it cannot be closed until the password is changed.
 */
export function openVoluntaryPasswordChange(openModal: (name: 'changePassword') => void): void {
  voluntaryChange = true;
  openModal('changePassword');
}

/** Reads and clears the marker set by `openVoluntaryPasswordChange`. */
export function takeVoluntaryPasswordChange(): boolean {
  const voluntary = voluntaryChange;
  voluntaryChange = false;
  return voluntary;
}

/** The sign-in after a reset by phone: the spec's login call with an empty type (section 7). */
export const signInAfterReset = (username: string, password: string) =>
  request<Partial<LoginValue> & { user?: LoginValue['user'] }>('POST', '/wps/session/login', { body: { username, password, type: '' } });
