/** Everything a run found wrong, one line each; kept short when a problem repeats thousands of times. */
export class ProblemList {
  readonly #lines: string[] = [];
  #omitted = 0;
  readonly #limit: number;

  constructor(limit = 50) {
    this.#limit = limit;
  }

  add(line: string): void {
    if (this.#lines.length < this.#limit) this.#lines.push(line);
    else this.#omitted++;
  }

  get count(): number {
    return this.#lines.length + this.#omitted;
  }

  /** The problems, with a last line counting those left out. */
  list(): string[] {
    return this.#omitted > 0 ? [...this.#lines, `… and ${this.#omitted} more`] : [...this.#lines];
  }
}
