import { type UseCaseRequest, type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import { call } from '../../api';

type Fields<K extends keyof UseCases> = UseCaseRequest<UseCases[K]>;

export type LoginHistoryEntry = UseCaseResponse<UseCases['loginHistory']>['list'][number];

/** The password and profile calls of the account area (declared in packages/contracts/src/api/account.ts). */
export const passwordApi = {
  change: (body: Fields<'changePassword'>) => call(useCases.changePassword, body),
  forgotByEmail: (body: Fields<'passwordResetByEmail'>) => call(useCases.passwordResetByEmail, body),
  resetWithToken: (body: Fields<'passwordReset'>) => call(useCases.passwordReset, body),
  sendResetSms: (body: Fields<'passwordResetSms'>) => call(useCases.passwordResetSms, body),
  forgotByPhone: (body: Fields<'passwordResetByPhone'>) => call(useCases.passwordResetByPhone, body),
  icon: () => call(useCases.memberIcon, {}),
  loginHistory: (pageSize: number) => call(useCases.loginHistory, { pageNo: 1, pageSize }),
  setIcon: (icon: string) => call(useCases.setMemberIcon, { icon }),
  setLanguage: (language: string) => call(useCases.setMemberLanguage, { language }),
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
export const signInAfterReset = (username: string, password: string) => call(useCases.login, { username, password, type: '' });
