import { z } from 'zod';
import { edgeUseCase, serviceUseCase } from '../use-case.js';
import { identityRpc } from '../identity.js';
import { memberInfoSchema } from '../identity-common.js';
import {
  changePasswordBodySchema,
  forgotPasswordByEmailBodySchema,
  forgotPasswordByPhoneBodySchema,
  iconBodySchema,
  languageBodySchema,
  loginHistoryQuerySchema,
  resetPasswordBodySchema,
  resetSmsBodySchema,
} from '../identity-account.js';

const common = { rateLimit: 'ip', idempotent: false } as const;
const profile = { ...common, tag: 'Member', auth: 'member' } as const;
const password = { ...common, tag: 'Password', auth: 'guest', method: 'POST' } as const;
const accountOnly = z.object({ account: z.string() });

/**
 * The member profile, the session and the passwords. Every member call acts on the session's own member: none takes a
 * member id, so no member can reach another's data. Calls that end sessions are carried out by the gateway, which
 * forgets the ended sessions (and closes their sockets) before it answers.
 */
export const accountUseCases = {
  memberInfo: edgeUseCase({
    ...profile,
    id: 'memberInfo',
    summary: 'The signed-in member: account, nickname, type, currency, the sign-in before this one, icon and language',
    method: 'GET',
    paths: ['/wps/member/info'],
    request: z.object({}),
    response: memberInfoSchema.omit({ merchantCode: true }),
    operation: { edge: 'memberInfo' },
  }),
  loginHistory: serviceUseCase({
    ...profile,
    id: 'loginHistory',
    summary: 'The member’s sign-ins, newest first, with address and device',
    method: 'GET',
    paths: ['/wps/member/login-history'],
    request: loginHistoryQuerySchema,
    response: identityRpc.getLoginHistory.output,
    operation: { service: 'identity', method: 'getLoginHistory' },
    context: { memberId: 'memberId' },
  }),
  memberIcon: serviceUseCase({
    ...profile,
    id: 'memberIcon',
    summary: 'The member’s avatar icon and the icons to choose from',
    method: 'GET',
    paths: ['/wps/member/info/icon'],
    request: z.object({}),
    response: identityRpc.getMemberIcon.output,
    operation: { service: 'identity', method: 'getMemberIcon' },
    context: { memberId: 'memberId' },
  }),
  setMemberIcon: serviceUseCase({
    ...profile,
    id: 'setMemberIcon',
    summary: 'Chooses the avatar icon, one of the offered icons',
    method: 'PUT',
    paths: ['/wps/member/info/icon'],
    request: iconBodySchema,
    response: identityRpc.setMemberIcon.output,
    operation: { service: 'identity', method: 'setMemberIcon' },
    context: { memberId: 'memberId' },
  }),
  setMemberLanguage: serviceUseCase({
    ...profile,
    id: 'setMemberLanguage',
    summary: 'Chooses the interface language, one of the brand’s languages',
    method: 'PUT',
    paths: ['/wps/member/language'],
    request: languageBodySchema,
    response: identityRpc.setMemberLanguage.output,
    operation: { service: 'identity', method: 'setMemberLanguage' },
    context: { memberId: 'memberId' },
  }),
  logout: edgeUseCase({
    ...profile,
    tag: 'Sign-in',
    id: 'logout',
    summary: 'Ends the session everywhere: its token stops working and its sockets close',
    method: 'DELETE',
    paths: ['/wps/session/logout'],
    request: z.object({}),
    response: z.null(),
    operation: { edge: 'logout' },
  }),
  changePassword: edgeUseCase({
    ...password,
    auth: 'member',
    id: 'changePassword',
    summary: 'Changes the password; every other session of the member ends',
    paths: ['/wps/member/password'],
    request: changePasswordBodySchema,
    response: z.null(),
    operation: { edge: 'changePassword' },
  }),
  passwordResetByEmail: edgeUseCase({
    ...password,
    id: 'passwordResetByEmail',
    summary: 'Sends a single-use reset link, valid for 30 minutes, when the username and e-mail match; answers the same either way',
    paths: ['/wps/member/password/email'],
    bodyFormat: 'json-or-form',
    request: forgotPasswordByEmailBodySchema,
    response: identityRpc.requestPasswordResetByEmail.output,
    operation: { edge: 'passwordResetByEmail' },
  }),
  passwordReset: edgeUseCase({
    ...password,
    id: 'passwordReset',
    summary: 'Sets a new password with the e-mailed link’s token; every session of the member ends',
    paths: ['/wps/member/password/reset'],
    request: resetPasswordBodySchema,
    response: accountOnly,
    operation: { edge: 'passwordReset' },
  }),
  passwordResetSms: edgeUseCase({
    ...password,
    id: 'passwordResetSms',
    summary: 'Sends a reset code by SMS when the number belongs to a member of the brand; answers the same either way',
    paths: ['/wps/verification/sms/reset'],
    request: resetSmsBodySchema,
    response: identityRpc.sendPasswordResetSms.output,
    operation: { edge: 'passwordResetSms' },
  }),
  passwordResetByPhone: edgeUseCase({
    ...password,
    id: 'passwordResetByPhone',
    summary: 'Sets a new password with the SMS code; every session ends and the answer names the account to sign in with',
    paths: ['/wps/member/password/verification'],
    request: forgotPasswordByPhoneBodySchema,
    response: accountOnly,
    operation: { edge: 'passwordResetByPhone' },
  }),
};
