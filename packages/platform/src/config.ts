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

/** Schema pieces every service shares. */
export const commonEnv = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .transform((value) => value.split(',').map((broker) => broker.trim()))
    .pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, 'must be host:port'))),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  SERVICE_TOKEN: z.string().min(16, 'must be at least 16 characters'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  HOST: z.string().default('127.0.0.1'),
};

export const portEnv = (defaultPort: number) => z.coerce.number().int().min(1).max(65535).default(defaultPort);
export const booleanEnv = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(defaultValue ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');
