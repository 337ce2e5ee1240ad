import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commonEnv, ConfigError, envBoolean, envDuration, envInt, envList, envTrustProxy, loadConfig, portEnv } from './config.js';

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

/** Parses one variable through `field` the way a service's schema would, returning the value or the error message. */
const parseOne = <T>(field: z.ZodType<T, string | undefined>, value: string | undefined): T | string => {
  try {
    return loadConfig(z.object({ SOME_VARIABLE: field }), value === undefined ? {} : { SOME_VARIABLE: value }).SOME_VARIABLE;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

describe('envBoolean', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
    [' Yes ', true],
    ['false', false],
    ['False', false],
    ['0', false],
    ['no', false],
    ['NO', false],
  ])('reads %j as %s', (text, expected) => {
    expect(parseOne(envBoolean(!expected), text)).toBe(expected);
  });

  it.each(['on', 'off', 'y', 'n', '2', 'tru', 'true!'])('refuses %j, naming the variable', (text) => {
    const message = parseOne(envBoolean(false), text);
    expect(message).toMatch(/SOME_VARIABLE: must be true\/false, 1\/0 or yes\/no/);
    expect(message).toContain(text);
  });

  it('takes the default when unset or blank, and is required without one', () => {
    expect(parseOne(envBoolean(true), undefined)).toBe(true);
    expect(parseOne(envBoolean(false), undefined)).toBe(false);
    expect(parseOne(envBoolean(true), '  ')).toBe(true);
    expect(parseOne(envBoolean(), undefined)).toMatch(/SOME_VARIABLE: is required/);
  });
});

describe('envInt', () => {
  it('reads whole numbers within the bounds', () => {
    expect(parseOne(envInt({ min: 1, max: 10 }), '7')).toBe(7);
    expect(parseOne(envInt({ min: -5 }), '-5')).toBe(-5);
    expect(parseOne(envInt({ default: 3 }), undefined)).toBe(3);
    expect(parseOne(envInt({ default: 3 }), '')).toBe(3);
  });

  it.each(['1.5', '1e3', '0x10', '12abc', 'many', '99999999999999999999'])('refuses %j', (text) => {
    expect(parseOne(envInt({ default: 1 }), text)).toMatch(/SOME_VARIABLE: must be a whole number/);
  });

  it('names the bound a value is outside of', () => {
    expect(parseOne(envInt({ min: 1, max: 10 }), '0')).toMatch(/SOME_VARIABLE: must be at least 1/);
    expect(parseOne(envInt({ min: 1, max: 10 }), '11')).toMatch(/SOME_VARIABLE: must be at most 10/);
    expect(parseOne(envInt(), undefined)).toMatch(/SOME_VARIABLE: is required/);
  });

  it('backs the port parser', () => {
    expect(parseOne(portEnv(8080), undefined)).toBe(8080);
    expect(parseOne(portEnv(8080), '65536')).toMatch(/at most 65535/);
  });
});

describe('envDuration', () => {
  it.each([
    ['250', 250],
    ['0', 0],
    ['500ms', 500],
    ['30s', 30_000],
    ['30 s', 30_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['2H', 7_200_000],
  ])('reads %j as %d ms', (text, expected) => {
    expect(parseOne(envDuration({ default: 1 }), text)).toBe(expected);
  });

  it.each(['1.5s', '-5', '10d', 'soon', 's', '5 minutes'])('refuses %j', (text) => {
    expect(parseOne(envDuration({ default: 1 }), text)).toMatch(/SOME_VARIABLE: must be milliseconds, or a whole number with ms, s, m or h/);
  });

  it('checks the bounds in milliseconds after the unit is applied', () => {
    expect(parseOne(envDuration({ max: 60_000 }), '1m')).toBe(60_000);
    expect(parseOne(envDuration({ max: 60_000 }), '61s')).toMatch(/SOME_VARIABLE: must be at most 60000 ms/);
    expect(parseOne(envDuration({ min: 100 }), '50ms')).toMatch(/SOME_VARIABLE: must be at least 100 ms/);
    expect(parseOne(envDuration({ default: 30_000 }), undefined)).toBe(30_000);
  });
});

describe('envList', () => {
  it('splits on commas, trims, and drops blank items', () => {
    expect(parseOne(envList(), ' a, b ,,c ,')).toEqual(['a', 'b', 'c']);
    expect(parseOne(envList('x'), '')).toEqual([]);
  });

  it('splits the default when unset, and is required without one', () => {
    expect(parseOne(envList('RNG, FISH'), undefined)).toEqual(['RNG', 'FISH']);
    expect(parseOne(envList(), undefined)).toMatch(/SOME_VARIABLE: is required/);
  });

  it('lets a schema check the items', () => {
    expect(parseOne(envList().pipe(z.array(z.string().regex(/^\d+$/, 'must be digits'))), '1,x')).toMatch(/SOME_VARIABLE\.1: must be digits/);
  });

  it('refuses an empty broker list', () => {
    expect(() => loadConfig(schema, { ...good, KAFKA_BROKERS: ' , ' })).toThrow(/KAFKA_BROKERS: must name at least one broker/);
  });
});

describe('envTrustProxy', () => {
  it('reads addresses, ranges and express keywords; blank or unset is the empty list', () => {
    expect(parseOne(envTrustProxy(), 'loopback, 10.0.0.0/8,192.0.2.10, fd00::/8, 10.1.0.0/255.255.0.0, linklocal, uniquelocal')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.0.2.10',
      'fd00::/8',
      '10.1.0.0/255.255.0.0',
      'linklocal',
      'uniquelocal',
    ]);
    expect(parseOne(envTrustProxy(), undefined)).toEqual([]);
    expect(parseOne(envTrustProxy(), '')).toEqual([]);
    expect(parseOne(envTrustProxy(), ' , ')).toEqual([]);
  });

  it.each(['proxy.internal', '10.0.0.0/33', '10.0.0.0/0', 'Loopback', 'true', '1', '*', '10.0.0.1; 10.0.0.2'])('refuses %j, naming the item', (value) => {
    expect(parseOne(envTrustProxy(), value)).toMatch(new RegExp(`SOME_VARIABLE: must be proxy addresses or ranges .*"${value.replace(/[.*]/g, '\\$&')}" is not one`));
  });

  it('is one of the settings every service shares', () => {
    expect(loadConfig(schema, good).TRUST_PROXY).toEqual([]);
    expect(() => loadConfig(schema, { ...good, TRUST_PROXY: 'loopback, gateway-proxy' })).toThrow(/TRUST_PROXY: .*"gateway-proxy" is not one/);
  });
});
