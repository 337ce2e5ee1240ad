import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

/** A stored file's bytes and media type. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live (content images, feedback attachments). Keys are `<area>/<name>.<ext>`, made by the
 * service that stores the file; the extension fixes the media type.
 */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<StoredFile | undefined>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z][a-z0-9-]{0,30}\/[A-Za-z0-9_-]{8,80}\.(png|jpg|webp)$/;
const MEDIA_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** A file key as the stores accept it: an area, an unguessable name and a known image extension. */
export const isFileKey = (key: string): boolean => KEY_PATTERN.test(key);

/** A new unguessable key in an area for a file of this extension. */
export const newFileKey = (area: string, extension: 'png' | 'jpg' | 'webp'): string => `${area}/${randomUUID().replaceAll('-', '')}.${extension}`;

export const mediaTypeOfKey = (key: string): string => MEDIA_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/**
 * Files in a directory: the data folder in embedded mode, a volume shared by the service's processes in a cluster.
 * A file is written under a temporary name and renamed, so a reader never sees half of it.
 */
export class DirectoryFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  async get(key: string): Promise<StoredFile | undefined> {
    if (!isFileKey(key)) return undefined;
    try {
      return { bytes: await readFile(this.pathOf(key)), contentType: mediaTypeOfKey(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
