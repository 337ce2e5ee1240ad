import type { ProofFile } from '../../api';

/** Spec §9: images png or jpg, 5MB each, 3 at most. */
export const PROOF_MAX_FILES = 3;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const COMMENT_MAX_CHARS = 140;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

export type ProofContentType = ProofFile['contentType'];

/** The file's real type from its first bytes; the name and the browser's guess are not trusted. */
export async function sniffImageType(file: File): Promise<ProofContentType | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const starts = (magic: number[]) => magic.every((byte, index) => head[index] === byte);
  if (starts(PNG_MAGIC)) return 'image/png';
  if (starts(JPEG_MAGIC)) return 'image/jpeg';
  return null;
}

export interface PickedProof {
  id: string;
  file: File;
  contentType: ProofContentType;
  previewUrl: string;
}

/** Checks newly chosen files against the ones already picked; answers the accepted ones and the first problem. */
export async function acceptProofFiles(picked: readonly PickedProof[], chosen: readonly File[]): Promise<{ accepted: PickedProof[]; errorKey: string | null }> {
  const accepted: PickedProof[] = [];
  let errorKey: string | null = null;
  for (const file of chosen) {
    if (picked.length + accepted.length >= PROOF_MAX_FILES) {
      errorKey = 'proof_err_count';
      break;
    }
    const contentType = await sniffImageType(file);
    if (!contentType) {
      errorKey = 'proof_err_type';
      continue;
    }
    if (file.size > PROOF_MAX_BYTES) {
      errorKey = 'proof_err_size';
      continue;
    }
    accepted.push({ id: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, file, contentType, previewUrl: URL.createObjectURL(file) });
  }
  return { accepted, errorKey };
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  const chunk = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunk));
  }
  return btoa(binary);
}

export async function toProofFiles(picked: readonly PickedProof[]): Promise<ProofFile[]> {
  return Promise.all(
    picked.map(async (proof) => ({
      name: proof.file.name,
      contentType: proof.contentType,
      dataBase64: toBase64(await proof.file.arrayBuffer()),
    })),
  );
}
