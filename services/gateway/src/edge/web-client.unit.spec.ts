import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './web-client.js';

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
