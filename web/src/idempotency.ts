import { useCallback, useRef } from 'react';
import { isNetworkError } from './api';
import { uuid } from './uuid';

/**
 * One Idempotency-Key per player action. A retry of the same action (same body) after a network failure reuses the
 * key, so a request that did reach the server is not carried out twice; any answer from the server, or a changed
 * body, starts a fresh action.
 */
export function useIdempotentAction(): <T>(body: unknown, call: (idempotencyKey: string) => Promise<T>) => Promise<T> {
  const pending = useRef<{ key: string; fingerprint: string } | null>(null);
  return useCallback(async <T>(body: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T> => {
    const fingerprint = JSON.stringify(body) ?? '';
    if (!pending.current || pending.current.fingerprint !== fingerprint) pending.current = { key: uuid(), fingerprint };
    const attempt = pending.current;
    try {
      const result = await call(attempt.key);
      if (pending.current === attempt) pending.current = null;
      return result;
    } catch (error) {
      if (!isNetworkError(error) && pending.current === attempt) pending.current = null;
      throw error;
    }
  }, []);
}
