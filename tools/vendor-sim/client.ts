import { createHmac } from 'node:crypto';

/** What the vendor API answers: the platform envelope with the HTTP status beside it. */
export interface VendorReply {
  status: number;
  success: boolean;
  code?: string;
  message?: string;
  value?: { balance: string; currency: string; transactionId?: string; ledgerTransactionId?: string; roundState?: string };
}

export interface VendorClientOptions {
  url: string;
  vendor: string;
  secret: string;
  /** Overrides the clock used for X-Timestamp (tests of stale requests). */
  now?: () => number;
}

/** Lowercase hex HMAC-SHA256 of `${timestamp}.${rawBody}`: the whole signing rule of the vendor API. */
export const signVendorRequest = (secret: string, timestamp: string, rawBody: string): string => createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** A game vendor's side of the seamless-wallet API: signs each body and posts it. */
export class VendorClient {
  constructor(private readonly options: VendorClientOptions) {}

  /** Posts one call; `timeoutMs` aborts the request on the client side, as a vendor whose network gave up would. */
  async call(operation: string, body: unknown, extra: { timeoutMs?: number; signature?: string; timestamp?: string; vendor?: string; rawBody?: string } = {}): Promise<VendorReply> {
    const rawBody = extra.rawBody ?? JSON.stringify(body);
    const timestamp = extra.timestamp ?? String((this.options.now ?? Date.now)());
    const signature = extra.signature ?? signVendorRequest(this.options.secret, timestamp, rawBody);
    const response = await fetch(`${this.options.url.replace(/\/$/, '')}/api/vendor/v1/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'EN', 'x-vendor-code': extra.vendor ?? this.options.vendor, 'x-timestamp': timestamp, 'x-signature': signature },
      body: rawBody,
      ...(extra.timeoutMs !== undefined ? { signal: AbortSignal.timeout(extra.timeoutMs) } : {}),
    });
    const envelope = (await response.json()) as Omit<VendorReply, 'status'>;
    return { status: response.status, ...envelope };
  }
}
