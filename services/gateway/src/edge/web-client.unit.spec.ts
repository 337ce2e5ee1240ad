import { describe, expect, it } from 'vitest';
import { brandedManifest, preferredEncoding } from './web-client.js';

const BOTH = [{ name: 'br' }, { name: 'gzip' }];

describe('preferredEncoding', () => {
  it('takes brotli on a tie, whatever the order the browser lists them in', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd', BOTH)?.name).toBe('br');
    expect(preferredEncoding('br, gzip', BOTH)?.name).toBe('br');
  });

  it('follows the weights the browser gives', () => {
    expect(preferredEncoding('br;q=0.5, gzip', BOTH)?.name).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, br;q=0.1', BOTH)?.name).toBe('br');
    expect(preferredEncoding('*;q=0.3', BOTH)?.name).toBe('br');
  });

  it('sends the file as it is when none is taken', () => {
    expect(preferredEncoding(undefined, BOTH)).toBeUndefined();
    expect(preferredEncoding('identity', BOTH)).toBeUndefined();
    expect(preferredEncoding('br;q=0, gzip;q=0', BOTH)).toBeUndefined();
    expect(preferredEncoding('deflate', [{ name: 'gzip' }])).toBeUndefined();
    expect(preferredEncoding('br;q=abc', [{ name: 'br' }])).toBeUndefined();
  });
});

describe('the installed app’s name', () => {
  const built = { name: 'Casino', short_name: 'Casino', lang: 'es', display: 'standalone' };

  it('is the brand’s, with a home-screen label that fits and the brand’s language', () => {
    expect(brandedManifest(built, { name: 'Demo Casino', defaultLanguage: 'ES' })).toEqual({ ...built, name: 'Demo Casino', short_name: 'Demo Casino', lang: 'es' });
    expect(brandedManifest(built, { name: 'Royal Fortune Casino', defaultLanguage: 'ZH-TW' })).toMatchObject({ name: 'Royal Fortune Casino', short_name: 'Royal', lang: 'zh-TW' });
    expect(brandedManifest(built, { name: 'Supercalifragilistic Casino', defaultLanguage: 'UR-LATN' })).toMatchObject({ short_name: 'Supercalifra', lang: 'ur-Latn' });
  });

  it('keeps the build’s where the brand gives nothing usable', () => {
    expect(brandedManifest(built, { name: '  ', defaultLanguage: 'ES' })).toEqual(built);
    expect(brandedManifest(built, { name: 'Demo Casino', defaultLanguage: 'not a tag!' })).toMatchObject({ name: 'Demo Casino', lang: 'es' });
  });
});
