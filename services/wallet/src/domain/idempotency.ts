import { createHash } from 'node:crypto';

/** A stable hash of a request body: the same fields in any order hash the same. */
export function requestHash(body: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(body)
      .sort()
      .map((key) => [key, body[key]]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}
