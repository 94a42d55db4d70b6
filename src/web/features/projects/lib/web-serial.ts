import { LinkTimeout, type SerialLink } from '#device/upload/stk500.ts';

/*
 * Web Serial (Chrome, Edge, ChromeOS): the little of it the upload and the serial monitor use,
 * typed here because TypeScript's DOM library does not include it. Nothing about the learner's
 * ports leaves the browser.
 */

export interface SerialSignals {
  readonly dataTerminalReady?: boolean;
  readonly requestToSend?: boolean;
}

export interface WebSerialPort {
  open(options: { readonly baudRate: number }): Promise<void>;
  close(): Promise<void>;
  setSignals(signals: SerialSignals): Promise<void>;
  getInfo(): { readonly usbVendorId?: number; readonly usbProductId?: number };
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
}

interface WebSerial {
  requestPort(options?: object): Promise<WebSerialPort>;
}

/** The browser's Web Serial, or undefined where there is none (Firefox, Safari, phones). */
export function webSerial(): WebSerial | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { serial?: WebSerial }).serial;
}

/**
 * A phone or tablet: a touch screen and no mouse or trackpad. A board is uploaded to from a
 * computer, so such a device is told that plainly, whatever its browser offers.
 */
export function isTouchOnlyDevice(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(pointer: coarse)').matches && !window.matchMedia('(any-pointer: fine)').matches;
}

/** Why a port could not be opened, in words a learner can act on. */
export class PortBusy extends Error {
  constructor() {
    super('The port is busy');
    this.name = 'PortBusy';
  }
}

export class PortGone extends Error {
  constructor() {
    super('The port closed (the cable came out, or the board reset itself)');
    this.name = 'PortGone';
  }
}

/**
 * An open port as a byte stream: a background read loop keeps what arrives until it is asked for
 * (by the upload's `read`, or the monitor's `onData`). `close()` always lets go of the port, so a
 * failed upload never leaves it locked.
 */
export class WebSerialLink implements SerialLink {
  private readonly port: WebSerialPort;
  private readonly received: number[] = [];
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private writer: WritableStreamDefaultWriter<Uint8Array> | undefined;
  private wake: (() => void) | undefined;
  private gone = false;
  private listener: ((bytes: Uint8Array) => void) | undefined;
  private readonly reading: Promise<void>;

  private constructor(port: WebSerialPort) {
    this.port = port;
    this.reader = port.readable?.getReader();
    this.writer = port.writable?.getWriter();
    this.reading = this.readLoop();
  }

  /** Opens `port` at `baudRate`; a port another program holds fails with PortBusy. */
  static async open(port: WebSerialPort, baudRate: number): Promise<WebSerialLink> {
    try {
      await port.open({ baudRate });
    } catch (error) {
      // Chrome: NetworkError "Failed to open serial port" when another program has it;
      // InvalidStateError when this page already opened it.
      if (error instanceof DOMException && (error.name === 'NetworkError' || error.name === 'InvalidStateError')) {
        throw new PortBusy();
      }
      throw error;
    }
    return new WebSerialLink(port);
  }

  private async readLoop(): Promise<void> {
    const reader = this.reader;
    if (!reader) {
      this.gone = true;
      return;
    }
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (this.listener) this.listener(value);
        else this.received.push(...value);
        this.wake?.();
      }
    } catch {
      // The cable came out, or close() cancelled the read.
    } finally {
      this.gone = true;
      this.wake?.();
    }
  }

  /** Hands every byte that arrives to `listener` (the serial monitor) instead of keeping it. */
  onData(listener: (bytes: Uint8Array) => void): void {
    this.listener = listener;
    if (this.received.length > 0) listener(Uint8Array.from(this.received.splice(0)));
  }

  /** Resolves when the port closes by itself (the cable came out). */
  get closed(): Promise<void> {
    return this.reading;
  }

  async setSignals(signals: { readonly dataTerminalReady: boolean; readonly requestToSend: boolean }): Promise<void> {
    if (this.gone) throw new PortGone();
    await this.port.setSignals(signals);
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (this.gone || !this.writer) throw new PortGone();
    await this.writer.write(bytes);
  }

  async read(count: number, timeoutMs: number): Promise<Uint8Array> {
    const deadline = performance.now() + timeoutMs;
    while (this.received.length < count) {
      if (this.gone) throw new PortGone();
      const left = deadline - performance.now();
      if (left <= 0) throw new LinkTimeout();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    return Uint8Array.from(this.received.splice(0, count));
  }

  discardInput(): void {
    this.received.length = 0;
  }

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Lets go of the port, whatever state it is in. */
  async close(): Promise<void> {
    await this.reader?.cancel().catch(() => {});
    await this.reading;
    this.reader?.releaseLock();
    // Not writer.close(): it waits for writes a pulled cable never finishes.
    this.writer?.releaseLock();
    await this.port.close().catch(() => {});
  }
}
