import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum (not importable as a value under isolatedModules); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export class PasswordHasher {
  private dummy: Promise<string> | undefined;
  constructor(private readonly memoryCostKib: number) {}

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, memoryCost: this.memoryCostKib, timeCost: 2, parallelism: 1 });
  }

  verify(hashed: string, password: string): Promise<boolean> {
    return verify(hashed, password).catch(() => false);
  }

  /** Spends the same work for an unknown account as for a wrong password, so timing does not reveal usernames. */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.dummy ??= this.hash('dummy-password-for-timing');
    await this.verify(await this.dummy, password);
    return false;
  }
}
