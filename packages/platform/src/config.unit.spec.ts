import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commonEnv, ConfigError, loadConfig } from './config.js';

const schema = z.object(commonEnv);
const good = {
  DATABASE_URL: 'postgres://wps:wps@127.0.0.1:55432/wps',
  KAFKA_BROKERS: '127.0.0.1:59092, 127.0.0.1:59093',
  REDIS_URL: 'redis://127.0.0.1:56379',
  SERVICE_TOKEN: 'a-long-enough-service-token',
};

describe('loadConfig', () => {
  it('parses and normalises a good environment with defaults', () => {
    const config = loadConfig(schema, good);
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:59092', '127.0.0.1:59093']);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.DATABASE_POOL_MAX).toBe(10);
  });

  it('names every bad variable in its message', () => {
    try {
      loadConfig(schema, { ...good, DATABASE_URL: 'mysql://x', SERVICE_TOKEN: 'short', DATABASE_POOL_MAX: 'many' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SERVICE_TOKEN');
      expect(message).toContain('DATABASE_POOL_MAX');
      expect(message).not.toContain('REDIS_URL');
    }
  });

  it('reports a missing variable by name', () => {
    const { REDIS_URL: _dropped, ...rest } = good;
    expect(() => loadConfig(schema, rest)).toThrow(/REDIS_URL/);
  });
});
