import { z } from 'zod';
import { edgeUseCase, serviceUseCase } from '../use-case.js';
import { identityRpc } from '../identity.js';
import { affiliateCheckSchema, registerUserBodySchema, smsRegisterBodySchema } from '../identity-registration.js';
import { captchaQuerySchema, loginSmsBodySchema, signInBodySchema } from '../identity-login.js';

/** Who is asking, from where: the brand the request names (resolved by identity with the host), address and browser. */
const CALLER = { merchantCode: 'merchantHint', host: 'host', ip: 'ip', userAgent: 'userAgent' } as const;
const BRAND = { merchantCode: 'merchantHint', host: 'host' } as const;
const common = { rateLimit: 'ip', idempotent: false, auth: 'guest' } as const;

/** The registration form as identity takes it; the register method defaults to WEB and the domain to the host. */
const registrationRequestSchema = registerUserBodySchema.transform((body) => ({
  ...body,
  registerMethod: body.registerMethod || 'WEB',
  domain: body.domain || undefined,
}));

/** The spec names the affiliate check's fields (code, domain) but not its method: both are answered. */
const affiliateCheck = (method: 'GET' | 'POST') =>
  serviceUseCase({
    ...common,
    id: method === 'GET' ? 'checkAffiliate' : 'checkAffiliateByPost',
    summary: 'Whether an affiliate or referral code belongs to an active agent of the brand',
    tag: 'Registration',
    method,
    paths: ['/wps/agent/affiliate'],
    request: affiliateCheckSchema.transform((body) => ({ ...body, code: body.code ?? '' })),
    response: identityRpc.checkAffiliateCode.output,
    operation: { service: 'identity', method: 'checkAffiliateCode' },
    context: { merchantCode: 'merchantHint', host: 'host', ip: 'ip' },
  });

export const identityUseCases = {
  systemStatus: serviceUseCase({
    ...common,
    id: 'systemStatus',
    summary: 'The brand’s status (open, maintenance, region blocked), the caller’s location and the brand’s settings',
    tag: 'Brand',
    method: 'GET',
    paths: ['/wps/system/status'],
    request: z.object({}),
    response: identityRpc.getSystemStatus.output,
    operation: { service: 'identity', method: 'getSystemStatus' },
    context: { merchantCode: 'merchantHint', host: 'host', ip: 'ip' },
  }),
  whitelabel: serviceUseCase({
    ...common,
    id: 'whitelabel',
    summary: 'The brand’s feature flags as the spec’s tree',
    tag: 'Brand',
    method: 'GET',
    paths: ['/wps/system/whitelabel'],
    request: z.object({}),
    response: identityRpc.getWhitelabel.output,
    operation: { service: 'identity', method: 'getWhitelabel' },
    context: BRAND,
  }),
  registerSettings: serviceUseCase({
    ...common,
    id: 'registerSettings',
    summary: 'The brand’s registration form: which fields show, which are required, and their patterns',
    tag: 'Brand',
    method: 'GET',
    paths: ['/wps/system/setting/register'],
    request: z.object({}),
    response: identityRpc.getRegisterSettings.output,
    operation: { service: 'identity', method: 'getRegisterSettings' },
    context: BRAND,
  }),
  domainRoute: serviceUseCase({
    ...common,
    id: 'domainRoute',
    summary: 'The brand’s domains',
    tag: 'Brand',
    method: 'GET',
    paths: ['/wps/system/domainRoute'],
    request: z.object({}),
    response: identityRpc.getDomainRoute.output,
    operation: { service: 'identity', method: 'getDomainRoute' },
    context: BRAND,
  }),
  register: serviceUseCase({
    ...common,
    id: 'register',
    summary: 'Registers a member by username and signs them in',
    tag: 'Registration',
    method: 'PUT',
    paths: ['/wps/member/register'],
    request: registrationRequestSchema,
    response: identityRpc.register.output,
    operation: { service: 'identity', method: 'register' },
    context: CALLER,
    defaults: { domain: 'host' },
  }),
  registerMobile: serviceUseCase({
    ...common,
    id: 'registerMobile',
    summary: 'Registers a member by mobile number with an SMS code and signs them in',
    tag: 'Registration',
    method: 'PUT',
    paths: ['/wps/member/register/mobile'],
    request: registrationRequestSchema,
    response: identityRpc.registerMobile.output,
    operation: { service: 'identity', method: 'registerMobile' },
    context: CALLER,
    defaults: { domain: 'host' },
  }),
  registerSms: serviceUseCase({
    ...common,
    id: 'registerSms',
    summary: 'Sends the registration code to a mobile number',
    tag: 'Registration',
    method: 'POST',
    paths: ['/wps/verification/sms/register'],
    request: smsRegisterBodySchema.transform((body) => ({ ...body, mobileNo: body.mobileNo ?? '', countryDialingCode: body.countryDialingCode ?? '' })),
    response: identityRpc.sendRegisterSms.output,
    operation: { service: 'identity', method: 'sendRegisterSms' },
    context: { ...CALLER, language: 'language' },
  }),
  checkAffiliate: affiliateCheck('GET'),
  checkAffiliateByPost: affiliateCheck('POST'),

  login: serviceUseCase({
    ...common,
    id: 'login',
    summary: 'Signs in by username and password, or by mobile number and SMS code (`type: sms`); `area: agent` for agents',
    tag: 'Sign-in',
    method: 'POST',
    paths: ['/wps/session/login'],
    request: signInBodySchema.transform((body) => ({
      ...body,
      username: body.username ?? '',
      password: body.password ?? '',
      type: body.type === 'sms' ? ('sms' as const) : ('username' as const),
    })),
    response: identityRpc.login.output,
    operation: { service: 'identity', method: 'login' },
    context: CALLER,
  }),
  loginSms: serviceUseCase({
    ...common,
    id: 'loginSms',
    summary: 'Sends a sign-in code to a member’s mobile; the answer is the same for any number',
    tag: 'Sign-in',
    method: 'POST',
    paths: ['/wps/verification/sms/noLogin'],
    request: loginSmsBodySchema.transform((body) => ({ ...body, mobileNum: body.mobileNum ?? '' })),
    response: identityRpc.sendLoginSms.output,
    operation: { service: 'identity', method: 'sendLoginSms' },
    context: { ...CALLER, language: 'language' },
  }),
  captcha: edgeUseCase({
    ...common,
    id: 'captcha',
    summary: 'A new captcha image (PNG, base64) for the key; at most one a second per key',
    tag: 'Sign-in',
    method: 'GET',
    paths: ['/wps/captcha'],
    request: captchaQuerySchema,
    response: identityRpc.getCaptcha.output.shape.image,
    operation: { edge: 'captcha' },
  }),
  freePlayLogin: serviceUseCase({
    ...common,
    id: 'freePlayLogin',
    summary: 'A new trial account with a session, for brands with free play',
    tag: 'Sign-in',
    method: 'POST',
    paths: ['/wps/session/login/freeplay'],
    request: z.object({}),
    response: identityRpc.freePlayLogin.output,
    operation: { service: 'identity', method: 'freePlayLogin' },
    context: CALLER,
  }),
};
