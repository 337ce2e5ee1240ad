import { crc32 } from 'node:zlib';
import { AppError } from '@wps/platform';
import { PROMOTION_IMAGE_BYTES_MAX } from '@wps/contracts';

/** An application image as it is kept: its real type, its size in pixels and its bytes without metadata. */
export interface CheckedImage {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:([^;,]*);base64,/i;
const DECLARED: Readonly<Record<string, CheckedImage['contentType']>> = { 'image/png': 'image/png', 'image/jpeg': 'image/jpeg', 'image/jpg': 'image/jpeg' };
/** PNG chunks that carry text, camera data or times rather than pixels. */
const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
/** The largest side accepted (PNG allows far more than any screenshot needs). */
const SIDE_MAX = 20_000;

const invalid = () => new AppError('IMAGE_INVALID');

/** The type the bytes really are, by their signature; never by a name or a declared type. */
export function imageTypeOf(bytes: Buffer): CheckedImage['contentType'] | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/**
 * A PNG checked chunk by chunk (lengths, checksums, a header first, image data, an end) and written again without its
 * text, EXIF and time chunks.
 */
function checkPng(bytes: Buffer): CheckedImage {
  const kept: Buffer[] = [PNG_SIGNATURE];
  let offset = 8;
  let width = 0;
  let height = 0;
  let data = false;
  let ended = false;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > bytes.length || end > bytes.length) throw invalid();
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw invalid();
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) throw invalid();
    if (first) {
      if (type !== 'IHDR' || length !== 13) throw invalid();
      width = bytes.readUInt32BE(offset + 8);
      height = bytes.readUInt32BE(offset + 12);
      first = false;
    }
    if (type === 'IDAT') data = true;
    if (!PNG_METADATA.has(type)) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || !data || width < 1 || height < 1 || width > SIDE_MAX || height > SIDE_MAX) throw invalid();
  return { contentType: 'image/png', width, height, bytes: Buffer.concat(kept) };
}

const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** APP1–APP15 (EXIF, XMP, ICC and maker notes) and comments: metadata, not pixels. */
const isMetadata = (marker: number) => (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;

/**
 * A JPEG checked segment by segment up to its scan (lengths, a frame header with the size, a scan, an end marker) and
 * written again without its EXIF, XMP and comment segments.
 */
function checkJpeg(bytes: Buffer): CheckedImage {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  let width = 0;
  let height = 0;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) throw invalid();
    let markerAt = offset + 1;
    while (markerAt < bytes.length && bytes[markerAt] === 0xff) markerAt++;
    const marker = bytes[markerAt];
    if (marker === undefined || marker === 0xd9 || marker === 0xd8) throw invalid();
    if (isStandalone(marker)) {
      offset = markerAt + 1;
      continue;
    }
    if (markerAt + 3 > bytes.length) throw invalid();
    const length = bytes.readUInt16BE(markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > bytes.length) throw invalid();
    if (isFrameHeader(marker)) {
      if (length < 8) throw invalid();
      height = bytes.readUInt16BE(markerAt + 4);
      width = bytes.readUInt16BE(markerAt + 6);
    }
    if (marker === 0xda) {
      // The scan: everything from here to the end marker is image data, kept as it is.
      let last = bytes.length;
      while (last > end && !(bytes[last - 2] === 0xff && bytes[last - 1] === 0xd9)) last--;
      if (last <= end + 1 || width < 1 || height < 1 || width > SIDE_MAX || height > SIDE_MAX) throw invalid();
      kept.push(Buffer.from([0xff, marker]), bytes.subarray(markerAt + 1, last));
      return { contentType: 'image/jpeg', width, height, bytes: Buffer.concat(kept) };
    }
    if (!isMetadata(marker)) kept.push(Buffer.from([0xff, marker]), bytes.subarray(markerAt + 1, end));
    offset = end;
  }
  throw invalid();
}

/** Checks an image by its bytes (a PNG or a JPEG that holds together, at most 5 MB) and drops its metadata. */
export function checkImage(bytes: Buffer): CheckedImage {
  if (bytes.length === 0 || bytes.length > PROMOTION_IMAGE_BYTES_MAX) throw invalid();
  const type = imageTypeOf(bytes);
  if (type === 'image/png') return checkPng(bytes);
  if (type === 'image/jpeg') return checkJpeg(bytes);
  throw invalid();
}

/**
 * One uploaded image: a png or jpeg data URL, or bare base64. A data URL declaring another type, or a type its bytes are
 * not (a GIF sent as `image/png`), bad base64 or more than 5 MB is IMAGE_INVALID.
 */
export function readUploadedImage(text: string): CheckedImage {
  const prefix = DATA_URL.exec(text);
  const declared = prefix ? DECLARED[prefix[1]!.toLowerCase()] : undefined;
  if (prefix && !declared) throw invalid();
  const base64 = prefix ? text.slice(prefix[0].length) : text;
  if (base64.length === 0 || base64.length > Math.ceil((PROMOTION_IMAGE_BYTES_MAX * 4) / 3) + 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw invalid();
  const bytes = Buffer.from(base64, 'base64');
  if (declared && imageTypeOf(bytes) !== declared) throw invalid();
  return checkImage(bytes);
}
