import sharp from 'sharp';
import { AppError, newFileKey, type FileStore } from '@wps/platform';

/** Spec §5 and §9: png or jpg, at most 5 MB each. */
export const IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** A decoded image larger than this many pixels is refused before it is decoded whole (a decompression bomb). */
const PIXELS_MAX = 40_000_000;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the bytes really are (png or jpeg), by their signature; never by a name or a declared type. */
export function imageTypeOf(bytes: Buffer): 'png' | 'jpg' | undefined {
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpg';
  return undefined;
}

export interface NormalisedImage {
  bytes: Buffer;
  extension: 'png' | 'jpg';
  width: number;
  height: number;
}

/**
 * Checks an upload by its content and re-encodes it: a png or jpeg of at most 5 MB that really decodes, turned
 * upright, fitted inside `maxWidth` × `maxHeight` (never enlarged) and written again without any metadata (camera,
 * location, comments). Anything else is IMAGE_INVALID.
 */
export async function normaliseImage(bytes: Buffer, bounds: { maxWidth: number; maxHeight: number }): Promise<NormalisedImage> {
  const extension = imageTypeOf(bytes);
  if (!extension || bytes.length > IMAGE_BYTES_MAX) throw new AppError('IMAGE_INVALID');
  try {
    const pipeline = sharp(bytes, { limitInputPixels: PIXELS_MAX, failOn: 'error' }).rotate().resize({ width: bounds.maxWidth, height: bounds.maxHeight, fit: 'inside', withoutEnlargement: true });
    const encoded = extension === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, extension, width: info.width, height: info.height };
  } catch {
    throw new AppError('IMAGE_INVALID');
  }
}

/** Normalises an upload and keeps it in the file store under a new key in `area`; answers the key. */
export async function storeImage(files: FileStore, area: string, bytes: Buffer, bounds: { maxWidth: number; maxHeight: number }): Promise<{ key: string; width: number; height: number }> {
  const image = await normaliseImage(bytes, bounds);
  const key = newFileKey(area, image.extension);
  await files.put(key, image.bytes);
  return { key, width: image.width, height: image.height };
}

/** Decodes a base64 upload (a data URL's prefix is allowed); bad base64 or an oversized one is IMAGE_INVALID. */
export function decodeBase64Image(text: string): Buffer {
  const base64 = text.replace(/^data:image\/[a-z]+;base64,/i, '');
  if (base64.length > Math.ceil((IMAGE_BYTES_MAX * 4) / 3) + 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new AppError('IMAGE_INVALID');
  return Buffer.from(base64, 'base64');
}
