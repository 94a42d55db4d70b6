import type { StreamLimits } from '../env.ts';

export type SlotAnswer =
  | { readonly ok: true; readonly release: () => void }
  | { readonly ok: false; readonly reason: 'address' | 'total' };

/**
 * Counts the open live streams of this process, per client address and in all, so that one client
 * cannot hold every connection the process can open (issue 16, item 2). The counts are per instance.
 */
export class StreamSlots {
  readonly #limits: StreamLimits;
  readonly #perAddress = new Map<string, number>();
  #total = 0;

  constructor(limits: StreamLimits) {
    this.#limits = limits;
  }

  get limits(): StreamLimits {
    return this.#limits;
  }

  get total(): number {
    return this.#total;
  }

  openFrom(address: string): number {
    return this.#perAddress.get(address) ?? 0;
  }

  /** Takes a slot for a stream from `address`, or says which limit refuses it. */
  acquire(address: string): SlotAnswer {
    const fromAddress = this.openFrom(address);
    if (fromAddress >= this.#limits.perAddress) return { ok: false, reason: 'address' };
    if (this.#total >= this.#limits.total) return { ok: false, reason: 'total' };
    this.#perAddress.set(address, fromAddress + 1);
    this.#total++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.#total--;
        const left = this.openFrom(address) - 1;
        if (left > 0) this.#perAddress.set(address, left);
        else this.#perAddress.delete(address);
      },
    };
  }
}
