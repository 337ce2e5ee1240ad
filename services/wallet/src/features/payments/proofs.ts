import { AppError } from '@wps/platform';
import { PROOF_FILE_BYTES_MAX, PROOF_FILES_MAX, type ProofFile } from '@wps/contracts';

export interface DecodedProof {
  name: string;
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The type the bytes really are; the declared content type is only a claim. */
export function sniffImageType(bytes: Buffer): DecodedProof['contentType'] | undefined {
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  return undefined;
}

/** Decodes and checks proof images: png or jpeg by their magic bytes, each at most 5 MB, at most `maxFiles` in all. */
export function decodeProofs(files: readonly ProofFile[], maxFiles = PROOF_FILES_MAX): DecodedProof[] {
  if (files.length > maxFiles) throw new AppError('PROOF_FILE_INVALID', { field: 'files' });
  return files.map((file, index) => {
    const text = file.dataBase64.replace(/\s+/g, '');
    // Decoded size from the text length, checked before decoding so a huge body costs nothing.
    const approxBytes = Math.floor((text.length * 3) / 4);
    if (!BASE64.test(text) || text.length % 4 !== 0 || approxBytes > PROOF_FILE_BYTES_MAX + 2) throw new AppError('PROOF_FILE_INVALID', { field: `files.${index}` });
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length === 0 || bytes.length > PROOF_FILE_BYTES_MAX || sniffImageType(bytes) !== file.contentType) {
      throw new AppError('PROOF_FILE_INVALID', { field: `files.${index}` });
    }
    return { name: file.name.slice(0, 200), contentType: file.contentType, bytes };
  });
}
