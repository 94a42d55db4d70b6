import type { PublicProfile } from '#shared/schemas/profile.ts';

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
  #json: Buffer | null = null;
  #builtAt = 0;
  #generation = 0;
  readonly #load: () => Promise<PublicProfile[]>;

  constructor(load: () => Promise<PublicProfile[]>) {
    this.#load = load;
  }

  invalidate(): void {
    this.#json = null;
    this.#generation++;
  }

  /** The list as UTF-8 JSON bytes, encoded once rather than on every request. */
  async json(now = Date.now()): Promise<Buffer> {
    if (this.#json !== null && now - this.#builtAt < PROFILE_LIST_MAX_AGE_MS) return this.#json;
    const generation = this.#generation;
    const json = Buffer.from(JSON.stringify(await this.#load()));
    // A change that landed while we were reading makes this copy stale: serve it once, keep nothing.
    if (generation === this.#generation) {
      this.#json = json;
      this.#builtAt = now;
    }
    return json;
  }
}
