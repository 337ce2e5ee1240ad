import { createHash, createHmac, randomBytes, type Hash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FAIRNESS_BLOCK_BYTES, fairnessMessage, type BlockSource } from '@wps/contracts';
import { AppError, rows, type Executor } from '@wps/platform';

/** A new server seed: 32 bytes from the operating system's CSPRNG, as lowercase hex. */
export const newServerSeed = (): string => randomBytes(32).toString('hex');

export const hashServerSeed = (serverSeedHex: string): string => createHash('sha256').update(Buffer.from(serverSeedHex, 'hex')).digest('hex');

/** The first client seed of a member's pair; the player may change it any time. */
export const defaultClientSeed = (): string => randomBytes(8).toString('hex');

const HMAC_BLOCK = 64;
const keyStates = new Map<string, { inner: Hash; outer: Hash }>();

/**
 * HMAC-SHA256 under one server seed, with the padded key already absorbed: the seed is the same for every round of a
 * pair, so each block costs two hash copies instead of a full HMAC set-up.
 */
function keyed(serverSeedHex: string): { inner: Hash; outer: Hash } {
  let state = keyStates.get(serverSeedHex);
  if (!state) {
    const key = Buffer.alloc(HMAC_BLOCK);
    Buffer.from(serverSeedHex, 'hex').copy(key);
    state = { inner: createHash('sha256').update(key.map((byte) => byte ^ 0x36)), outer: createHash('sha256').update(key.map((byte) => byte ^ 0x5c)) };
    if (keyStates.size >= 1_000) keyStates.clear();
    keyStates.set(serverSeedHex, state);
  }
  return state;
}

/** The round stream of `@wps/contracts` fairness, computed with node:crypto (the same bytes as Web Crypto gives). */
export function nodeBlocks(serverSeedHex: string, clientSeed: string, nonce: number): BlockSource {
  const { inner, outer } = keyed(serverSeedHex);
  const cache: Uint8Array[] = [];
  return (cursor) => {
    let block = cache[cursor];
    if (!block) {
      const innerDigest = inner
        .copy()
        .update(fairnessMessage(clientSeed, nonce, cursor))
        .digest();
      block = outer.copy().update(innerDigest).digest();
      if (block.length !== FAIRNESS_BLOCK_BYTES) throw new Error('unexpected HMAC length');
      cache[cursor] = block;
    }
    return block;
  };
}

/** The textbook HMAC of one block, kept to check the fast path against. */
export const hmacBlock = (serverSeedHex: string, clientSeed: string, nonce: number, cursor: number): Buffer =>
  createHmac('sha256', Buffer.from(serverSeedHex, 'hex'))
    .update(fairnessMessage(clientSeed, nonce, cursor))
    .digest();

export interface ActiveSeed {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

/** Seeds per member and game in the house schema. */
export class SeedStore {
  private async ensure(tx: Executor, memberId: string, game: string): Promise<void> {
    const serverSeed = newServerSeed();
    await tx.execute(
      sql`INSERT INTO house.seeds (member_id, game, server_seed, server_seed_hash, client_seed)
          VALUES (${memberId}, ${game}, ${serverSeed}, ${hashServerSeed(serverSeed)}, ${defaultClientSeed()})
          ON CONFLICT (member_id, game) WHERE revealed_at IS NULL DO NOTHING`,
    );
  }

  async active(tx: Executor, memberId: string, game: string): Promise<ActiveSeed> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const [row] = await rows<{ id: string; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }>(
        tx,
        sql`SELECT id::text, server_seed, server_seed_hash, client_seed, nonce FROM house.seeds WHERE member_id = ${memberId} AND game = ${game} AND revealed_at IS NULL`,
      );
      if (row) return { id: row.id, serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
      await this.ensure(tx, memberId, game);
    }
    throw new Error('no active seed');
  }

  /** Takes the next nonce of the member's active pair; the row lock orders concurrent rounds of one member. */
  async takeNonce(tx: Executor, memberId: string, game: string): Promise<ActiveSeed> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const [row] = await rows<{ id: string; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }>(
        tx,
        sql`UPDATE house.seeds SET nonce = nonce + 1 WHERE member_id = ${memberId} AND game = ${game} AND revealed_at IS NULL
            RETURNING id::text, server_seed, server_seed_hash, client_seed, nonce - 1 AS nonce`,
      );
      if (row) return { id: row.id, serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
      // The member's first round of this game: the pair is made on the spot.
      await this.ensure(tx, memberId, game);
    }
    throw new Error('no active seed');
  }

  /** Gives a nonce back when its round was refused, unless a later round already took the next one. */
  async returnNonce(tx: Executor, seedId: string, nonce: number): Promise<void> {
    await tx.execute(sql`UPDATE house.seeds SET nonce = nonce - 1 WHERE id = ${seedId} AND nonce = ${nonce + 1} AND revealed_at IS NULL`);
  }

  async setClientSeed(tx: Executor, memberId: string, game: string, clientSeed: string): Promise<ActiveSeed> {
    if (!CLIENT_SEED.test(clientSeed)) throw new AppError('HOUSE_CLIENT_SEED_INVALID', { field: 'clientSeed' });
    await this.active(tx, memberId, game);
    await tx.execute(sql`UPDATE house.seeds SET client_seed = ${clientSeed} WHERE member_id = ${memberId} AND game = ${game} AND revealed_at IS NULL`);
    return this.active(tx, memberId, game);
  }

  /** Reveals the active server seed and starts a new pair with the same client seed and nonce 0. */
  async rotate(tx: Executor, memberId: string, game: string): Promise<{ revealed: ActiveSeed; next: ActiveSeed }> {
    const revealed = await this.active(tx, memberId, game);
    await tx.execute(sql`UPDATE house.seeds SET revealed_at = now() WHERE id = ${revealed.id}`);
    const serverSeed = newServerSeed();
    await tx.execute(
      sql`INSERT INTO house.seeds (member_id, game, server_seed, server_seed_hash, client_seed)
          VALUES (${memberId}, ${game}, ${serverSeed}, ${hashServerSeed(serverSeed)}, ${revealed.clientSeed})`,
    );
    return { revealed, next: await this.active(tx, memberId, game) };
  }
}
