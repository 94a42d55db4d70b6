import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PublicProfile } from '#shared/schemas/profile.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The list in each encoding a client may accept, compressed once per change (a list of 1,000 is ~250 KB). */
interface EncodedList {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/**
 * How long a serialised list may be reused at most. Changes through the API invalidate it at once;
 * this bounds how long a change made outside the API (an operator deleting a spam account with
 * SQL) can stay unseen.
 */
export const PROFILE_LIST_MAX_AGE_MS = 1000;

/**
 * The community list, serialised once and reused until a profile changes: reading and encoding a
 * thousand members on every request is most of the cost of `GET /api/profiles`. Writers in this
 * process invalidate it at once; the profile feed invalidates it for changes made elsewhere.
 */
export class ProfileListCache {
  #encoded: EncodedList | null = null;
  #builtAt = 0;
  #generation = 0;
  readonly #load: () => Promise<PublicProfile[]>;

  constructor(load: () => Promise<PublicProfile[]>) {
    this.#load = load;
  }

  invalidate(): void {
    this.#encoded = null;
    this.#building = null;
    this.#generation++;
  }

  #building: Promise<EncodedList> | null = null;

  /** The list as UTF-8 JSON bytes (and compressed), built once and shared by concurrent requests. */
  async json(now = Date.now()): Promise<EncodedList> {
    if (this.#encoded !== null && now - this.#builtAt < PROFILE_LIST_MAX_AGE_MS) return this.#encoded;
    if (this.#building) return this.#building;
    const generation = this.#generation;
    const building = this.#build();
    this.#building = building;
    try {
      const encoded = await building;
      // A change that landed while we were reading makes this copy stale: serve it once, keep nothing.
      if (generation === this.#generation) {
        this.#encoded = encoded;
        this.#builtAt = now;
      }
      return encoded;
    } finally {
      if (this.#building === building) this.#building = null;
    }
  }

  async #build(): Promise<EncodedList> {
    const identity = Buffer.from(JSON.stringify(await this.#load()));
    const [br, gz] = await Promise.all([
      // Quality 5: most of brotli's gain at a small fraction of its top-quality cost.
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzipAsync(identity, { level: 6 }),
    ]);
    return { identity, br, gzip: gz };
  }
}
