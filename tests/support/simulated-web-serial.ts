import type { Page } from 'playwright-core';
import type { SimBoard } from '#device/simulator/board.ts';
import { SimulatedPort } from '#device/simulator/simulated-port.ts';

/**
 * A USB serial port in the browser (`navigator.serial`) with a simulated board on the other end,
 * for end-to-end tests of the upload and the monitor: the page's Web Serial calls cross to this
 * process (Playwright's exposeFunction), where a SimulatedPort talks to `board`.
 *
 * Time: the simulation is slower than a real board on a loaded machine, and the upload's timeouts
 * are the page's. So once `startClock()` is called, the page's clock (Playwright's fake timers)
 * follows the board's: the board runs a few milliseconds, then the page's timers run for as long,
 * in lockstep, and a timeout means what it would on a real board whatever this machine's speed.
 * Chromium's port chooser cannot be driven by a test: `requestPort()` resolves with the one port.
 */
export interface SimulatedWebSerial {
  /** The port once the page has opened it. */
  readonly port: () => SimulatedPort | undefined;
  /** The cable comes out: the page's reads and writes fail until `plugIn()`. */
  readonly unplug: () => void;
  /** The cable goes back in: the same board, a port the page opens anew. */
  readonly plugIn: () => void;
  /** From now on the page's clock follows the board's (call before the page starts talking to the board). */
  readonly startClock: () => Promise<void>;
  /** Gives the page its own clock back. */
  readonly stopClock: () => Promise<void>;
}

/** Board and page time advance in steps this long. */
const STEP_MS = 5;

export async function attachSimulatedSerial(page: Page, board: SimBoard): Promise<SimulatedWebSerial> {
  let port: SimulatedPort | undefined;
  let unplugged = false;
  let driving: Promise<void> | undefined;
  let stopped = false;
  // Each open of the page's port is a session of its own: a read left over from an earlier one (a
  // stream the page has cancelled, whose pull was already on its way here) gets nothing, as a real
  // port's old stream does, instead of taking bytes the new session's reader is waiting for.
  let session = 0;
  await page.clock.install();
  await page.exposeFunction('__roboforgeSerial', async (operation: string, argument: unknown) => {
    if (unplugged) return { lost: true };
    switch (operation) {
      case 'open': {
        const baudRate = Number(argument);
        if (port) port.baudRate = baudRate;
        else port = new SimulatedPort(board, baudRate);
        session++;
        return { ok: true, session };
      }
      case 'close':
        session++;
        return { ok: true };
      case 'signals':
        await port?.setSignals(argument as { dataTerminalReady: boolean });
        return { ok: true };
      case 'write':
        await port?.write(Uint8Array.from(argument as number[]));
        return { ok: true };
      case 'read':
        if (argument !== session) return { ended: true };
        return { bytes: [...(port?.takeReceived() ?? [])] };
      default:
        return { ok: true };
    }
  });
  await page.addInitScript(() => {
    type Answer = { ok?: boolean; lost?: boolean; bytes?: number[]; session?: number; ended?: boolean };
    const bridge = (window as unknown as { __roboforgeSerial: (op: string, arg?: unknown) => Promise<Answer> })
      .__roboforgeSerial;
    const lost = () => new DOMException('The device has been lost.', 'NetworkError');
    const call = async (op: string, arg?: unknown) => {
      const answer = await bridge(op, arg);
      if (answer.lost) throw lost();
      return answer;
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let readable: ReadableStream<Uint8Array> | null = null;
    let writable: WritableStream<Uint8Array> | null = null;
    let open = false;
    const port = {
      getInfo: () => ({ usbVendorId: 0x2341, usbProductId: 0x0043 }),
      get readable() {
        return readable;
      },
      get writable() {
        return writable;
      },
      async open({ baudRate }: { baudRate: number }) {
        if (open) throw new DOMException('The port is already open.', 'InvalidStateError');
        const { session } = await call('open', baudRate);
        open = true;
        readable = new ReadableStream<Uint8Array>({
          async pull(controller) {
            for (;;) {
              if (!open) return controller.close();
              const answer = await bridge('read', session);
              if (answer.ended) return; // this stream was cancelled and its port closed meanwhile
              if (answer.lost) return controller.error(lost());
              if (answer.bytes && answer.bytes.length > 0) return controller.enqueue(Uint8Array.from(answer.bytes));
              await sleep(4);
            }
          },
        });
        writable = new WritableStream<Uint8Array>({
          write: async (chunk) => {
            await call('write', [...chunk]);
          },
        });
      },
      async setSignals(signals: object) {
        await call('signals', signals);
      },
      async close() {
        open = false;
        readable = null;
        writable = null;
        await bridge('close');
      },
    };
    Object.defineProperty(navigator, 'serial', {
      configurable: true,
      value: { requestPort: async () => port, getPorts: async () => [port] },
    });
  });
  const drive = async () => {
    while (!stopped) {
      board.runMillis(STEP_MS);
      await page.clock.runFor(STEP_MS);
    }
  };
  return {
    port: () => port,
    unplug: () => {
      unplugged = true;
      port?.unplug();
    },
    plugIn: () => {
      unplugged = false;
      port = undefined;
    },
    startClock: async () => {
      await page.clock.pauseAt(Date.now() + 1000);
      stopped = false;
      driving = drive();
    },
    stopClock: async () => {
      stopped = true;
      await driving;
      await page.clock.resume();
    },
  };
}
