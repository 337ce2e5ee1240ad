import { z } from 'zod';
import { booleanEnv } from '@wps/platform';

export const identityEnv = {
  SEED_DEMO: booleanEnv(false),
  /** The demo logins' password; demo data only, override it on any shared deployment. */
  DEMO_PASSWORD: z.string().min(6).default('demo1234'),
  // Registration and brand configuration
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  // Sign-in
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  // Passwords and sessions
  /** argon2id memory cost in KiB; OWASP's minimum for argon2id is 19 MiB with two passes. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19_456),
};
export type IdentityConfig = z.infer<z.ZodObject<typeof identityEnv>>;
export const defaultIdentityConfig = (): IdentityConfig => z.object(identityEnv).parse({});
