import { AppError } from '@wps/platform';

export interface StoredAnswer<T> {
  hash: string;
  answer: T;
}

/**
 * Runs a money-moving command once per key: a stored answer with the same request hash is returned as is, another
 * hash is a conflict, and the loser of two concurrent first calls finds the winner's answer, whatever refused its own
 * attempt: the key itself, or a rule the winner's commit changed (the balance a withdrawal took).
 */
export async function oncePerKey<T>(lookup: () => Promise<StoredAnswer<T> | undefined>, hash: string, run: () => Promise<T>): Promise<T> {
  const stored = async (): Promise<T | undefined> => {
    const found = await lookup();
    if (!found) return undefined;
    if (found.hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return found.answer;
  };
  const previous = await stored();
  if (previous !== undefined) return previous;
  try {
    return await run();
  } catch (error) {
    const winner = await stored();
    if (winner !== undefined) return winner;
    throw error;
  }
}
