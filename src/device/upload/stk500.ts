/*
 * Uploading a program to an Arduino Uno or Nano through its bootloader, as avrdude's `arduino`
 * programmer does: STK500 version 1 (Atmel application note AVR061) as optiboot speaks it. It
 * resets the board with the DTR line, synchronises, checks the chip's signature, writes the program
 * page by page, reads every page back to verify it, and leaves programming mode, which starts the
 * program. It talks to a `SerialLink`: Web Serial in the browser, a simulated board in the tests.
 */

/** What the upload needs of a serial port. */
export interface SerialLink {
  /** Sets the modem lines. Asserting DTR resets an Uno or a Nano (its auto-reset capacitor). */
  setSignals(signals: { readonly dataTerminalReady: boolean; readonly requestToSend: boolean }): Promise<void>;
  write(bytes: Uint8Array): Promise<void>;
  /** Exactly `count` bytes, or a `LinkTimeout` after `timeoutMs` without them. */
  read(count: number, timeoutMs: number): Promise<Uint8Array>;
  /** Forgets every byte received and not yet read. */
  discardInput(): void;
  wait(ms: number): Promise<void>;
}

/**
 * Pulses DTR, as avrdude and the Arduino IDE's serial monitor do: an Uno or a Nano resets (its
 * auto-reset capacitor), runs its bootloader for a moment, then starts its program from the top.
 */
export async function resetBoard(link: Pick<SerialLink, 'setSignals' | 'wait'>): Promise<void> {
  await link.setSignals({ dataTerminalReady: false, requestToSend: false });
  await link.wait(250);
  await link.setSignals({ dataTerminalReady: true, requestToSend: true });
  await link.wait(50);
}

/** A read that got no answer in time. */
export class LinkTimeout extends Error {
  constructor() {
    super('No answer in time');
    this.name = 'LinkTimeout';
  }
}

export type UploadFailure =
  | 'no-answer' // the bootloader never answered: wrong port, wrong board setting, a sketch holding the line, a bad cable
  | 'wrong-chip' // it answered with another chip's signature
  | 'verify-failed' // a byte read back is not the byte written
  | 'port-lost' // the port closed or the cable came out halfway
  | 'too-big' // the program does not fit the chip
  | 'cancelled';

export class UploadError extends Error {
  readonly failure: UploadFailure;
  constructor(failure: UploadFailure, detail: string) {
    super(detail);
    this.name = 'UploadError';
    this.failure = failure;
  }
}

export interface UploadProgress {
  readonly phase: 'connecting' | 'writing' | 'verifying' | 'done';
  /** Bytes written or verified so far, of `total`. */
  readonly done: number;
  readonly total: number;
}

export interface ChipTarget {
  readonly name: string;
  readonly signature: readonly [number, number, number];
  readonly pageBytes: number;
  /** Flash an upload may fill: the chip's less the bootloader's. */
  readonly maxBytes: number;
}

/** The Uno's and the Nano's chip with optiboot (0.5 KB at the top of its 32 KB). */
export const ATMEGA328P: ChipTarget = {
  name: 'ATmega328P',
  signature: [0x1e, 0x95, 0x0f],
  pageBytes: 128,
  maxBytes: 32_256,
};

// STK500v1 (AVR061).
const STK_OK = 0x10;
const STK_INSYNC = 0x14;
const CRC_EOP = 0x20;
const STK_GET_SYNC = 0x30;
const STK_ENTER_PROGMODE = 0x50;
const STK_LEAVE_PROGMODE = 0x51;
const STK_LOAD_ADDRESS = 0x55;
const STK_PROG_PAGE = 0x64;
const STK_READ_PAGE = 0x74;
const STK_READ_SIGN = 0x75;
const MEMORY_FLASH = 0x46; // 'F'

const SYNC_ATTEMPTS = 10;
/**
 * Longer than optiboot takes to start listening after a reset (it flashes the LED three times,
 * about 400 ms): a second GET_SYNC sent while it is still busy would overrun its two-byte receive
 * buffer and leave it out of step.
 */
const SYNC_TIMEOUT_MS = 500;
/** A page write is an erase and a write of 4 ms each, plus the bytes at the slowest baud rate. */
const COMMAND_TIMEOUT_MS = 1_000;

const hex = (bytes: Iterable<number>) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');

export interface UploadOptions {
  readonly chip?: ChipTarget;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: UploadProgress) => void;
}

/** Writes `program` (the flash image from address 0) to the board on `link` and verifies it. */
export async function upload(link: SerialLink, program: Uint8Array, options: UploadOptions = {}): Promise<void> {
  const chip = options.chip ?? ATMEGA328P;
  const report = options.onProgress ?? (() => {});
  const total = program.length;
  if (total > chip.maxBytes) {
    throw new UploadError('too-big', `The program is ${total} bytes; the ${chip.name} takes ${chip.maxBytes}`);
  }
  const session = new Session(link, options.signal);
  try {
    report({ phase: 'connecting', done: 0, total });
    await session.resetAndSync();
    const signature = await session.command([STK_READ_SIGN], 3);
    if (signature.some((byte, i) => byte !== chip.signature[i])) {
      throw new UploadError(
        'wrong-chip',
        `The board's chip has the signature ${hex(signature)}, not the ${chip.name}'s ${hex(chip.signature)}`,
      );
    }
    await session.command([STK_ENTER_PROGMODE], 0);
    for (let address = 0; address < total; address += chip.pageBytes) {
      const page = pageAt(program, address, chip.pageBytes);
      await session.loadAddress(address);
      await session.command([STK_PROG_PAGE, page.length >> 8, page.length & 0xff, MEMORY_FLASH, ...page], 0);
      report({ phase: 'writing', done: Math.min(total, address + page.length), total });
    }
    for (let address = 0; address < total; address += chip.pageBytes) {
      const page = pageAt(program, address, chip.pageBytes);
      await session.loadAddress(address);
      const back = await session.command(
        [STK_READ_PAGE, page.length >> 8, page.length & 0xff, MEMORY_FLASH],
        page.length,
      );
      const wrong = back.findIndex((byte, i) => byte !== page[i]);
      if (wrong >= 0) {
        const at = address + wrong;
        throw new UploadError(
          'verify-failed',
          `The byte at 0x${at.toString(16).padStart(4, '0')} reads back as 0x${hex([back[wrong] ?? 0])}, not 0x${hex([page[wrong] ?? 0])}`,
        );
      }
      report({ phase: 'verifying', done: Math.min(total, address + page.length), total });
    }
    // Leaving programming mode makes optiboot start the program (a watchdog reset).
    await session.command([STK_LEAVE_PROGMODE], 0);
    report({ phase: 'done', done: total, total });
  } catch (error) {
    throw session.explain(error);
  }
}

/** The page of `program` at `address`, padded with erased flash (0xff) to a whole page. */
function pageAt(program: Uint8Array, address: number, pageBytes: number): Uint8Array {
  const page = new Uint8Array(pageBytes).fill(0xff);
  page.set(program.subarray(address, address + pageBytes));
  return page;
}

class Session {
  private readonly link: SerialLink;
  private readonly signal: AbortSignal | undefined;

  constructor(link: SerialLink, signal: AbortSignal | undefined) {
    this.link = link;
    this.signal = signal;
  }

  /** Resets the board into its bootloader and waits for the bootloader's answer to GET_SYNC. */
  async resetAndSync(): Promise<void> {
    await resetBoard(this.link);
    for (let attempt = 1; attempt <= SYNC_ATTEMPTS; attempt++) {
      this.checkCancelled();
      this.link.discardInput();
      await this.link.write(Uint8Array.of(STK_GET_SYNC, CRC_EOP));
      try {
        const reply = await this.link.read(2, SYNC_TIMEOUT_MS);
        if (reply[0] === STK_INSYNC && reply[1] === STK_OK) {
          // Answers to earlier attempts may still be on their way: let them arrive, then drop them.
          await this.link.wait(20);
          this.link.discardInput();
          return;
        }
      } catch (error) {
        if (!(error instanceof LinkTimeout)) throw error;
      }
    }
    throw new UploadError('no-answer', `No answer from the bootloader after ${SYNC_ATTEMPTS} tries`);
  }

  loadAddress(byteAddress: number): Promise<Uint8Array> {
    const word = byteAddress >> 1;
    return this.command([STK_LOAD_ADDRESS, word & 0xff, word >> 8], 0);
  }

  /** Sends one command and returns the `replyBytes` between INSYNC and OK. */
  async command(bytes: readonly number[], replyBytes: number): Promise<Uint8Array> {
    this.checkCancelled();
    await this.link.write(Uint8Array.from([...bytes, CRC_EOP]));
    let reply: Uint8Array;
    try {
      reply = await this.link.read(replyBytes + 2, COMMAND_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof LinkTimeout) {
        throw new UploadError('no-answer', `No answer to command 0x${hex([bytes[0] ?? 0])}`);
      }
      throw error;
    }
    if (reply[0] !== STK_INSYNC || reply[replyBytes + 1] !== STK_OK) {
      throw new UploadError('no-answer', `Out of sync after command 0x${hex([bytes[0] ?? 0])}: ${hex(reply)}`);
    }
    return reply.subarray(1, replyBytes + 1);
  }

  private checkCancelled(): void {
    if (this.signal?.aborted) throw new UploadError('cancelled', 'The upload was cancelled');
  }

  /** Any failure as an UploadError: one the link raised (the port closed) becomes 'port-lost'. */
  explain(error: unknown): UploadError {
    if (error instanceof UploadError) return error;
    if (this.signal?.aborted) return new UploadError('cancelled', 'The upload was cancelled');
    return new UploadError('port-lost', error instanceof Error ? error.message : String(error));
  }
}
