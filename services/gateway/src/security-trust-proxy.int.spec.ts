import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commonEnv, ConfigError, loadConfig } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { embeddedEnvironment, embeddedHostConfig } from '@wps/embedded/config';
import { OPERATOR_TOKEN_FAILURES } from './edge/operator-guard.js';

/** The log lines the platform writes, taken from the stream every logger of the run shares (and kept off the output). */
const captureLog = (platform: EmbeddedPlatform): string[] => {
  const logger = platform.logger as unknown as Record<symbol, { write: (line: string) => unknown }>;
  const streamSymbol = Object.getOwnPropertySymbols(logger).find((symbol) => symbol.description === 'pino.stream')!;
  const stream = logger[streamSymbol]!;
  const lines: string[] = [];
  stream.write = (line: string) => lines.push(line);
  return lines;
};

/** The address each refused operator token was counted against, as the gateway logged it. */
const refusedFrom = (log: string[]): string[] => log.filter((line) => line.includes('operator token refused')).map((line) => (JSON.parse(line) as { ip: string }).ip);

const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$|^::1$/;
/** Twenty made-up client addresses, one per request. */
const SPREAD = Array.from({ length: 20 }, (_, i) => `198.51.100.${i + 1}`);

/**
 * Wrong operator tokens are counted per client address (10 per 10 minutes, then 429 for any token). Which address that
 * is depends on TRUST_PROXY: only the proxies it names may say who the client is with X-Forwarded-For.
 */
describe('TRUST_PROXY: whose X-Forwarded-For names the client (embedded)', () => {
  const limit = OPERATOR_TOKEN_FAILURES.limit;
  const platforms: Record<'unset' | 'loopback' | 'chain', EmbeddedPlatform | undefined> = { unset: undefined, loopback: undefined, chain: undefined };
  const logs: Record<keyof typeof platforms, string[]> = { unset: [], loopback: [], chain: [] };
  const operator = (which: keyof typeof platforms, token: string, forwardedFor?: string) =>
    apiCaller(() => platforms[which]!.url)('GET', '/operator/v1/withdrawals', {
      headers: { authorization: `Operator ${token}`, ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) },
    });

  beforeAll(async () => {
    // The int suite trusts loopback for its other specs; here the unset case is really unset.
    const start = async (which: keyof typeof platforms, trustProxy: string | undefined) => {
      platforms[which] = await startEmbedded({ logLevel: 'warn', requestsPerIpPerMinute: 100_000, env: { TRUST_PROXY: trustProxy } });
      logs[which] = captureLog(platforms[which]);
    };
    await start('unset', undefined);
    await start('loopback', 'loopback');
    await start('chain', 'loopback, 203.0.113.0/24');
  }, 120_000);
  afterAll(async () => {
    for (const platform of Object.values(platforms)) await platform?.close();
  });

  it('by default ignores X-Forwarded-For: twenty wrong tokens from one client, each naming another address, all count against the client', async () => {
    const statuses: number[] = [];
    for (const address of SPREAD) statuses.push((await operator('unset', `wrong-token-${address}`, address)).status);
    expect(statuses).toEqual([...Array<number>(limit).fill(401), ...Array<number>(SPREAD.length - limit).fill(429)]);

    // The refusal is the one a client sending no header at all gets: even the right token, from anywhere it claims.
    const right = platforms.unset!.operatorToken!;
    const plain = await operator('unset', right);
    expect([plain.status, plain.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(Number(plain.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await operator('unset', right, '192.0.2.200')).status).toBe(429);

    const counted = refusedFrom(logs.unset);
    expect(counted).toHaveLength(limit);
    expect(new Set(counted).size).toBe(1);
    expect(counted[0]).toMatch(LOOPBACK);
  });

  it('with TRUST_PROXY=loopback believes X-Forwarded-For from this machine: the same traffic is counted per named address', async () => {
    expect(embeddedHostConfig(embeddedEnvironment({ TRUST_PROXY: 'loopback' })).TRUST_PROXY).toEqual(['loopback']);
    for (const address of SPREAD) {
      const answer = await operator('loopback', `wrong-token-${address}`, address);
      expect([answer.status, answer.body.code], address).toEqual([401, 'OPERATOR_UNAUTHORIZED']);
    }
    expect(refusedFrom(logs.loopback)).toEqual(SPREAD);
    expect((await operator('loopback', platforms.loopback!.operatorToken!)).status).toBe(200);

    // One named address that uses up its guesses is refused; its neighbours and the proxy itself are not.
    const guesser = '192.0.2.77';
    for (let i = 0; i < limit; i++) expect((await operator('loopback', `guess-${i}-abcdefgh`, guesser)).status).toBe(401);
    expect((await operator('loopback', platforms.loopback!.operatorToken!, guesser)).status).toBe(429);
    expect((await operator('loopback', platforms.loopback!.operatorToken!, '192.0.2.78')).status).toBe(200);
    expect((await operator('loopback', platforms.loopback!.operatorToken!)).status).toBe(200);
  });

  it('walks X-Forwarded-For back through the listed proxies only: the first address no listed proxy vouches for is the client', async () => {
    // Each client reaches an edge proxy in 203.0.113.0/24, which hands on to the proxy on this machine.
    for (const address of SPREAD) {
      const answer = await operator('chain', `wrong-token-${address}`, `${address}, 203.0.113.5`);
      expect(answer.status, address).toBe(401);
    }
    expect(refusedFrom(logs.chain)).toEqual(SPREAD);

    // An address a client writes itself, left of a hop no listed proxy vouches for, is not believed.
    const before = logs.chain.length;
    const behindUnlisted = await operator('chain', 'wrong-token-unlisted-hop', '192.0.2.1, 198.18.0.9');
    expect(behindUnlisted.status).toBe(401);
    expect(refusedFrom(logs.chain.slice(before))).toEqual(['198.18.0.9']);
  });

  it('refuses to start on a malformed TRUST_PROXY, naming the setting', async () => {
    for (const value of ['not-an-address', 'loopback, 10.0.0.0/33', 'Loopback', '1', '10.0.0.1; 10.0.0.2', '*']) {
      const failure = await startEmbedded({ logLevel: 'silent', env: { TRUST_PROXY: value } }).then(
        async (platform) => {
          await platform.close();
          return undefined;
        },
        (error: unknown) => error,
      );
      expect(failure, value).toBeInstanceOf(ConfigError);
      expect((failure as Error).message, value).toMatch(/TRUST_PROXY: must be proxy addresses or ranges/);
    }

    // Every cluster service reads it with the settings they share, and stops the same way.
    const cluster = { DATABASE_URL: 'postgres://wps@db/wps', KAFKA_BROKERS: 'kafka:9092', REDIS_URL: 'redis://redis:6379', SERVICE_TOKEN: 'a6f1c9e2b7d04c3f8e5a' };
    const shared = z.object(commonEnv);
    expect(() => loadConfig(shared, { ...cluster, TRUST_PROXY: '10.0.0.0/8, proxy.internal' })).toThrow(/TRUST_PROXY: .*"proxy\.internal" is not one/);
    expect(loadConfig(shared, cluster).TRUST_PROXY).toEqual([]);
    expect(loadConfig(shared, { ...cluster, TRUST_PROXY: ' ' }).TRUST_PROXY).toEqual([]);
    expect(loadConfig(shared, { ...cluster, TRUST_PROXY: 'loopback, 10.0.0.0/8,192.0.2.10, fd00::/8, 10.1.0.0/255.255.0.0' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.0.2.10',
      'fd00::/8',
      '10.1.0.0/255.255.0.0',
    ]);
  });
});
