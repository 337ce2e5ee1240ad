import express, { type Request, type Router } from 'express';
import { affiliateCheckSchema, registerUserBodySchema, smsRegisterBodySchema, type RegisterUserBody } from '@wps/contracts';
import { requestLanguage } from '@wps/platform';
import { clientIp, merchantHint } from '../auth.js';
import { ipRateLimit, jsonBody, ok, type EdgeOptions } from './edge.js';

/** The registration form as identity takes it: the body's fields plus who is asking and from where. */
function registrationInput(req: Request, body: RegisterUserBody) {
  const { language: _language, login: _login, ...fields } = body;
  return {
    ...fields,
    ...merchantHint(req),
    registerMethod: body.registerMethod || 'WEB',
    domain: body.domain || req.hostname,
    ip: clientIp(req),
    userAgent: req.headers['user-agent'],
  };
}

/** Brand configuration, system status and registration. Mounted ahead of the public API's catch-all. */
export function registrationApi(options: EdgeOptions): Router {
  const { clients } = options;
  const router = express.Router();
  const limited = [ipRateLimit(options), jsonBody];

  router.get('/wps/system/status', ...limited, async (req, res) => {
    ok(res, await clients.identity.getSystemStatus({ ...merchantHint(req), ip: clientIp(req) }));
  });
  router.get('/wps/system/whitelabel', ...limited, async (req, res) => {
    ok(res, await clients.identity.getWhitelabel(merchantHint(req)));
  });
  router.get('/wps/system/setting/register', ...limited, async (req, res) => {
    ok(res, await clients.identity.getRegisterSettings(merchantHint(req)));
  });
  router.get('/wps/system/domainRoute', ...limited, async (req, res) => {
    ok(res, await clients.identity.getDomainRoute(merchantHint(req)));
  });

  router.put('/wps/member/register', ...limited, async (req, res) => {
    const body = registerUserBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.register(registrationInput(req, body)));
  });
  router.put('/wps/member/register/mobile', ...limited, async (req, res) => {
    const body = registerUserBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.registerMobile(registrationInput(req, body)));
  });

  router.post('/wps/verification/sms/register', ...limited, async (req, res) => {
    const body = smsRegisterBodySchema.parse(req.body ?? {});
    const value = await clients.identity.sendRegisterSms({
      ...merchantHint(req),
      mobileNo: body.mobileNo ?? '',
      countryDialingCode: body.countryDialingCode ?? '',
      regType: body.regType,
      language: requestLanguage(req),
      ip: clientIp(req),
      userAgent: req.headers['user-agent'],
    });
    ok(res, value);
  });

  // The spec names the fields (code, domain) but not the method: both are answered.
  const checkAffiliate = async (req: Request, res: express.Response) => {
    const input = affiliateCheckSchema.parse(req.method === 'GET' ? req.query : (req.body ?? {}));
    ok(res, await clients.identity.checkAffiliateCode({ ...merchantHint(req), code: input.code ?? '', domain: input.domain, ip: clientIp(req) }));
  };
  router.get('/wps/agent/affiliate', ...limited, checkAffiliate);
  router.post('/wps/agent/affiliate', ...limited, checkAffiliate);

  return router;
}
