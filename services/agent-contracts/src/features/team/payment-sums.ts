import { formatMinor } from '@wps/contracts';

/** A report's deposit and withdrawal sums, as read from the hourly roll-ups (bigints as text). */
export interface PaymentColumns {
  deposit_count: number | string | null;
  deposit_minor: string | null;
  withdrawal_count: number | string | null;
  withdrawal_minor: string | null;
}

export interface PaymentSums {
  depositCount: number;
  depositMinor: bigint;
  withdrawalCount: number;
  withdrawalMinor: bigint;
}

export const noPayments = (): PaymentSums => ({ depositCount: 0, depositMinor: 0n, withdrawalCount: 0, withdrawalMinor: 0n });

/** The payment columns a roll-up query selects. */
export const PAYMENT_COLUMNS = 'deposit_count, deposit_minor::text AS deposit_minor, withdrawal_count, withdrawal_minor::text AS withdrawal_minor';

/** Adds one roll-up row's payments into `into`. */
export function addPayments(into: PaymentSums, row: PaymentColumns): void {
  into.depositCount += Number(row.deposit_count ?? 0);
  into.depositMinor += BigInt(row.deposit_minor ?? '0');
  into.withdrawalCount += Number(row.withdrawal_count ?? 0);
  into.withdrawalMinor += BigInt(row.withdrawal_minor ?? '0');
}

export const paymentMoney = (sums: PaymentSums, currency: string) => ({
  depositCount: sums.depositCount,
  deposits: formatMinor(sums.depositMinor, currency),
  withdrawalCount: sums.withdrawalCount,
  withdrawals: formatMinor(sums.withdrawalMinor, currency),
});
