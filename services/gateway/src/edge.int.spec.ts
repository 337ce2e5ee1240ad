import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded';

/** The edge as a browser or a scanner meets it: unknown API paths, security headers, and the API reference. */
describe('the edge (embedded)', () => {
  let platform: EmbeddedPlatform;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('answers every unknown API path with the JSON envelope and 404, whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/wps/no-such-call'],
      ['POST', '/wps/relay/MCS2_noSuchRelay'],
      ['GET', '/lgw/no/such/path'],
      ['GET', '/lotto/lgw/nothing'],
      ['GET', '/api/anything'],
      ['DELETE', '/api/vendor/v1/unknown-operation'],
      ['GET', '/operator/v1/nothing-here'],
      ['GET', '/internal/rpc/listGames'],
    ] as const) {
      const response = await fetch(`${platform.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
      const body = (await response.json()) as { success: boolean; code: string };
      expect(body, `${method} ${path}`).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('sends the security headers on pages and API answers alike', async () => {
    // The built client's pages are checked in the browser suite, which loads them under this policy.
    for (const path of ['/', '/wps/system/status', '/lgw/games/hot', '/api/docs', '/wps/no-such-call']) {
      const response = await fetch(`${platform.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
      // Sent on every answer; browsers take it only over HTTPS.
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
      expect(response.headers.get('x-powered-by'), path).toBeNull();
    }
  });

  it('publishes the player, operator and vendor references generated from the declarations', async () => {
    const index = (await (await fetch(`${platform.url}/api/docs`)).json()) as { value: Array<{ name: string; url: string }> };
    expect(index.value.map((entry) => entry.name).sort()).toEqual(['operator', 'public', 'vendor']);
    const player = (await (await fetch(`${platform.url}/api/docs/public.json`)).json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(player.openapi).toBe('3.1.0');
    expect(player.paths['/wps/relay/MCSFE_addFavoriteGameV2']?.post?.operationId).toBe('addFavourite');
    expect(player.paths['/lgw/games/game_menus']?.get?.operationId).toBe('listGames');
    expect((await fetch(`${platform.url}/api/docs/nothing.json`)).status).toBe(404);
  });
});
