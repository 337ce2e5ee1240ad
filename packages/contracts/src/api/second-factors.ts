import { z } from 'zod';
import { edgeUseCase, serviceUseCase } from '../use-case.js';
import { identityRpc } from '../identity.js';
import {
  loginTwoFactorBodySchema,
  loginTwoFactorSetupBodySchema,
  loginVerifyBodySchema,
  loginVerifySendBodySchema,
  socialExchangeBodySchema,
  twoFactorCodeBodySchema,
} from '../identity-second-factors.js';

const CLIENT = { ip: 'ip', userAgent: 'userAgent' } as const;
const MEMBER_CLIENT = { memberId: 'memberId', ...CLIENT } as const;
const common = { rateLimit: 'ip', idempotent: false } as const;
const secondStep = { ...common, tag: 'Sign-in', auth: 'guest', method: 'POST' } as const;
const security = { ...common, tag: 'Security', auth: 'member' } as const;

export const secondFactorUseCases = {
  // The second sign-in step: the ticket from the login answer stands in for a session.
  loginVerifySend: serviceUseCase({
    ...secondStep,
    id: 'loginVerifySend',
    summary: 'Sends the new-address verification code by SMS or e-mail',
    paths: ['/wps/session/login/verify/send'],
    request: loginVerifySendBodySchema,
    response: identityRpc.sendLoginVerificationCode.output,
    operation: { service: 'identity', method: 'sendLoginVerificationCode' },
    context: CLIENT,
  }),
  loginVerify: serviceUseCase({
    ...secondStep,
    id: 'loginVerify',
    summary: 'Completes a sign-in from a new address with the chosen proof',
    paths: ['/wps/session/login/verify'],
    request: loginVerifyBodySchema,
    response: identityRpc.verifyNewIpLogin.output,
    operation: { service: 'identity', method: 'verifyNewIpLogin' },
    context: CLIENT,
  }),
  loginTwoFactor: serviceUseCase({
    ...secondStep,
    id: 'loginTwoFactor',
    summary: 'Completes a sign-in with the authenticator code',
    paths: ['/wps/session/login/2fa'],
    request: loginTwoFactorBodySchema,
    response: identityRpc.verifyTwoFactorLogin.output,
    operation: { service: 'identity', method: 'verifyTwoFactorLogin' },
    context: CLIENT,
  }),
  loginTwoFactorSetup: serviceUseCase({
    ...secondStep,
    id: 'loginTwoFactorSetup',
    summary: 'Starts the authenticator enrolment an agent’s brand requires before the first session',
    paths: ['/wps/session/login/2fa/setup'],
    request: loginTwoFactorSetupBodySchema,
    response: identityRpc.setupTwoFactorAtLogin.output,
    operation: { service: 'identity', method: 'setupTwoFactorAtLogin' },
    context: CLIENT,
  }),
  loginTwoFactorEnable: serviceUseCase({
    ...secondStep,
    id: 'loginTwoFactorEnable',
    summary: 'Confirms that enrolment with a code and signs in',
    paths: ['/wps/session/login/2fa/enable'],
    request: loginTwoFactorBodySchema,
    response: identityRpc.enableTwoFactorAtLogin.output,
    operation: { service: 'identity', method: 'enableTwoFactorAtLogin' },
    context: CLIENT,
  }),

  // The security centre: always the session's own member, never an id from the request.
  twoFactorSetup: serviceUseCase({
    ...security,
    id: 'twoFactorSetup',
    summary: 'Starts enrolling an authenticator: a secret and its otpauth URI',
    method: 'POST',
    paths: ['/wps/member/2fa/setup'],
    request: z.object({}),
    response: identityRpc.setupTwoFactor.output,
    operation: { service: 'identity', method: 'setupTwoFactor' },
    context: MEMBER_CLIENT,
  }),
  twoFactorEnable: serviceUseCase({
    ...security,
    id: 'twoFactorEnable',
    summary: 'Turns two-factor sign-in on with a first code',
    method: 'POST',
    paths: ['/wps/member/2fa/enable'],
    request: twoFactorCodeBodySchema,
    response: identityRpc.enableTwoFactor.output,
    operation: { service: 'identity', method: 'enableTwoFactor' },
    // The session making the change stays open; the member's other sessions end.
    context: { ...MEMBER_CLIENT, token: 'sessionToken' },
  }),
  twoFactorDisable: serviceUseCase({
    ...security,
    id: 'twoFactorDisable',
    summary: 'Turns two-factor sign-in off with a current code',
    method: 'DELETE',
    paths: ['/wps/member/2fa'],
    request: twoFactorCodeBodySchema,
    response: identityRpc.disableTwoFactor.output,
    operation: { service: 'identity', method: 'disableTwoFactor' },
    // The session making the change stays open; the member's other sessions end.
    context: { ...MEMBER_CLIENT, token: 'sessionToken' },
  }),
  securityOverview: serviceUseCase({
    ...security,
    id: 'securityOverview',
    summary: 'The security centre: two-factor state and the latest sign-ins',
    method: 'GET',
    paths: ['/wps/member/security'],
    request: z.object({ pageNo: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(50).default(10) }),
    response: identityRpc.getSecurityOverview.output,
    operation: { service: 'identity', method: 'getSecurityOverview' },
    context: { memberId: 'memberId' },
  }),

  // Social login (OpenID Connect): identity talks to the provider; the gateway keeps the browser binding.
  socialProviders: serviceUseCase({
    ...common,
    id: 'socialProviders',
    summary: 'The social sign-in providers the brand offers',
    tag: 'Sign-in',
    auth: 'guest',
    method: 'GET',
    paths: ['/wps/session/social/providers'],
    request: z.object({}),
    response: identityRpc.listSocialProviders.output,
    operation: { service: 'identity', method: 'listSocialProviders' },
    context: { merchantCode: 'merchantHint', host: 'host' },
  }),
  socialStart: edgeUseCase({
    ...common,
    id: 'socialStart',
    summary: 'Starts a social sign-in: binds the browser with a cookie and redirects to the provider',
    tag: 'Sign-in',
    auth: 'guest',
    method: 'GET',
    paths: ['/wps/session/social/:provider/start'],
    request: z.object({ provider: z.string().max(40) }),
    response: z.string().meta({ description: 'A redirect to the provider, or back to the client with `socialError`' }),
    contentType: 'text/html',
    operation: { edge: 'socialStart' },
  }),
  socialCallback: edgeUseCase({
    ...common,
    id: 'socialCallback',
    summary: 'The provider’s redirect back: redirects to the client with a one-time `socialCode` or a `socialError`',
    tag: 'Sign-in',
    auth: 'guest',
    method: 'GET',
    paths: ['/wps/session/social/:provider/callback'],
    request: z.object({ provider: z.string().max(40), state: z.string().max(200).default(''), code: z.string().max(2000).optional(), error: z.string().max(200).optional() }),
    response: z.string().meta({ description: 'A redirect back to the client' }),
    contentType: 'text/html',
    operation: { edge: 'socialCallback' },
  }),
  socialExchange: serviceUseCase({
    ...common,
    id: 'socialExchange',
    summary: 'Exchanges the one-time social sign-in code for a session',
    tag: 'Sign-in',
    auth: 'guest',
    method: 'POST',
    paths: ['/wps/session/social/exchange'],
    request: socialExchangeBodySchema,
    response: identityRpc.exchangeSocialLogin.output,
    operation: { service: 'identity', method: 'exchangeSocialLogin' },
    context: CLIENT,
  }),
};
