import { createHmac, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OidcClient, OidcError, type OidcDiscovery } from './oidc.js';

const discovery: OidcDiscovery = {
  issuer: 'https://access.line.example',
  authorization_endpoint: 'https://access.line.example/authorize',
  token_endpoint: 'https://access.line.example/token',
  // Never fetched for HS256: the key is the client secret.
  jwks_uri: 'http://127.0.0.1:9/unreachable-jwks',
};
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = (nowSeconds: number) => ({ iss: discovery.issuer, aud: 'channel-1', sub: 'U123', nonce: 'n-1', iat: nowSeconds, exp: nowSeconds + 600 });
const hs256 = (secret: string, payload: unknown) => {
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
};

describe('ID tokens signed with the client secret (HS256, as LINE web login does)', () => {
  const client = new OidcClient();
  const now = Math.floor(Date.now() / 1000);

  it('accepts a token signed with our secret and checks its claims', async () => {
    const verified = await client.verifyIdToken(discovery, hs256('channel-secret', claims(now)), { clientId: 'channel-1', nonce: 'n-1', clientSecret: 'channel-secret' });
    expect(verified.sub).toBe('U123');
    await expect(client.verifyIdToken(discovery, hs256('channel-secret', { ...claims(now), nonce: 'other' }), { clientId: 'channel-1', nonce: 'n-1', clientSecret: 'channel-secret' })).rejects.toThrow(
      'nonce mismatch',
    );
  });

  it('refuses a token signed with another secret, or any HS256 token when no secret is configured', async () => {
    await expect(client.verifyIdToken(discovery, hs256('guessed', claims(now)), { clientId: 'channel-1', nonce: 'n-1', clientSecret: 'channel-secret' })).rejects.toThrow('bad ID token signature');
    await expect(client.verifyIdToken(discovery, hs256('channel-secret', claims(now)), { clientId: 'channel-1', nonce: 'n-1' })).rejects.toBeInstanceOf(OidcError);
  });

  it("refuses the key-confusion trick: an HS256 token keyed with the provider's public key", async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = hs256(publicKey.export({ type: 'spki', format: 'pem' }).toString(), claims(now));
    await expect(client.verifyIdToken(discovery, forged, { clientId: 'channel-1', nonce: 'n-1', clientSecret: 'channel-secret' })).rejects.toThrow('bad ID token signature');
    await expect(client.verifyIdToken(discovery, forged, { clientId: 'channel-1', nonce: 'n-1' })).rejects.toThrow('unsupported alg HS256');
  });
});
