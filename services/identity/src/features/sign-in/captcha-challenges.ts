import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows, type Database, type KeyValueStore } from '@wps/platform';
import { drawCaptcha, newCaptchaAnswer } from '../../infra/captcha.js';

const CAPTCHA_TTL_MINUTES = 5;
const KEY = /^[A-Za-z0-9_-]{8,64}$/;

const keyHash = (key: string): Buffer => createHash('sha256').update(key).digest();

/**
 * Image captchas for sign-in after repeated failures. The client picks a random key per form, fetches an image for it
 * (`/wps/captcha?key=`), and sends the key with its answer; each image can be answered once.
 */
export class CaptchaChallenges {
  constructor(
    private readonly deps: { db: Database; cache: KeyValueStore },
    private readonly perIpPerMinute = 30,
  ) {}

  /** A new image for the key, replacing its previous one; at most one a second per key (spec: refresh 1000 ms). */
  async issue(merchantCode: string, key: string, ip: string): Promise<{ image: string }> {
    if (!KEY.test(key)) throw new AppError('VALIDATION_FAILED', { field: 'key' });
    const perKey = await checkRateLimit(this.deps.cache, { name: 'captcha:key', limit: 1, windowMs: 1_000 }, `${merchantCode}:${key}`);
    if (!perKey.allowed) throw new AppError('CAPTCHA_TOO_FREQUENT', { value: { retryAfterSeconds: perKey.retryAfterSeconds } });
    // Fresh keys cost nothing, so the address is limited as well.
    const perIp = await checkRateLimit(this.deps.cache, { name: 'captcha:ip', limit: this.perIpPerMinute, windowMs: 60_000 }, `${merchantCode}:${ip}`);
    if (!perIp.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: perIp.retryAfterSeconds } });
    const answer = newCaptchaAnswer();
    await this.deps.db.orm.execute(sql`
      INSERT INTO identity.captcha_challenges (merchant_code, key_hash, answer, expires_at)
      VALUES (${merchantCode}, ${keyHash(key)}, ${answer}, now() + make_interval(mins => ${CAPTCHA_TTL_MINUTES}))
      ON CONFLICT (merchant_code, key_hash) DO UPDATE SET answer = EXCLUDED.answer, expires_at = EXCLUDED.expires_at`);
    // Expired rows are swept as new ones arrive, so the table stays as small as the number of open forms.
    await this.deps.db.orm.execute(sql`DELETE FROM identity.captcha_challenges WHERE expires_at < now() - interval '1 hour'`);
    return { image: drawCaptcha(answer).toString('base64') };
  }

  /** Consumes the key's captcha and says whether the answer matched; a missing or expired one never matches. */
  async solve(merchantCode: string, key: string | undefined, answer: string): Promise<boolean> {
    if (!key || !KEY.test(key)) return false;
    const [row] = await rows<{ answer: string; live: boolean }>(
      this.deps.db.orm,
      sql`DELETE FROM identity.captcha_challenges WHERE merchant_code = ${merchantCode} AND key_hash = ${keyHash(key)}
          RETURNING answer, expires_at > now() AS live`,
    );
    return Boolean(row?.live) && row!.answer === answer.trim();
  }
}
