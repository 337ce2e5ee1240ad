import { AppError } from './errors.js';

/** A keyed command's stored answer with the hash of the request that made it. */
export interface KeyedAnswer<T> {
  hash: string;
  answer: T;
}

/** The stored answer for a request with this hash; the same key sent with another request is a conflict. */
export function sameRequest<T>(stored: KeyedAnswer<T> | undefined, hash: string): T | undefined {
  if (!stored) return undefined;
  if (stored.hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
  return stored.answer;
}

/**
 * Runs a keyed command once per key. An answer stored for the key is returned as is; otherwise the command runs. When
 * it fails for any reason, the key's answer is looked up again: two requests with one key at once both miss the first
 * lookup, and the loser is refused either by the key itself or, more often, by a rule the winner's commit changed (the
 * balance a withdrawal took, the stock a redemption took, the valid bet a rebate claim covered). It answers what the
 * winner made. Only when no answer was stored does the failure stand, through `refused` when it has its own words.
 */
export async function oncePerKey<T>(command: { answered: () => Promise<T | undefined>; run: () => Promise<T>; refused?: (error: unknown) => unknown }): Promise<T> {
  const previous = await command.answered();
  if (previous !== undefined) return previous;
  try {
    return await command.run();
  } catch (error) {
    const winner = await command.answered();
    if (winner !== undefined) return winner;
    throw command.refused ? command.refused(error) : error;
  }
}
