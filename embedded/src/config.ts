import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { envBoolean, envTrustProxy, loadConfig, loadConfigOrExit, portEnv } from '@wps/platform';
import { DEMO_LOTTERY_VENDORS } from '@wps/games';
import { gatewayEnv } from '@wps/gateway';

/** The repository checkout the embedded host runs from. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What `npm start` reads for itself; the services' own variables reach them through `embeddedEnvironment`. */
export const embeddedMainEnv = {
  PORT: portEnv(8080),
  HOST: z.string().default('127.0.0.1'),
  WPS_DATA_DIR: z.string().default(path.join(repositoryRoot, 'data')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  SEED_DEMO: envBoolean(true),
  /** Where the built web client is served from (default web/dist). */
  WPS_WEB_DIST: z.string().optional(),
  DEMO_PASSWORD: z.string().min(6).default('demo1234'),
};

export const loadEmbeddedMainConfig = () => loadConfigOrExit(z.object(embeddedMainEnv), process.env);

/** Embedded defaults: a demo brand with play money, so a fresh clone is usable at once. */
const EMBEDDED_ENV: Record<string, string> = { SEED_DEMO: 'true', WALLET_DEMO_DEPOSITS: 'true', WALLET_DEMO_VENDORS: 'true', SANDBOX_PAY_ENABLED: 'true' };

/**
 * The environment every embedded service parses its own schema from: the embedded defaults, then the process
 * environment, then the caller's overrides. It is read when the host starts, not when this module loads, so a test
 * can set variables between two starts.
 */
export function embeddedEnvironment(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env = { ...EMBEDDED_ENV, ...process.env, ...overrides };
  // The house vendor signs its wallet calls like any vendor; the demo makes up its secret when none is configured.
  env.HOUSE_VENDOR_SECRET ||= randomBytes(24).toString('hex');
  env.WALLET_VENDOR_SECRETS = [env.WALLET_VENDOR_SECRETS, `HOUSE:${env.HOUSE_VENDOR_SECRET}`].filter(Boolean).join(',');
  // The demo lottery vendors sign their draws (games) and could sign wallet calls alike: a made-up secret for those
  // the configuration does not name. The wallet and the games service read the same list.
  if (loadConfig(z.object({ SEED_DEMO: envBoolean(false) }), env).SEED_DEMO) {
    env.LOTTERY_VENDOR_SECRET ||= randomBytes(24).toString('hex');
    const named = new Set((env.WALLET_VENDOR_SECRETS ?? '').split(',').map((pair) => pair.split(':')[0]!.trim()));
    const demo = DEMO_LOTTERY_VENDORS.filter((code) => !named.has(code)).map((code) => `${code}:${env.LOTTERY_VENDOR_SECRET}`);
    env.WALLET_VENDOR_SECRETS = [env.WALLET_VENDOR_SECRETS, ...demo].filter(Boolean).join(',');
  }
  return env;
}

/** Settings the embedded host applies itself, in the gateway's place; parsed from `embeddedEnvironment`. */
export const embeddedHostEnv = {
  /** Blank or unset: the host makes up a token for the run. */
  OPERATOR_TOKEN: z.string().optional(),
  SANDBOX_PAY_ENABLED: gatewayEnv.SANDBOX_PAY_ENABLED,
  /** Blank or unset with the sandbox on: the host makes up a secret for the run. */
  SANDBOX_PAY_SECRET: z.string().optional(),
  GATEWAY_REQUESTS_PER_IP_PER_MINUTE: gatewayEnv.GATEWAY_REQUESTS_PER_IP_PER_MINUTE,
  VENDOR_REQUESTS_PER_10S: gatewayEnv.VENDOR_REQUESTS_PER_10S,
  VENDOR_SIGNATURE_FAILURES_PER_10S: gatewayEnv.VENDOR_SIGNATURE_FAILURES_PER_10S,
  GATEWAY_FRAME_ORIGINS_REFRESH_MS: gatewayEnv.GATEWAY_FRAME_ORIGINS_REFRESH_MS,
  /** Proxies allowed to name the client with X-Forwarded-For; blank or unset: nobody, the client is the peer. */
  TRUST_PROXY: envTrustProxy(),
};
export type EmbeddedHostConfig = z.infer<z.ZodObject<typeof embeddedHostEnv>>;

export const embeddedHostConfig = (env: Record<string, string | undefined>): EmbeddedHostConfig => loadConfig(z.object(embeddedHostEnv), env);
