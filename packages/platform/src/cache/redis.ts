import { Redis } from 'ioredis';
import type { KeyValueStore } from './types.js';

// INCR and PEXPIRE on the first hit in one round trip, so a window never loses its expiry.
const INCREMENT_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

export class RedisStore implements KeyValueStore {
  readonly transport = 'redis' as const;
  readonly client: Redis;

  constructor(
    url: string,
    private readonly prefix = 'wps:',
  ) {
    this.client = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
    this.client.on('error', () => undefined);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.client.get(this.prefix + key)) ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs) await this.client.set(this.prefix + key, value, 'PX', ttlMs);
    else await this.client.set(this.prefix + key, value);
  }

  async delete(key: string): Promise<void> {
    await this.client.del(this.prefix + key);
  }

  async incrementWindow(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const [count, ttl] = (await this.client.eval(INCREMENT_WINDOW, 1, this.prefix + key, windowMs)) as [number, number];
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async ping(): Promise<boolean> {
    return (await this.client.ping()) === 'PONG';
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
