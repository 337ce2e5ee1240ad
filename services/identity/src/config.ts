import { z } from 'zod';
import { envBoolean, envDuration, envInt } from '@wps/platform';

/** Development only: the service logs a warning at start while this key is in use. */
export const DEV_IDENTITY_SECRET_KEY = 'dev-only-identity-secret-key-change-me-in-production';

export const identityEnv = {
  SEED_DEMO: envBoolean(false),
  /** The demo logins' password; demo data only, override it on any shared deployment. */
  DEMO_PASSWORD: z.string().min(6).default('demo1234'),
  // Registration and brand configuration
  REGISTRATIONS_PER_IP_PER_HOUR: envInt({ default: 30, min: 1 }),
  // Sign-in
  LOGIN_FAILURES_PER_ACCOUNT: envInt({ default: 10, min: 1 }),
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: envInt({ default: 60, min: 1 }),
  /** Failed sign-ins after which the answer carries the captcha flag and the next attempt must solve one. */
  LOGIN_FAILURES_BEFORE_CAPTCHA: envInt({ default: 3, min: 0 }),
  /** How long an account stays locked after LOGIN_FAILURES_PER_ACCOUNT failures; an operator can lift it sooner. */
  LOGIN_LOCKOUT_MINUTES: envInt({ default: 15, min: 1 }),
  /** Failed sign-ins from one address, whatever names they tried, after which every attempt from it needs a captcha. */
  LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: envInt({ default: 10, min: 1 }),
  LOGIN_ADDRESS_WINDOW_MINUTES: envInt({ default: 10, min: 1 }),
  /** Failed sign-ins of a brand in one minute that raise the alarm: logged, a security event, captchas for everyone. */
  LOGIN_BRAND_FAILURES_PER_MINUTE_ALARM: envInt({ default: 200, min: 1 }),
  LOGIN_BRAND_ALARM_MINUTES: envInt({ default: 15, min: 1 }),
  /** The longest wait the progressive delay asks between two tries of one account (1 s after the second failure, doubling). */
  LOGIN_DELAY_MAX_SECONDS: envInt({ default: 30, min: 1 }),
  /** `log` is the development sink (codes written to the log, never sent); `http` posts to SMS_HTTP_URL. */
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_AUTH_HEADER_NAME: z.string().default('Authorization'),
  /** The provider's credential, e.g. `Bearer …`; from the environment only. */
  SMS_HTTP_AUTH_HEADER_VALUE: z.string().optional(),
  SMS_HTTP_BODY_TEMPLATE: z.string().default('{"to":"{to}","text":"{text}"}'),
  SMS_HTTP_CONTENT_TYPE: z.string().default('application/json'),
  /** Development sink only: also append each SMS (with its code) to this file as a JSON line. Never set in production. */
  SMS_DEV_OUTBOX_FILE: z.string().min(1).optional(),
  SMS_CODE_TTL_MINUTES: envInt({ default: 5, min: 1 }),
  SMS_CODES_PER_FIVE_MINUTES: envInt({ default: 5, min: 1 }),
  SMS_CODE_MAX_ATTEMPTS: envInt({ default: 5, min: 1 }),
  SMS_REQUESTS_PER_IP_PER_HOUR: envInt({ default: 30, min: 1 }),
  TRIAL_LOGINS_PER_IP_PER_HOUR: envInt({ default: 20, min: 1 }),
  /**
   * The default password handed out with new accounts; signing in with it forces a change. A brand overrides it with
   * settings.signIn.defaultPassword. Unset: no default password.
   */
  DEFAULT_MEMBER_PASSWORD: z.string().min(1).optional(),
  // Passwords and sessions
  /** argon2id memory cost in KiB; OWASP's minimum for argon2id is 19 MiB with two passes. */
  ARGON2_MEMORY_KIB: envInt({ default: 19_456, min: 1024 }),
  /** Outgoing mail relay, e.g. smtp://user:pass@host:587; unset keeps mail in the development sink (logged, never sent). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  /**
   * The site address reset links point to when the request did not come through one of the brand's own hosts and the
   * brand has no main domain, e.g. https://play.example.com. A link never takes its host from an untrusted request.
   */
  PUBLIC_WEB_URL: z.string().url().optional(),
  PASSWORD_RESET_TTL_MINUTES: envInt({ default: 30, min: 1, max: 1440 }),
  PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR: envInt({ default: 20, min: 1 }),
  /** Wrong old passwords one member may try on the change-password form per quarter hour. */
  PASSWORD_CHANGE_FAILURES_PER_MEMBER: envInt({ default: 5, min: 1 }),
  /** How often sessions past their brand's idle limit or their absolute end are ended and announced (closing their sockets). */
  SESSION_SWEEP_MS: envDuration({ default: 30_000, min: 50, max: 600_000 }),
  // Second factors and social login
  /**
   * Encrypts authenticator secrets at rest (any string of 32+ characters). The default is for development only: set
   * a random value on every real deployment, and keep it, or enrolled authenticators stop working.
   */
  IDENTITY_SECRET_KEY: z.string().min(32).default(DEV_IDENTITY_SECRET_KEY),
  /** Social login client secrets as JSON, keyed `MERCHANT:provider`, e.g. {"DEMO:google":"…"}; never in the repo. */
  SOCIAL_CLIENT_SECRETS: z
    .string()
    .default('{}')
    .transform((text, context) => {
      try {
        return z.record(z.string(), z.string()).parse(JSON.parse(text));
      } catch {
        context.addIssue({ code: 'custom', message: 'SOCIAL_CLIENT_SECRETS must be a JSON object of strings' });
        return z.NEVER;
      }
    }),
};
export type IdentityConfig = z.infer<z.ZodObject<typeof identityEnv>>;
export const defaultIdentityConfig = (): IdentityConfig => z.object(identityEnv).parse({});
