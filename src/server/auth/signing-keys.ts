import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { signingKeysRepository } from '../db/repositories/signing-keys.ts';
import type { SigningJwk } from '../env.ts';

const ALGORITHM = 'ES256';
/** An instance that meets an unknown `kid` re-reads the keys, but not more often than this. */
const RELOAD_INTERVAL_MS = 5_000;

interface LoadedKey {
  readonly kid: string;
  readonly createdAt: string;
  readonly privateKey: CryptoKey | null;
  readonly publicKey: CryptoKey;
  readonly publicJwk: JWK;
}

function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y } = jwk;
  return { kty, crv, x, y };
}

async function importKey(jwk: JWK): Promise<CryptoKey> {
  const key = await importJWK(jwk, ALGORITHM);
  if (!(key instanceof CryptoKey)) throw new Error('A signing key is not an EC key');
  return key;
}

async function loadKey(kid: string, createdAt: string, privateJwk: JWK | null, publicJwk: JWK): Promise<LoadedKey> {
  return {
    kid,
    createdAt,
    privateKey: privateJwk ? await importKey(privateJwk) : null,
    publicKey: await importKey(publicJwk),
    publicJwk: { ...publicPart(publicJwk), kid, alg: ALGORITHM, use: 'sig' },
  };
}

/**
 * The ES256 keys that sign access tokens. Generated on first start and kept in the database so
 * every instance shares them and restarts keep sessions valid; a key given in the environment
 * signs instead, while the stored ones still verify (that is how a key is rotated).
 */
type SigningKeysRepository = ReturnType<typeof signingKeysRepository>;

export class SigningKeyStore {
  #repository: SigningKeysRepository;
  #configured: LoadedKey | null;
  #keys: LoadedKey[] = [];
  #lastReload = 0;

  private constructor(repository: SigningKeysRepository, configured: LoadedKey | null) {
    this.#repository = repository;
    this.#configured = configured;
  }

  static async open(repository: SigningKeysRepository, configured: SigningJwk | null): Promise<SigningKeyStore> {
    const configuredKey = configured
      ? await loadKey(configured.kid, new Date().toISOString(), configured, publicPart(configured))
      : null;
    const store = new SigningKeyStore(repository, configuredKey);
    await store.#reload();
    if (!configuredKey && store.#keys.length === 0) {
      await store.#generate();
      await store.#reload();
    }
    return store;
  }

  async #generate(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    await this.#repository.add({
      kid: randomUUID(),
      algorithm: ALGORITHM,
      private_jwk: JSON.stringify(await exportJWK(privateKey)),
      public_jwk: JSON.stringify(await exportJWK(publicKey)),
      created_at: new Date().toISOString(),
      retired_at: null,
    });
  }

  async #reload(): Promise<void> {
    const rows = await this.#repository.listActive();
    this.#keys = await Promise.all(
      rows.map((row) => loadKey(row.kid, row.created_at, JSON.parse(row.private_jwk), JSON.parse(row.public_jwk))),
    );
    this.#lastReload = Date.now();
  }

  /** The key that signs new tokens: the configured one, else the newest stored one (the same on every instance). */
  signingKey(): { kid: string; privateKey: CryptoKey } {
    const key = this.#configured ?? this.#keys[0];
    if (!key?.privateKey) throw new Error('No signing key is available');
    return { kid: key.kid, privateKey: key.privateKey };
  }

  async verificationKey(kid: string): Promise<CryptoKey | null> {
    const find = () => (this.#configured?.kid === kid ? this.#configured : this.#keys.find((k) => k.kid === kid));
    let key = find();
    if (!key && Date.now() - this.#lastReload > RELOAD_INTERVAL_MS) {
      await this.#reload();
      key = find();
    }
    return key?.publicKey ?? null;
  }

  jwks(): { keys: JWK[] } {
    const keys = this.#configured ? [this.#configured, ...this.#keys] : this.#keys;
    return { keys: keys.map((k) => k.publicJwk) };
  }
}
