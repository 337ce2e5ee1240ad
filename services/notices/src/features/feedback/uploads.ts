import { AppError } from '@wps/platform';
import { decodeBase64Image, imageTypeOf } from '../../infra/images.js';

const DATA_URL_PREFIX = /^data:([^;,]*);base64,/i;
const DECLARED_TYPES: Readonly<Record<string, 'png' | 'jpg'>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg' };

/**
 * The bytes of one uploaded image: a png or jpeg data URL, or bare base64. A data URL declaring another type, or
 * declaring a type its bytes are not (a GIF sent as `image/png`), is IMAGE_INVALID; the bytes themselves are checked
 * when the image is normalised.
 */
export function readUploadedImage(text: string): Buffer {
  const prefix = DATA_URL_PREFIX.exec(text);
  if (!prefix) return decodeBase64Image(text);
  const declared = DECLARED_TYPES[prefix[1]!.toLowerCase()];
  if (!declared) throw new AppError('IMAGE_INVALID');
  const bytes = decodeBase64Image(text.slice(prefix[0].length));
  if (imageTypeOf(bytes) !== declared) throw new AppError('IMAGE_INVALID');
  return bytes;
}
