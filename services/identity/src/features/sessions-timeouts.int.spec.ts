import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import type { IdentityRpc } from '@wps/contracts';
import { createIdentityService, identityMigrations, IDENTITY_SCHEMA } from '../app.js';
import { defaultIdentityConfig } from '../config.js';

const MINUTE = 60_000;

/**
 * Idle and absolute session timeouts, judged by an injected clock so hours pass in milliseconds. The identity service
 * runs alone on PGlite; the brand's own settings (5 idle minutes, 1 hour in all) decide, not the defaults.
 */
describe('session timeouts (identity service, injected clock)', () => {
  let identity: ServiceUnderTest<IdentityRpc>;
  let now = Date.parse('2026-03-01T12:00:00Z');
  const clock = () => new Date(now);
  const advance = (minutes: number) => (now += minutes * MINUTE);
  const login = async () => {
    const result = await identity.client.login({ username: 'demoplayer', password: 'demo1234', ip: '192.0.2.10' });
    expect(result.token).toBeTruthy();
    return result.token!;
  };
  const alive = async (token: string) => (await identity.client.authenticate({ token })) !== null;
  const endReason = async (token: string) =>
    (await rows<{ end_reason: string | null }>(identity.db.orm, sql`SELECT end_reason FROM identity.sessions WHERE token_hash = ${createHash('sha256').update(token).digest()}`))[0]?.end_reason ??
    null;

  beforeAll(async () => {
    identity = await startServiceUnderTest({
      schema: IDENTITY_SCHEMA,
      migrationsDir: identityMigrations,
      create: (context, config) => createIdentityService(context, config, { clock }),
      config: { ...defaultIdentityConfig(), SEED_DEMO: true, ARGON2_MEMORY_KIB: 1024 },
    });
    // Before the first call, so the brand directory reads it on first use.
    await identity.db.orm.execute(sql`UPDATE identity.merchants SET settings = settings || '{"session": {"idleMinutes": 5, "absoluteHours": 1}}'::jsonb WHERE code = 'DEMO'`);
  }, 60_000);
  afterAll(async () => {
    await identity?.close();
  });

  it('ends a session idle for longer than the brand allows', async () => {
    const token = await login();
    advance(4);
    expect(await alive(token)).toBe(true);
    advance(4); // 8 minutes after sign-in, but only 4 after the last use
    expect(await alive(token)).toBe(true);
    advance(5.5);
    expect(await alive(token)).toBe(false);
    expect(await endReason(token)).toBe('idle');
    advance(-5.5);
    expect(await alive(token)).toBe(false);
  });

  it('ends an active session at the absolute limit', async () => {
    const token = await login();
    for (let minutes = 4; minutes < 60; minutes += 4) {
      advance(4);
      expect(await alive(token)).toBe(true);
    }
    advance(4); // 60 minutes after sign-in
    expect(await alive(token)).toBe(false);
    expect(await endReason(token)).toBe('expired');
  });

  it('a session ended by logout stays ended', async () => {
    const token = await login();
    expect(await alive(token)).toBe(true);
    expect(await identity.client.logout({ token })).toEqual({ ended: true });
    expect(await alive(token)).toBe(false);
  });
});
