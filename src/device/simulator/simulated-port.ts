import { LinkTimeout, type SerialLink } from '../upload/stk500.ts';
import { RESET_CAUSE, type SimBoard } from './board.ts';

/*
 * A USB serial port with a simulated board on the other end, for testing an upload against a real
 * bootloader: bytes take their time on the wire at the port's baud rate, a byte sent at another
 * baud rate than the chip's UART is garbage (dropped), asserting DTR resets the chip as an Uno's
 * auto-reset capacitor does, and the port can be made to fail as a pulled cable does. Time is the
 * board's: reading runs the board until the bytes come or the timeout passes.
 */

/** How far apart two baud rates may be and still understand each other (UART tolerance is about ±2 %). */
const BAUD_TOLERANCE = 0.03;
const STEP_MS = 0.5;

export class PortClosed extends Error {
  constructor() {
    super('The serial port was closed (the cable came out)');
    this.name = 'PortClosed';
  }
}

export class SimulatedPort implements SerialLink {
  private readonly board: SimBoard;
  private readonly received: number[] = [];
  private dataTerminalReady = false;
  private lineFreeAtMicros = 0;
  private closed = false;
  /** Bytes the host has written, counted for `closeAfterWriting`. */
  private written = 0;
  private closeAfter = Number.POSITIVE_INFINITY;
  /** Bytes the chip has sent to the host. */
  bytesReceived = 0;
  baudRate: number;

  constructor(board: SimBoard, baudRate: number) {
    this.board = board;
    this.baudRate = baudRate;
    board.onSerial((byte) => {
      if (this.closed || !this.understands()) return;
      this.received.push(byte);
      this.bytesReceived++;
    });
  }

  /** Bytes the host has written. */
  get bytesSent(): number {
    return this.written;
  }

  /** The port fails, as if the cable were pulled, once the host has written `bytes` bytes. */
  closeAfterWriting(bytes: number): void {
    this.closeAfter = bytes;
  }

  private understands(): boolean {
    const chip = this.board.baudRate;
    return chip > 0 && Math.abs(chip - this.baudRate) / this.baudRate <= BAUD_TOLERANCE;
  }

  private get byteMicros(): number {
    return (10 * 1_000_000) / this.baudRate; // start bit, 8 data bits, stop bit
  }

  async setSignals({ dataTerminalReady }: { dataTerminalReady: boolean }): Promise<void> {
    this.checkOpen();
    if (dataTerminalReady && !this.dataTerminalReady) this.board.reset(RESET_CAUSE.external);
    this.dataTerminalReady = dataTerminalReady;
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.checkOpen();
    let at = Math.max(this.lineFreeAtMicros, this.board.micros);
    for (const byte of bytes) {
      if (this.written >= this.closeAfter) {
        this.closed = true;
        throw new PortClosed();
      }
      this.written++;
      at += this.byteMicros;
      this.board.after(at - this.board.micros, () => {
        if (!this.closed && this.understands()) this.board.receiveSerialByte(byte);
      });
    }
    this.lineFreeAtMicros = at;
  }

  async read(count: number, timeoutMs: number): Promise<Uint8Array> {
    const deadline = this.board.micros + timeoutMs * 1000;
    while (this.received.length < count) {
      this.checkOpen();
      if (this.board.micros >= deadline) throw new LinkTimeout();
      this.board.runMillis(STEP_MS);
    }
    return Uint8Array.from(this.received.splice(0, count));
  }

  discardInput(): void {
    this.received.length = 0;
  }

  /** Every byte received and not yet read, for a caller that paces the board itself. */
  takeReceived(): Uint8Array {
    return Uint8Array.from(this.received.splice(0));
  }

  /** The cable comes out: every later call fails. */
  unplug(): void {
    this.closed = true;
  }

  async wait(ms: number): Promise<void> {
    this.checkOpen();
    this.board.runMillis(ms);
  }

  private checkOpen(): void {
    if (this.closed) throw new PortClosed();
  }
}
