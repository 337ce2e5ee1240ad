import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Parses the environment once against a service's schema. A bad or missing value is reported by variable name so
 * an operator can fix it without reading code.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
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
};

export const portEnv = (defaultPort: number) => envInt({ default: defaultPort, min: 1, max: 65_535 });
