import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError, DirectoryFileStore } from '@wps/platform';
import { decodeBase64Image, normaliseImage, storeImage } from './images.js';

const jpegWithMetadata = () =>
  sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#c33' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner', ImageDescription: 'home address' } } })
    .jpeg()
    .toBuffer();

describe('uploaded images', () => {
  it('fits a jpeg inside the bounds and drops its metadata', async () => {
    const original = await jpegWithMetadata();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const image = await normaliseImage(original, { maxWidth: 1200, maxHeight: 1200 });
    expect(image).toMatchObject({ extension: 'jpg', width: 1200, height: 400 });
    const metadata = await sharp(image.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(image.bytes.includes(Buffer.from('secret camera owner'))).toBe(false);
  });

  it('never enlarges a small png, and keeps it a png', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#0f0a' } })
      .png()
      .toBuffer();
    expect(await normaliseImage(png, { maxWidth: 1200, maxHeight: 1200 })).toMatchObject({ extension: 'png', width: 40, height: 20 });
  });

  it('refuses what is not really a png or jpeg, whatever it claims to be', async () => {
    const disguised = [
      Buffer.from('<svg onload="alert(1)"></svg>'),
      Buffer.from('GIF89a....'),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not a png at all')]),
    ];
    for (const bytes of disguised) await expect(normaliseImage(bytes, { maxWidth: 100, maxHeight: 100 })).rejects.toMatchObject({ code: 'IMAGE_INVALID' });
  });

  it('refuses an image over 5 MB and bad base64', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    Buffer.from([0xff, 0xd8, 0xff]).copy(big);
    await expect(normaliseImage(big, { maxWidth: 100, maxHeight: 100 })).rejects.toBeInstanceOf(AppError);
    expect(() => decodeBase64Image('data:image/png;base64,@@@')).toThrow(AppError);
    expect(decodeBase64Image(`data:image/png;base64,${Buffer.from('abc').toString('base64')}`).toString()).toBe('abc');
  });

  it('stores the normalised image under a new key in its area and reads it back', async () => {
    const files = new DirectoryFileStore(mkdtempSync(path.join(os.tmpdir(), 'wps-files-test-')));
    const stored = await storeImage(files, 'content', await jpegWithMetadata(), { maxWidth: 600, maxHeight: 600 });
    expect(stored.key).toMatch(/^content\/[a-f0-9]{32}\.jpg$/);
    const file = await files.get(stored.key);
    expect(file?.contentType).toBe('image/jpeg');
    expect((await sharp(file!.bytes).metadata()).width).toBe(600);
    expect(await files.get('content/../../etc/passwd')).toBeUndefined();
    expect(await files.get('content/doesnotexist1.png')).toBeUndefined();
  });
});
