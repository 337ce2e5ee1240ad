import { AppError, type Logger, sleep } from '@wps/platform';

const WALLET_ATTEMPTS = 3;

/** A wallet refusal (insufficient funds, unknown player) is an answer; anything else may or may not have moved money. */
export const isWalletAnswer = (error: unknown): error is AppError => error instanceof AppError && error.status < 500;

/**
 * Repeats a wallet call that failed without an answer. Only for calls whose transaction id makes a repeat move money
 * at most once; a refusal is final and is thrown at once.
 */
export async function withWalletRetries<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= WALLET_ATTEMPTS || isWalletAnswer(error)) throw error;
      logger.warn({ err: error, what, attempt }, 'wallet call failed; retrying');
      await sleep(100 * attempt);
    }
  }
}
