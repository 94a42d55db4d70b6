/** A log destination that keeps every line in memory, so a test can read what the server wrote. */
export class LogCapture {
  readonly #lines: string[] = [];

  /** Called by pino with one serialised JSON line per log entry. */
  write(line: string): void {
    this.#lines.push(line);
  }

  get text(): string {
    return this.#lines.join('');
  }

  get lineCount(): number {
    return this.#lines.length;
  }
}
