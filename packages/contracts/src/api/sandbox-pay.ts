import { z } from 'zod';
import { edgeUseCase } from '../use-case.js';
import { depositSchema, sandboxCallbackBodySchema } from '../payments.js';

/**
 * A stand-in payment provider for trying deposits without money, answered only where SANDBOX_PAY_SECRET is set: its
 * page has Pay and Decline buttons, and pressing one makes the "provider" call our signed callback, the way a real
 * provider would.
 */
export const sandboxPayUseCases = {
  sandboxPayPage: edgeUseCase({
    id: 'sandboxPayPage',
    summary: 'The sandbox provider’s payment page for a deposit, with Pay and Decline',
    tag: 'Sandbox payments',
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    method: 'GET',
    paths: ['/sandbox-pay/:id'],
    request: z.object({ id: z.string().max(64) }),
    response: z.string().meta({ description: 'An HTML page' }),
    contentType: 'text/html',
    operation: { edge: 'sandboxPayPage' },
  }),
  sandboxPayAction: edgeUseCase({
    id: 'sandboxPayAction',
    summary: 'Pays or declines the deposit on the sandbox page: the provider posts its signed callback and shows the outcome',
    tag: 'Sandbox payments',
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    method: 'POST',
    paths: ['/sandbox-pay/:id/:action'],
    bodyFormat: 'json-or-form',
    request: z.object({ id: z.string().max(64), action: z.string().max(20).meta({ description: '`pay` or `decline`' }) }),
    response: z.string().meta({ description: 'An HTML page' }),
    contentType: 'text/html',
    operation: { edge: 'sandboxPayAction' },
  }),
  sandboxPayCallback: edgeUseCase({
    id: 'sandboxPayCallback',
    summary: 'The provider’s callback: settles the deposit once its HMAC (X-Sandbox-Signature) over the raw body checks out',
    tag: 'Sandbox payments',
    // Called by the provider, not a player: no session, no per-address budget; the signature is the check.
    auth: 'guest',
    rateLimit: 'none',
    idempotent: false,
    method: 'POST',
    paths: ['/api/payments/sandbox/callback'],
    bodyLimit: '16kb',
    bodyFormat: 'text',
    signedBody: sandboxCallbackBodySchema,
    request: z.object({ body: z.string().max(16_384) }),
    response: depositSchema,
    operation: { edge: 'sandboxPayCallback' },
  }),
};
