import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRateLimit, type KeyValueStore } from './types.js';
import { sleep } from '../async.js';

/** The behaviour both stores share; runs on memory in `npm test` and on Redis in the cluster suite. */
export function keyValueStoreContract(name: string, create: () => Promise<KeyValueStore>): void {
  describe(`KeyValueStore contract: ${name}`, () => {
    let store: KeyValueStore;
    const key = (label: string) => `contract:${label}:${randomUUID()}`;
    beforeAll(async () => {
      store = await create();
    });
    afterAll(async () => {
      await store.close();
    });

    it('sets, gets, expires and deletes', async () => {
      const k = key('kv');
      expect(await store.get(k)).toBeUndefined();
      await store.set(k, 'v1');
      expect(await store.get(k)).toBe('v1');
      await store.delete(k);
      expect(await store.get(k)).toBeUndefined();
      const short = key('ttl');
      await store.set(short, 'soon gone', 50);
      expect(await store.get(short)).toBe('soon gone');
      await sleep(120);
      expect(await store.get(short)).toBeUndefined();
    });

    it('limits a subject within a window and frees it after', async () => {
      const rule = { name: key('rl'), limit: 3, windowMs: 200 };
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await checkRateLimit(store, rule, 'ip-1'));
      expect(results.map((result) => result.allowed)).toEqual([true, true, true, false, false]);
      expect(results[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect((await checkRateLimit(store, rule, 'ip-2')).allowed).toBe(true);
      await sleep(260);
      expect((await checkRateLimit(store, rule, 'ip-1')).allowed).toBe(true);
    });

    it('counts concurrent hits exactly', async () => {
      const rule = { name: key('burst'), limit: 50, windowMs: 5_000 };
      const results = await Promise.all(Array.from({ length: 80 }, () => checkRateLimit(store, rule, 'same')));
      expect(results.filter((result) => result.allowed)).toHaveLength(50);
    });
  });
}
