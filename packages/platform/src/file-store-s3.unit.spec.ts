import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { S3FileStore, s3FileStoreFrom, signS3Request } from './file-store-s3.js';

/** The example keys of the AWS documentation. */
const EXAMPLE = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('the S3 file store', () => {
  it('signs as the AWS documentation’s Signature Version 4 example (GET object with a range)', () => {
    const headers = signS3Request(
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256 },
      EXAMPLE,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('puts, gets and deletes objects under the bucket path with signed requests; a missing object is undefined', async () => {
    const objects = new Map<string, { body: Buffer; type: string | undefined }>();
    const seen: { method: string; url: string; authorization: string | undefined }[] = [];
    const readBody = async (req: IncomingMessage) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const server = createServer((req, res) => {
      void (async () => {
        seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
        const body = await readBody(req);
        if (req.method === 'PUT') objects.set(req.url!, { body, type: req.headers['content-type'] });
        if (req.method === 'DELETE') objects.delete(req.url!);
        const found = objects.get(req.url!);
        if (req.method === 'GET' && !found) return res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        res.writeHead(req.method === 'DELETE' ? 204 : 200).end(req.method === 'GET' ? found!.body : undefined);
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const store = new S3FileStore({ ...EXAMPLE, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/wps-files/` });
      const key = 'content/0123456789abcdef0123456789abcdef.png';
      await store.put(key, Buffer.from('png bytes'));
      expect(objects.get(`/wps-files/${key}`)).toEqual({ body: Buffer.from('png bytes'), type: 'image/png' });
      expect(await store.get(key)).toEqual({ bytes: Buffer.from('png bytes'), contentType: 'image/png' });
      await store.delete(key);
      expect(await store.get(key)).toBeUndefined();
      expect(await store.get('content/../../secret.png')).toBeUndefined();
      expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([`PUT /wps-files/${key}`, `GET /wps-files/${key}`, `DELETE /wps-files/${key}`, `GET /wps-files/${key}`]);
      expect(seen.every((request) => request.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/'))).toBe(true);
    } finally {
      server.close();
    }
  });

  it('is chosen by FILE_STORE_S3_URL, which needs its credentials', () => {
    expect(s3FileStoreFrom({})).toBeUndefined();
    expect(s3FileStoreFrom({ FILE_STORE_S3_URL: 'http://minio:9000/wps', FILE_STORE_S3_ACCESS_KEY_ID: 'id', FILE_STORE_S3_SECRET_ACCESS_KEY: 'secret' })).toBeInstanceOf(S3FileStore);
    expect(() => s3FileStoreFrom({ FILE_STORE_S3_URL: 'http://minio:9000/wps' })).toThrow(/needs FILE_STORE_S3_ACCESS_KEY_ID/);
  });
});
