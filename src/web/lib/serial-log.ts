/*
 * What a serial monitor shows: the text a board printed, as it arrives. Pure state for the
 * monitor component (components/serial-monitor.tsx), whoever feeds it: the simulator's board, or a
 * real one over Web Serial.
 */

/** The monitor keeps this much text (whole lines); older lines scroll away for good. */
export const MAX_SERIAL_CHARS = 20_000;

export interface SerialLog {
  /** What the monitor shows. */
  readonly text: string;
  /** What arrived while paused, shown on resume. */
  readonly held: string;
  readonly paused: boolean;
}

export const EMPTY_SERIAL_LOG: SerialLog = { text: '', held: '', paused: false };

/** Keeps the last MAX_SERIAL_CHARS of `text`, starting at a line. */
function keepTail(text: string): string {
  if (text.length <= MAX_SERIAL_CHARS) return text;
  const cut = text.length - MAX_SERIAL_CHARS;
  const lineStart = text.indexOf('\n', cut);
  return lineStart === -1 ? text.slice(cut) : text.slice(lineStart + 1);
}

/** Arduino's println ends lines with CR LF; the monitor shows plain lines. */
function plain(chunk: string): string {
  return chunk.replaceAll('\r', '');
}

export function appendSerial(log: SerialLog, chunk: string): SerialLog {
  if (chunk === '') return log;
  const text = plain(chunk);
  if (log.paused) return { ...log, held: keepTail(log.held + text) };
  return { ...log, text: keepTail(log.text + text) };
}

export function pauseSerial(log: SerialLog): SerialLog {
  return log.paused ? log : { ...log, paused: true };
}

export function resumeSerial(log: SerialLog): SerialLog {
  if (!log.paused) return log;
  return { text: keepTail(log.text + log.held), held: '', paused: false };
}

export function clearSerial(log: SerialLog): SerialLog {
  return { ...log, text: '', held: '' };
}

/** The rates the Arduino IDE's monitor offers. */
const STANDARD_BAUD_RATES = [300, 1200, 2400, 4800, 9600, 14_400, 19_200, 28_800, 38_400, 57_600, 74_880, 115_200];

/**
 * The rate a sketch asked for, from the rate the chip runs at: the UART divides its clock, so
 * `Serial.begin(9600)` runs at 9,615 baud on a 16 MHz board. Null before the sketch set one.
 */
export function nominalBaudRate(actual: number): number | null {
  if (!(actual > 0)) return null;
  const nearest = STANDARD_BAUD_RATES.reduce((best, rate) =>
    Math.abs(rate - actual) < Math.abs(best - actual) ? rate : best,
  );
  return Math.abs(nearest - actual) / nearest <= 0.035 ? nearest : Math.round(actual);
}
