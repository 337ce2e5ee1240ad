import { isIP } from 'node:net';
import express from 'express';
import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Parses the environment once against a service's schema. A bad or missing value is reported by variable name so
 * an operator can fix it without reading code.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.output<S> {
  const result = schema.safeParse(env);
  const lines = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (env.NODE_ENV === 'production' && schema instanceof z.ZodObject) lines.push(...productionSecretProblems(env, Object.keys(schema.shape as object)).map((line) => `  ${line}`));
  if (result.success && lines.length === 0) return result.data;
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * Values shipped in the repository, its docs and its compose file for development: known to anyone who reads them.
 * A secret containing one of these (any case) is a demo secret.
 */
export const DEMO_SECRET_MARKERS = ['change-me', 'changeme', 'dev-only', 'choose-a-long-secret', 'example', 'placeholder', 'demo'] as const;

const isDemoSecret = (value: string): boolean => {
  const lower = value.toLowerCase();
  return DEMO_SECRET_MARKERS.some((marker) => lower.includes(marker));
};

const isOn = (value: string | undefined): boolean => TRUE_WORDS.has((value ?? '').trim().toLowerCase());

/**
 * The settings that hold secrets, and when one must be set in production. A setting a schema requires anyway is
 * reported by the schema when missing; here it is checked for demo values.
 */
const PRODUCTION_SECRETS: Record<string, { required: (env: Record<string, string | undefined>) => boolean; list?: true }> = {
  SERVICE_TOKEN: { required: () => false },
  OPERATOR_TOKEN: { required: () => true },
  SANDBOX_PAY_SECRET: { required: (env) => isOn(env.SANDBOX_PAY_ENABLED) },
  IDENTITY_SECRET_KEY: { required: () => true },
  HOUSE_VENDOR_SECRET: { required: () => false },
  LOTTERY_VENDOR_SECRET: { required: () => false },
  WALLET_VENDOR_SECRETS: { required: () => false, list: true },
};

/**
 * With NODE_ENV=production a service does not start on a missing or demo secret: the problems, one line per setting
 * named, among the settings `names` (the service's schema). Empty when all is well.
 */
export function productionSecretProblems(env: Record<string, string | undefined>, names: readonly string[]): string[] {
  const problems: string[] = [];
  for (const name of names) {
    const rule = PRODUCTION_SECRETS[name];
    if (!rule) continue;
    const value = env[name]?.trim() ?? '';
    if (!value) {
      if (rule.required(env)) problems.push(`${name}: must be set in production (NODE_ENV=production)`);
      continue;
    }
    const secrets = rule.list
      ? value
          .split(',')
          .map((pair) => pair.slice(pair.indexOf(':') + 1).trim())
          .filter(Boolean)
      : [value];
    if (secrets.some(isDemoSecret)) problems.push(`${name}: a development or demo value cannot be used in production (NODE_ENV=production); set a random secret`);
  }
  return problems;
}

/** For entry points: parse or print the problem and stop the process. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.output<S> {
  try {
    return loadConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

/*
 * Field parsers for environment variables. Every service reads its booleans, integers, durations and lists through
 * these, so one spelling works everywhere and a bad value fails at start, named by its variable (the zod path), instead
 * of silently reading as off or zero. A variable set to blank (`FOO=` in an env file, or a compose interpolation of an
 * unset variable) counts as unset for the scalar parsers; for a list it is the empty list.
 */

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const envScalar = <T>(defaultValue: T | undefined, parse: (text: string) => Parsed<T>) =>
  z
    .string()
    .optional()
    .transform((raw, context): T => {
      const text = raw?.trim();
      if (!text) {
        if (defaultValue !== undefined) return defaultValue;
        context.addIssue({ code: 'custom', message: 'is required' });
        return z.NEVER;
      }
      const parsed = parse(text);
      if (parsed.ok) return parsed.value;
      context.addIssue({ code: 'custom', message: `${parsed.message}, got "${text}"` });
      return z.NEVER;
    });

const TRUE_WORDS = new Set(['true', '1', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'no']);

/** On/off: true/false, 1/0 or yes/no in any case. Without a default the variable is required. */
export const envBoolean = (defaultValue?: boolean) =>
  envScalar<boolean>(defaultValue, (text) => {
    const word = text.toLowerCase();
    if (TRUE_WORDS.has(word)) return { ok: true, value: true };
    if (FALSE_WORDS.has(word)) return { ok: true, value: false };
    return { ok: false, message: 'must be true/false, 1/0 or yes/no' };
  });

export interface EnvNumberOptions {
  /** Used when the variable is unset or blank; without one the variable is required. */
  default?: number;
  min?: number;
  max?: number;
}

const inRange = (value: number, { min, max }: EnvNumberOptions, unit: string): Parsed<number> => {
  if (min !== undefined && value < min) return { ok: false, message: `must be at least ${min}${unit}` };
  if (max !== undefined && value > max) return { ok: false, message: `must be at most ${max}${unit}` };
  return { ok: true, value };
};

/** A whole number in decimal digits; `1e3`, `0x10` and `12abc` are refused rather than guessed at. */
export const envInt = (options: EnvNumberOptions = {}) =>
  envScalar<number>(options.default, (text) => {
    const value = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value)) return { ok: false, message: 'must be a whole number' };
    return inRange(value, options, '');
  });

const DURATION_UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * A duration in milliseconds: a plain whole number is milliseconds (what every `*_MS` variable has always taken), or a
 * whole number with a unit: `500ms`, `30s`, `5m`, `1h`. Bounds are in milliseconds.
 */
export const envDuration = (options: EnvNumberOptions = {}) =>
  envScalar<number>(options.default, (text) => {
    const match = /^(\d+)\s*(ms|s|m|h)?$/i.exec(text);
    const value = match ? Number(match[1]) * DURATION_UNIT_MS[(match[2] ?? 'ms').toLowerCase()]! : Number.NaN;
    if (!Number.isSafeInteger(value)) return { ok: false, message: 'must be milliseconds, or a whole number with ms, s, m or h (500ms, 30s, 5m, 1h)' };
    return inRange(value, options, ' ms');
  });

/**
 * Comma-separated items, trimmed, blanks dropped: `a, b,,c` is `[a, b, c]` and a blank value is the empty list. Unset,
 * the default is split the same way; without a default the variable is required. Pipe the result into `z.array(…)` to
 * check the items.
 */
export const envList = (defaultValue?: string) =>
  z
    .string()
    .optional()
    .transform((raw, context): string[] => {
      const text = raw ?? defaultValue;
      if (text === undefined) {
        context.addIssue({ code: 'custom', message: 'is required' });
        return z.NEVER;
      }
      return text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    });

const TRUST_PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The proxies whose X-Forwarded-For (and -Proto, -Host) an HTTP app believes: comma-separated addresses, CIDR ranges
 * (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`) or express's names `loopback`, `linklocal` and `uniquelocal`, checked with
 * express's own `trust proxy` parser. A blank value is the empty list: no proxy is trusted, the client is the socket's
 * peer and forwarded headers are ignored.
 */
export const envTrustProxy = () =>
  envList('').superRefine((items, context) => {
    const probe = express();
    for (const item of items) {
      // Express also reads shorthand IPv4 (`1` is 0.0.0.1): refused here, so a hop count is not taken for an address.
      const slash = item.lastIndexOf('/');
      let reason = TRUST_PROXY_KEYWORDS.has(item) || isIP(slash === -1 ? item : item.slice(0, slash)) ? '' : 'not an IP address';
      if (!reason) {
        try {
          probe.set('trust proxy', [item]);
        } catch (error) {
          reason = error instanceof Error ? error.message : String(error);
        }
      }
      if (reason) {
        context.addIssue({
          code: 'custom',
          message: `must be proxy addresses or ranges (192.0.2.10, 10.0.0.0/8) or loopback, linklocal, uniquelocal, separated by commas; "${item}" is not one (${reason})`,
        });
      }
    }
  });

/** Schema pieces every service shares. */
export const commonEnv = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  DATABASE_POOL_MAX: envInt({ default: 10, min: 1, max: 200 }),
  KAFKA_BROKERS: envList().pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, 'must be host:port')).min(1, 'must name at least one broker')),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  SERVICE_TOKEN: z.string().min(16, 'must be at least 16 characters'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  HOST: z.string().default('127.0.0.1'),
  /** Proxies allowed to name the client with X-Forwarded-For; empty: nobody, the client is the connection's peer. */
  TRUST_PROXY: envTrustProxy(),
};

export const portEnv = (defaultPort: number) => envInt({ default: defaultPort, min: 1, max: 65_535 });
