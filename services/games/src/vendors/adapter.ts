import type { Game, LaunchResult, LotteryLaunchParams } from '@wps/contracts';

/** Who is launching: the session's member, as the gateway resolved it. */
export interface LaunchingMember {
  memberId: string;
  merchantCode: string;
  account: string;
  currency: string;
  language: string;
}

export interface LaunchOptions {
  /** The vendor's configured launch URL template (seamless) or API base URL (transfer); null for the adapter's default. */
  launchUrl: string | null;
  /** A one-time token the vendor presents back to us; the adapter puts it in the URL when its vendor needs one. */
  issueLaunchToken(): Promise<string>;
  /** The lottery page's parameters (spec §7 lottery launch), for the adapter to pass on to the vendor. */
  lottery?: LotteryLaunchParams;
}

/**
 * How a vendor's games are opened. Seamless vendors hold no money of ours: they call the wallet's vendor API for every
 * bet and win, so launching only builds a URL.
 */
export interface VendorAdapter {
  readonly walletStyle: 'seamless' | 'transfer';
  launch(member: LaunchingMember, game: Game, options: LaunchOptions): Promise<Pick<LaunchResult, 'url' | 'mode'>>;
}

export interface VendorTransferRequest {
  transferId: string;
  account: string;
  currency: string;
  amountMinor: bigint;
}

/** What a vendor reports about one of our transfers; `unknown` is also what a timeout means. */
export type VendorTransferStatus = 'done' | 'failed' | 'not-found' | 'unknown';

/**
 * Transfer-style vendors keep their own wallet per player: we move money in before play and out after it. Every
 * transfer carries our id, so asking again after a timeout (`transferStatus`) tells whether it happened.
 */
export interface TransferVendorAdapter extends VendorAdapter {
  readonly walletStyle: 'transfer';
  transferIn(request: VendorTransferRequest): Promise<VendorTransferStatus>;
  transferOut(request: VendorTransferRequest): Promise<VendorTransferStatus>;
  transferStatus(transferId: string): Promise<VendorTransferStatus>;
  /** The player's balance held at the vendor, in minor units. */
  balance(account: string, currency: string): Promise<bigint>;
}

export const isTransferAdapter = (adapter: VendorAdapter): adapter is TransferVendorAdapter => adapter.walletStyle === 'transfer';
