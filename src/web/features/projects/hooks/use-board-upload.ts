import { useCallback, useEffect, useRef, useState } from 'react';
import { imageFromHex } from '#device/simulator/intel-hex.ts';
import { ATMEGA328P, resetBoard, UploadError, type UploadProgress, upload } from '#device/upload/stk500.ts';
import { BOARD_CHIPS } from '#shared/content/boards.ts';
import type { Board } from '#shared/content/projects.ts';
import {
  appendSerial,
  clearSerial,
  EMPTY_SERIAL_LOG,
  pauseSerial,
  resumeSerial,
  type SerialLog,
} from '#web/lib/serial-log.ts';
import type { UploadProblem } from '../lib/upload-messages.ts';
import { PortBusy, WebSerialLink, type WebSerialPort, webSerial } from '../lib/web-serial.ts';

/** Every tutorial's sketch talks at 9,600 baud (`Serial.begin(9600)`; sketch-baud.test.ts checks it). */
export const SKETCH_BAUD_RATE = 9600;

export type UploadState =
  | { readonly step: 'idle' }
  | { readonly step: 'uploading'; readonly progress: UploadProgress }
  | { readonly step: 'done' }
  | { readonly step: 'failed'; readonly problem: UploadProblem };

export interface MonitorState {
  readonly connected: boolean;
  /** The board went away while the monitor was connected (the cable came out). */
  readonly lost: boolean;
  readonly log: SerialLog;
}

const CLOSED_MONITOR: MonitorState = { connected: false, lost: false, log: EMPTY_SERIAL_LOG };

/**
 * The upload and the serial monitor of a real board over Web Serial, for one tutorial. The port is
 * the learner's choice in the browser's own chooser; it is opened at the bootloader's speed for the
 * upload and reopened at the sketch's for the monitor, and always let go in between.
 */
export function useBoardUpload(slug: string, board: Board) {
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const [monitor, setMonitor] = useState<MonitorState>(CLOSED_MONITOR);
  const port = useRef<WebSerialPort | undefined>(undefined);
  const monitorLink = useRef<WebSerialLink | undefined>(undefined);
  const cancel = useRef<AbortController | undefined>(undefined);

  const closeMonitor = useCallback(async () => {
    const link = monitorLink.current;
    monitorLink.current = undefined;
    await link?.close();
    setMonitor((current) => ({ ...current, connected: false }));
  }, []);

  useEffect(
    () => () => {
      cancel.current?.abort();
      void monitorLink.current?.close();
    },
    [],
  );

  /**
   * Asks for a port (the browser's chooser); undefined, with the reason shown, when the learner closed
   * it without choosing (NotFoundError) or the browser would not show it (SecurityError and others).
   */
  const choosePort = useCallback(async (): Promise<WebSerialPort | undefined> => {
    const serial = webSerial();
    if (!serial) return undefined;
    try {
      port.current = await serial.requestPort();
      return port.current;
    } catch (error) {
      const closed = error instanceof DOMException && error.name === 'NotFoundError';
      setState({ step: 'failed', problem: closed ? 'no-port' : 'no-chooser' });
      return undefined;
    }
  }, []);

  const openMonitor = useCallback(
    async (chosen: WebSerialPort) => {
      await closeMonitor();
      const decoder = new TextDecoder();
      let link: WebSerialLink;
      try {
        link = await WebSerialLink.open(chosen, SKETCH_BAUD_RATE);
      } catch (error) {
        setState({ step: 'failed', problem: error instanceof PortBusy ? 'port-busy' : 'port-lost' });
        return;
      }
      monitorLink.current = link;
      setMonitor({ connected: true, lost: false, log: EMPTY_SERIAL_LOG });
      link.onData((bytes) =>
        setMonitor((current) => ({
          ...current,
          log: appendSerial(current.log, decoder.decode(bytes, { stream: true })),
        })),
      );
      void link.closed.then(() => {
        if (monitorLink.current !== link) return; // closed on purpose
        monitorLink.current = undefined;
        void link.close();
        setMonitor((current) => ({ ...current, connected: false, lost: true }));
      });
      // The program starts again from the top, as with the Arduino IDE's monitor, so its first lines
      // (printed in setup(), often before the port could be opened at the sketch's speed) are shown.
      // A port that goes away meanwhile is reported by `closed` above.
      await resetBoard(link).catch(() => {});
    },
    [closeMonitor],
  );

  /**
   * Chooses a port, uploads a program at `baudRate` (the learner's, given as Intel HEX text, or else
   * the tutorial's), then shows what the board prints.
   */
  const start = useCallback(
    async (baudRate: number, learnerHex?: () => Promise<string | null>) => {
      const chosen = await choosePort();
      if (!chosen) return;
      await closeMonitor();
      const controller = new AbortController();
      cancel.current = controller;
      setState({ step: 'uploading', progress: { phase: 'connecting', done: 0, total: 1 } });
      let image: Uint8Array;
      try {
        const mine = learnerHex ? await learnerHex() : null;
        if (learnerHex && mine === null) {
          // The learner's version could not be compiled: the panel has said why.
          cancel.current = undefined;
          setState({ step: 'idle' });
          return;
        }
        if (mine !== null) image = imageFromHex(mine);
        else {
          const response = await fetch(`/sketches/${slug}.hex`);
          if (!response.ok) throw new Error(`The program did not load (${response.status})`);
          image = imageFromHex(await response.text());
        }
      } catch {
        cancel.current = undefined;
        setState({ step: 'failed', problem: 'no-program' });
        return;
      }
      let link: WebSerialLink | undefined;
      try {
        link = await WebSerialLink.open(chosen, baudRate);
        await upload(link, image, {
          chip: { ...ATMEGA328P, maxBytes: BOARD_CHIPS[board].flashBytes },
          signal: controller.signal,
          onProgress: (progress) => setState({ step: 'uploading', progress }),
        });
      } catch (error) {
        await link?.close();
        const problem: UploadProblem =
          error instanceof PortBusy ? 'port-busy' : error instanceof UploadError ? error.failure : 'port-lost';
        setState({ step: 'failed', problem });
        return;
      } finally {
        cancel.current = undefined;
      }
      await link.close();
      setState({ step: 'done' });
      await openMonitor(chosen);
    },
    [board, slug, choosePort, closeMonitor, openMonitor],
  );

  /** Opens the monitor on a board without uploading. */
  const connectMonitor = useCallback(async () => {
    const chosen = await choosePort();
    if (chosen) await openMonitor(chosen);
  }, [choosePort, openMonitor]);

  const send = useCallback(async (line: string) => {
    await monitorLink.current?.write(new TextEncoder().encode(`${line}\n`)).catch(() => {});
  }, []);

  return {
    state,
    monitor,
    start,
    cancel: () => cancel.current?.abort(),
    connectMonitor,
    disconnect: closeMonitor,
    send,
    pause: () => setMonitor((current) => ({ ...current, log: pauseSerial(current.log) })),
    resume: () => setMonitor((current) => ({ ...current, log: resumeSerial(current.log) })),
    clear: () => setMonitor((current) => ({ ...current, log: clearSerial(current.log) })),
  };
}
