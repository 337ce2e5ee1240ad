import type { Game } from '@wps/contracts';
import type { LaunchingMember, LaunchOptions, TransferVendorAdapter, VendorTransferRequest, VendorTransferStatus } from './adapter.js';

/**
 * A transfer-style vendor spoken to over its HTTP API (the shape is in docs/adding-a-vendor.md). A call that times out
 * or fails on the network answers `unknown`: the caller asks `transferStatus` before deciding anything about money.
 */
export class HttpTransferAdapter implements TransferVendorAdapter {
  readonly walletStyle = 'transfer' as const;
  constructor(private readonly options: { baseUrl: string; vendor: string; timeoutMs: number }) {}

  private async request(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> } | undefined> {
    try {
      const response = await fetch(new URL(pathname, this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`), {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.text();
      return { status: response.status, json: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {} };
    } catch {
      return undefined;
    }
  }

  private statusOf(answer: { status: number; json: Record<string, unknown> } | undefined): VendorTransferStatus {
    if (!answer) return 'unknown';
    if (answer.status === 404) return 'not-found';
    if (answer.status >= 500) return 'unknown';
    const status = answer.json.status;
    return status === 'done' || status === 'failed' ? status : 'unknown';
  }

  private transfer(direction: 'in' | 'out', request: VendorTransferRequest): Promise<VendorTransferStatus> {
    return this.request('POST', 'transfers', {
      transferId: request.transferId,
      direction,
      account: request.account,
      currency: request.currency,
      amountMinor: request.amountMinor.toString(),
    }).then((answer) => this.statusOf(answer));
  }

  transferIn(request: VendorTransferRequest): Promise<VendorTransferStatus> {
    return this.transfer('in', request);
  }

  transferOut(request: VendorTransferRequest): Promise<VendorTransferStatus> {
    return this.transfer('out', request);
  }

  async transferStatus(transferId: string): Promise<VendorTransferStatus> {
    return this.statusOf(await this.request('GET', `transfers/${encodeURIComponent(transferId)}`));
  }

  async balance(account: string, currency: string): Promise<bigint> {
    const answer = await this.request('GET', `players/${encodeURIComponent(account)}/balance?currency=${encodeURIComponent(currency)}`);
    const minor = answer?.json.balanceMinor;
    if (!answer || answer.status !== 200 || typeof minor !== 'string' || !/^\d+$/.test(minor)) throw new Error(`${this.options.vendor}: balance unavailable`);
    return BigInt(minor);
  }

  async launch(member: LaunchingMember, game: Game, _options: LaunchOptions): Promise<{ url: string; mode: 'redirect' }> {
    const answer = await this.request('POST', 'launch', { account: member.account, gameCode: game.gameCode, language: member.language, currency: member.currency });
    const url = answer?.json.url;
    if (!answer || answer.status !== 200 || typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error(`${this.options.vendor}: launch refused`);
    return { url, mode: 'redirect' };
  }
}
