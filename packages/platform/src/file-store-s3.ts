import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import { isFileKey, mediaTypeOfKey, type FileStore, type StoredFile } from './file-store.js';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface S3FileStoreOptions extends S3Credentials {
  /** The bucket, path style: `https://s3.eu-west-1.amazonaws.com/wps-files`, `http://minio:9000/wps-files`. */
  url: string;
  fetch?: typeof fetch;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it: everything but letters, digits and `-._~` is percent-encoded. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignableRequest {
  method: string;
  url: URL;
  /** Headers to sign and send (names in any case); `host`, `x-amz-date` and `x-amz-content-sha256` are added. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (of an empty body for GET and DELETE). */
  payloadHash: string;
}

/**
 * Signs a request with AWS Signature Version 4 for S3 (and S3-compatible stores): answers the headers to send,
 * `authorization` included.
 */
export function signS3Request(request: SignableRequest, credentials: S3Credentials, now: Date): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  headers.host = request.url.host;
  headers['x-amz-date'] = amzDate;
  headers['x-amz-content-sha256'] = request.payloadHash;
  const names = Object.keys(headers).sort();
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const query = [...request.url.searchParams]
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => byCodePoint(a, b) || byCodePoint(x, y))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const path = decodeURIComponent(request.url.pathname).split('/').map(encode).join('/');
  const canonical = [request.method, path, query, ...names.map((name) => `${name}:${headers[name]}`), '', names.join(';'), request.payloadHash].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}` };
}

/**
 * Files in an S3 bucket (AWS S3, MinIO, any S3-compatible store), for a cluster whose notices processes share no
 * volume. Keys are the same `<area>/<name>.<ext>` keys as in a directory; objects are written whole, so a reader
 * never sees half of one.
 */
export class S3FileStore implements FileStore {
  private readonly base: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: S3FileStoreOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.fetch = options.fetch ?? fetch;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer): Promise<Response> {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    const url = new URL(`${this.base}/${key}`);
    const headers: Record<string, string> = body ? { 'content-type': mediaTypeOfKey(key) } : {};
    const signed = signS3Request({ method, url, headers, payloadHash: sha256(body ?? '') }, this.options, new Date());
    const { host: _host, ...sent } = signed;
    return this.fetch(url, { method, headers: sent, ...(body ? { body: new Uint8Array(body) } : {}) });
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const response = await this.send('PUT', key, bytes);
    if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
  }

  async get(key: string): Promise<StoredFile | undefined> {
    if (!isFileKey(key)) return undefined;
    const response = await this.send('GET', key);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`S3 GET ${key} failed: ${response.status}`);
    return { bytes: Buffer.from(await response.arrayBuffer()), contentType: mediaTypeOfKey(key) };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
  }
}

/** The environment that puts a service's files in an S3-compatible bucket instead of a directory. */
export const s3FileStoreEnv = {
  /**
   * The bucket's URL, path style (`https://s3.eu-west-1.amazonaws.com/wps-files`, `http://minio:9000/wps-files`). When
   * set, uploaded files go there, for a cluster whose processes share no volume.
   */
  FILE_STORE_S3_URL: z.url().optional(),
  FILE_STORE_S3_REGION: z.string().default('us-east-1'),
  FILE_STORE_S3_ACCESS_KEY_ID: z.string().optional(),
  FILE_STORE_S3_SECRET_ACCESS_KEY: z.string().optional(),
};
export type S3FileStoreConfig = Partial<z.infer<z.ZodObject<typeof s3FileStoreEnv>>>;

/** The S3 store the environment names, or undefined when it names none; a bucket without credentials is a setup error. */
export function s3FileStoreFrom(config: S3FileStoreConfig): S3FileStore | undefined {
  if (!config.FILE_STORE_S3_URL) return undefined;
  if (!config.FILE_STORE_S3_ACCESS_KEY_ID || !config.FILE_STORE_S3_SECRET_ACCESS_KEY) throw new Error('FILE_STORE_S3_URL needs FILE_STORE_S3_ACCESS_KEY_ID and FILE_STORE_S3_SECRET_ACCESS_KEY');
  return new S3FileStore({
    url: config.FILE_STORE_S3_URL,
    region: config.FILE_STORE_S3_REGION ?? 'us-east-1',
    accessKeyId: config.FILE_STORE_S3_ACCESS_KEY_ID,
    secretAccessKey: config.FILE_STORE_S3_SECRET_ACCESS_KEY,
  });
}
