import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Request } from 'express';
import { SANDBOX_SIGNATURE_HEADER, sandboxCallbackBodySchema, useCases } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { edgeOperation } from '../use-cases.js';

export const signSandboxBody = (secret: string, body: string): string => createHmac('sha256', secret).update(body).digest('hex');

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
 * The sandbox payment provider (see the declarations in @wps/contracts). Its callback checks the HMAC over the raw
 * body before anything is read from it. Without SANDBOX_PAY_SECRET every sandbox call answers 404.
 */
export function sandboxPayEdgeOperations(secret: string | undefined) {
  const enabled = (): string => {
    if (!secret) throw new AppError('NOT_FOUND');
    return secret;
  };
  return Object.fromEntries([
    edgeOperation(useCases.sandboxPayPage, async ({ request, clients, res }) => {
      enabled();
      const deposit = await clients.wallet.getSandboxDeposit({ depositId: request.id });
      if (!deposit) throw new AppError('NOT_FOUND');
      const actions =
        deposit.status === 'pending'
          ? `<form method="post" action="/sandbox-pay/${deposit.id}/pay" style="display:inline"><button type="submit">Pay</button></form>
           <form method="post" action="/sandbox-pay/${deposit.id}/decline" style="display:inline"><button type="submit">Decline</button></form>`
          : `<p>This payment is already <strong>${escapeHtml(deposit.status)}</strong>.</p><p><a href="/">Back to the site</a></p>`;
      res.type('html').send(page('Sandbox Pay', `<h1>Sandbox Pay</h1><p>Amount: <strong>${escapeHtml(deposit.amount)} ${escapeHtml(deposit.currency)}</strong></p>${actions}`));
    }),
    edgeOperation(useCases.sandboxPayAction, async ({ request, clients, req, res }) => {
      const key = enabled();
      const { action } = request;
      if (action !== 'pay' && action !== 'decline') throw new AppError('NOT_FOUND');
      const deposit = await clients.wallet.getSandboxDeposit({ depositId: request.id });
      if (!deposit) throw new AppError('NOT_FOUND');
      const body = JSON.stringify({ depositId: deposit.id, outcome: action === 'pay' ? 'paid' : 'declined', amount: deposit.amount, providerReference: `SBX-${randomUUID()}` });
      const status = await postToSelf(req, useCases.sandboxPayCallback.paths[0], body, { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(key, body) });
      const after = await clients.wallet.getSandboxDeposit({ depositId: deposit.id });
      const outcome = status === 200 ? `The deposit is now <strong>${escapeHtml(after?.status ?? 'unknown')}</strong>.` : `The callback failed (HTTP ${status}).`;
      res.type('html').send(page('Sandbox Pay', `<h1>Sandbox Pay</h1><p>${outcome}</p><p><a href="/">Back to the site</a></p>`));
    }),
    edgeOperation(useCases.sandboxPayCallback, async ({ request, clients, req }) => {
      const key = enabled();
      const presented = String(req.headers[SANDBOX_SIGNATURE_HEADER] ?? '');
      const expected = Buffer.from(signSandboxBody(key, request.body), 'hex');
      const given = /^[0-9a-f]{64}$/i.test(presented) ? Buffer.from(presented, 'hex') : Buffer.alloc(0);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('CALLBACK_SIGNATURE_INVALID');
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.body);
      } catch {
        throw new AppError('VALIDATION_FAILED');
      }
      return { value: await clients.wallet.settleSandboxDeposit(sandboxCallbackBodySchema.parse(parsed)) };
    }),
  ]);
}
