import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose answer is read as sent (fetch would undo the encoding and hide it). */
function raw(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The built client as a browser fetches it: compressed copies, cache lifetimes by kind, the app on every route. */
describe('the web client and compressed answers (embedded)', () => {
  let platform: EmbeddedPlatform;
  let dist: string;
  const script = `console.log(${JSON.stringify('una tragamonedas '.repeat(400))});\n`;
  const builtManifest = { id: '/', name: 'Casino', short_name: 'Casino', lang: 'es', start_url: '/', display: 'standalone', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] };
  const page = '<!doctype html><html lang="es"><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'wps-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify(builtManifest));
    platform = await startEmbedded({ logLevel: 'silent', webDist: dist });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset in the best encoding the browser takes, kept a year as immutable', async () => {
    const url = `${platform.url}/assets/index-AbC123.js`;
    const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await raw(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    // A browser that takes brotli only at a lower weight than gzip gets gzip; one that takes neither gets the file.
    expect((await raw(url, { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await raw(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('serves the page for every client route with no-cache, and a missing asset as 404', async () => {
    for (const route of ['/', '/home', '/sportsbook?group=esports', '/index.html']) {
      const answer = await raw(`${platform.url}${route}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, route).toBe(200);
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(answer.body.toString(), route).toBe(page);
    }
    expect((await raw(`${platform.url}/assets/index-Missing1.js`)).status).toBe(404);
    expect((await raw(`${platform.url}/assets/index-AbC123.js.br`)).status).toBe(404);
    const icon = await raw(`${platform.url}/favicon.svg`);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves a new build without a restart, and nothing outside the build or hidden in it', async () => {
    writeFileSync(path.join(dist, 'assets', 'index-New456.js'), 'export {};');
    expect((await raw(`${platform.url}/assets/index-New456.js`)).body.toString()).toBe('export {};');
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    for (const probe of ['/.vite/manifest.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd', '/assets/%00.js', '/%E0%A4%A']) {
      const answer = await raw(`${platform.url}${probe}`);
      expect([200, 400, 404], probe).toContain(answer.status);
      if (answer.status === 200) expect(answer.body.toString(), probe).toBe(page);
    }
  });

  it('compresses API answers of a kilobyte and more, and leaves small ones as they are', async () => {
    const large = await raw(`${platform.url}/api/docs/public.json`, { 'accept-encoding': 'br, gzip' });
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(large.body).toString()) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
    expect(large.headers['cache-control']).toBe('no-store');

    const small = await raw(`${platform.url}/wps/no-such-call`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('sends an answer shared by every caller (the notices call) as compressed once, tagged, and 304 to a caller who holds it', async () => {
    const notices = `${platform.url}/wps/system/notices?types=B,PL,PU,PR,H&platform=W&language=ES`;
    const plain = await raw(notices);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const value = JSON.parse(plain.body.toString()) as { success: boolean };
    expect(value.success).toBe(true);
    expect(plain.body.length).toBeGreaterThan(1024);
    const tag = plain.headers.etag as string;
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);

    const br = await raw(notices, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.headers.etag).toBe(tag);
    const gz = await raw(notices, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // Compressed once at its best, the answer is smaller than the per-request compression would make it.
    expect(br.body.length).toBeLessThan(brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length);

    const again = await raw(notices, { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await raw(notices, { 'if-none-match': 'W/"0-other"' })).status).toBe(200);
  });

  it('names the installed app after the brand of the site, and sends the manifest as built when the brand is unknown', async () => {
    const status = (await (await fetch(`${platform.url}/wps/system/status`)).json()) as { value: { info: { merchant: { name: string } } } };
    const brandName = status.value.info.merchant.name;
    expect(brandName).not.toBe('Casino');
    const branded = await raw(`${platform.url}/manifest.webmanifest`);
    expect(branded.status).toBe(200);
    expect(branded.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(branded.headers['cache-control']).toBe('public, max-age=3600');
    const manifest = JSON.parse(branded.body.toString()) as Record<string, unknown>;
    // Only the name, the home-screen label and the language are the brand's; the rest is the build's.
    expect(manifest).toEqual({ ...builtManifest, name: brandName, short_name: expect.any(String), lang: expect.any(String) });
    expect(brandName.startsWith(manifest.short_name as string)).toBe(true);
    expect((manifest.short_name as string).length).toBeLessThanOrEqual(12);
    const unknown = await raw(`${platform.url}/manifest.webmanifest`, { 'x-merchant-code': 'NO_SUCH_BRAND' });
    expect(unknown.status).toBe(200);
    expect(JSON.parse(unknown.body.toString())).toEqual(builtManifest);
  });
});
