import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; the client holds the token, the database only its hash. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string): Buffer => createHash('sha256').update(token).digest();
