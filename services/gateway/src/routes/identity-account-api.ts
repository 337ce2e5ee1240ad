import express, { type Request, type Router } from 'express';
import { requestLanguage } from '@wps/platform';
import {
  changePasswordBodySchema,
  forgotPasswordByEmailBodySchema,
  forgotPasswordByPhoneBodySchema,
  iconBodySchema,
  languageBodySchema,
  loginHistoryQuerySchema,
  resetPasswordBodySchema,
  resetSmsBodySchema,
} from '@wps/contracts';
import { clientIp, merchantHint, requireSession } from '../auth.js';
import { ipRateLimit, jsonBody, ok, type EdgeOptions } from './edge.js';

/**
 * The member profile, sessions and passwords. Mounted ahead of the public API's catch-all. Every member route acts on
 * the session's own member: no route takes a member id, so no member can reach another's data.
 *
 * - GET /wps/member/info (token): account, id, nickname, type, currency, lastLoginAt (the sign-in before this one), icon, language.
 * - GET /wps/member/info/icon (token) → `{ icon, icons }`; PUT /wps/member/info/icon `{ icon }` (one of `icons`).
 * - PUT /wps/member/language `{ language }` (token): one of the brand's languages.
 * - GET /wps/member/login-history?pageNo&pageSize (token): the member's sign-ins, newest first, with address and device.
 * - POST /wps/member/password `{ oldPassword, newPassword, confirmNewPassword }` (token): every other session ends.
 * - POST /wps/member/password/email `{ username, email }`, JSON or form-urlencoded: always the same answer; a match
 *   gets a link to /reset-password?token=… valid for 30 minutes, once (flag CHNGPASSMAIL3).
 * - POST /wps/member/password/reset `{ token, newPassword, confirmNewPassword }`: every session ends.
 * - POST /wps/verification/sms/reset `{ mobileNum, countryDialingCode? }` → `{ expiredMinutes }`: the reset code,
 *   sent only to a member's number but answered the same either way (flag CHNGPASSVERIF3).
 * - POST /wps/member/password/verification `{ newPassword, mobileNum, verificationCode, countryDialingCode? }` →
 *   `{ account }`: every session ends; the client then signs in with the account and the new password.
 */
export function accountApi(options: EdgeOptions & { onLogout: (token: string) => void }): Router {
  const { clients } = options;
  const router = express.Router();
  const limited = [ipRateLimit(options), jsonBody];
  const session = requireSession(options.sessions);
  const meta = (req: Request) => ({ ip: clientIp(req), userAgent: req.headers['user-agent'] });
  const language = (req: Request) => (requestLanguage(req) === 'EN' ? 'EN' : 'ES');
  /** Sessions identity ended are dropped from the shared cache before the answer; their sockets close on the event. */
  const forgetEnded = (ended: { endedTokenHashes: string[] }) => options.sessions.forgetHashes(ended.endedTokenHashes);

  router.get('/wps/member/info', ...limited, session, async (req, res) => {
    const info = await clients.identity.getMemberInfo({ memberId: req.principal!.memberId });
    ok(res, {
      id: info.id,
      account: info.account,
      nickname: info.nickname,
      type: info.type,
      currency: info.currency,
      currencySymbol: info.currencySymbol,
      lastLoginAt: info.lastLoginAt,
      icon: info.icon,
      language: info.language,
    });
  });

  router.get('/wps/member/login-history', ...limited, session, async (req, res) => {
    const query = loginHistoryQuerySchema.parse(req.query);
    ok(res, await clients.identity.getLoginHistory({ memberId: req.principal!.memberId, ...query }));
  });

  router.get('/wps/member/info/icon', ...limited, session, async (req, res) => {
    ok(res, await clients.identity.getMemberIcon({ memberId: req.principal!.memberId }));
  });

  router.put('/wps/member/info/icon', ...limited, session, async (req, res) => {
    const body = iconBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.setMemberIcon({ memberId: req.principal!.memberId, icon: body.icon }));
  });

  router.put('/wps/member/language', ...limited, session, async (req, res) => {
    const body = languageBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.setMemberLanguage({ memberId: req.principal!.memberId, language: body.language }));
  });

  router.post('/wps/member/password', ...limited, session, async (req, res) => {
    const body = changePasswordBodySchema.parse(req.body ?? {});
    const result = await clients.identity.changePassword({ ...body, memberId: req.principal!.memberId, token: req.sessionToken!, ...meta(req) });
    await forgetEnded(result);
    ok(res, null);
  });

  router.post('/wps/member/password/email', ipRateLimit(options), jsonBody, express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const body = forgotPasswordByEmailBodySchema.parse(req.body ?? {});
    const origin = `${req.protocol}://${req.get('host') ?? ''}`;
    ok(res, await clients.identity.requestPasswordResetByEmail({ ...merchantHint(req), ...body, origin, ...meta(req) }));
  });

  router.post('/wps/member/password/reset', ...limited, async (req, res) => {
    const body = resetPasswordBodySchema.parse(req.body ?? {});
    const result = await clients.identity.resetPasswordWithToken({ ...body, ...meta(req) });
    await forgetEnded(result);
    ok(res, { account: result.account });
  });

  router.post('/wps/verification/sms/reset', ...limited, async (req, res) => {
    const body = resetSmsBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.sendPasswordResetSms({ ...merchantHint(req), ...body, language: language(req), ...meta(req) }));
  });

  router.post('/wps/member/password/verification', ...limited, async (req, res) => {
    const body = forgotPasswordByPhoneBodySchema.parse(req.body ?? {});
    const result = await clients.identity.resetPasswordByPhone({ ...merchantHint(req), ...body, ...meta(req) });
    await forgetEnded(result);
    ok(res, { account: result.account });
  });

  router.delete('/wps/session/logout', ...limited, session, async (req, res) => {
    await clients.identity.logout({ token: req.sessionToken! });
    await options.sessions.forget(req.sessionToken!);
    options.onLogout(req.sessionToken!);
    ok(res, null);
  });

  return router;
}
