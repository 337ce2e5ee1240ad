import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { AppError } from '@wps/platform';
import type { GatewayClients } from '../clients.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const signSandboxBody = (secret: string, body: string): string => createHmac('sha256', secret).update(body).digest('hex');

const callbackSchema = z.object({
  depositId: z.string().max(64),
  outcome: z.enum(['paid', 'declined']),
  amount: z.string().max(32),
  providerReference: z.string().min(1).max(200),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}.banner{background:#fde68a;padding:.5rem 1rem;border-radius:.5rem}
button{font-size:1.1rem;padding:.6rem 1.4rem;margin-right:1rem;cursor:pointer}</style></head><body>
<p class="banner"><strong>SANDBOX - TEST PAYMENT ONLY.</strong> No real money moves.</p>${body}</body></html>`;

/** Posts the signed callback to this very server over its own socket address, never to a client-supplied host. */
function postToSelf(req: Request, path: string, body: string, headers: Record<string, string>): Promise<number> {
  const local = req.socket.localAddress ?? '127.0.0.1';
  const host = local.includes(':') ? `[${local}]` : local;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `http://${host}:${req.socket.localPort}${path}`,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('sandbox callback timed out')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * A stand-in payment provider for trying deposits without money: its page (/sandbox-pay/<deposit id>) has Pay and
 * Decline buttons, and pressing one makes the "provider" call our callback signed with SANDBOX_PAY_SECRET, the way a
 * real provider would. The callback checks the HMAC over the raw body before anything is read from it.
 */
export function sandboxPay(options: { clients: GatewayClients; secret?: string }): Router {
  const { clients, secret } = options;
  const router = express.Router();
  const enabled: RequestHandler = (_req, _res, next) => next(secret ? undefined : new AppError('NOT_FOUND'));

  router.get('/sandbox-pay/:id', enabled, async (req, res) => {
    const deposit = await clients.wallet.getSandboxDeposit({ depositId: String(req.params.id) });
    if (!deposit) throw new AppError('NOT_FOUND');
    const actions =
      deposit.status === 'pending'
        ? `<form method="post" action="/sandbox-pay/${deposit.id}/pay" style="display:inline"><button type="submit">Pay</button></form>
           <form method="post" action="/sandbox-pay/${deposit.id}/decline" style="display:inline"><button type="submit">Decline</button></form>`
        : `<p>This payment is already <strong>${escapeHtml(deposit.status)}</strong>.</p><p><a href="/">Back to the site</a></p>`;
    res.type('html').send(page('Sandbox Pay', `<h1>Sandbox Pay</h1><p>Amount: <strong>${escapeHtml(deposit.amount)} ${escapeHtml(deposit.currency)}</strong></p>${actions}`));
  });

  router.post('/sandbox-pay/:id/:action', enabled, async (req, res) => {
    const action = req.params.action;
    if (action !== 'pay' && action !== 'decline') throw new AppError('NOT_FOUND');
    const deposit = await clients.wallet.getSandboxDeposit({ depositId: String(req.params.id) });
    if (!deposit) throw new AppError('NOT_FOUND');
    const body = JSON.stringify({ depositId: deposit.id, outcome: action === 'pay' ? 'paid' : 'declined', amount: deposit.amount, providerReference: `SBX-${randomUUID()}` });
    const status = await postToSelf(req, '/api/payments/sandbox/callback', body, { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret!, body) });
    const after = await clients.wallet.getSandboxDeposit({ depositId: deposit.id });
    const outcome = status === 200 ? `The deposit is now <strong>${escapeHtml(after?.status ?? 'unknown')}</strong>.` : `The callback failed (HTTP ${status}).`;
    res.type('html').send(page('Sandbox Pay', `<h1>Sandbox Pay</h1><p>${outcome}</p><p><a href="/">Back to the site</a></p>`));
  });

  router.post('/api/payments/sandbox/callback', enabled, express.text({ type: () => true, limit: '16kb' }), async (req, res) => {
    const raw = typeof req.body === 'string' ? req.body : '';
    const presented = String(req.headers[SANDBOX_SIGNATURE_HEADER] ?? '');
    const expected = Buffer.from(signSandboxBody(secret!, raw), 'hex');
    const given = /^[0-9a-f]{64}$/i.test(presented) ? Buffer.from(presented, 'hex') : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('CALLBACK_SIGNATURE_INVALID');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new AppError('VALIDATION_FAILED');
    }
    const callback = callbackSchema.parse(parsed);
    res.json({ success: true, value: await clients.wallet.settleSandboxDeposit(callback) });
  });

  return router;
}
