import type { Request } from 'express';
import { useCases } from '@wps/contracts';
import { clientIp, merchantHint } from '../auth.js';
import type { SessionResolver } from '../auth.js';
import { edgeOperation } from '../use-cases.js';

const meta = (req: Request) => ({ ip: clientIp(req), userAgent: req.headers['user-agent'] });
/** Reset codes go out in English or Spanish, the two languages the SMS templates are written in. */
const smsLanguage = (language: string) => (language === 'EN' ? 'EN' : 'ES');

/**
 * The account calls the gateway carries out itself: the ones that end sessions, so the ended sessions are dropped
 * from the shared cache (and their sockets closed) before the member sees the answer, and the reset link, which is
 * built on the origin the member used.
 */
export function accountEdgeOperations(sessions: SessionResolver, onLogout: (token: string) => void) {
  const forgetEnded = (ended: { endedTokenHashes: string[] }) => sessions.forgetHashes(ended.endedTokenHashes);
  return Object.fromEntries([
    edgeOperation(useCases.memberInfo, async ({ clients, context }) => {
      const { merchantCode: _brand, ...info } = await clients.identity.getMemberInfo({ memberId: await context.get('memberId') });
      return { value: info };
    }),
    edgeOperation(useCases.logout, async ({ clients, context }) => {
      const token = await context.get('sessionToken');
      await clients.identity.logout({ token });
      await sessions.forget(token);
      onLogout(token);
      return { value: null };
    }),
    edgeOperation(useCases.changePassword, async ({ request, clients, context, req }) => {
      const result = await clients.identity.changePassword({ ...request, memberId: await context.get('memberId'), token: await context.get('sessionToken'), ...meta(req) });
      await forgetEnded(result);
      return { value: null };
    }),
    edgeOperation(useCases.passwordResetByEmail, async ({ request, clients, req }) => {
      const origin = `${req.protocol}://${req.get('host') ?? ''}`;
      return { value: await clients.identity.requestPasswordResetByEmail({ ...merchantHint(req), ...request, origin, ...meta(req) }) };
    }),
    edgeOperation(useCases.passwordReset, async ({ request, clients, req }) => {
      const result = await clients.identity.resetPasswordWithToken({ ...request, ...meta(req) });
      await forgetEnded(result);
      return { value: { account: result.account } };
    }),
    edgeOperation(useCases.passwordResetSms, async ({ request, clients, context, req }) => {
      const language = smsLanguage(await context.get('language'));
      return { value: await clients.identity.sendPasswordResetSms({ ...merchantHint(req), ...request, language, ...meta(req) }) };
    }),
    edgeOperation(useCases.passwordResetByPhone, async ({ request, clients, req }) => {
      const result = await clients.identity.resetPasswordByPhone({ ...merchantHint(req), ...request, ...meta(req) });
      await forgetEnded(result);
      return { value: { account: result.account } };
    }),
  ]);
}
