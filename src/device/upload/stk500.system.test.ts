import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unoWithOptiboot as uno } from '#test/optiboot.ts';
import { ROOT } from '#test/repository-root.ts';
import { imageFromHex } from '../simulator/intel-hex.ts';
import { SimulatedPort } from '../simulator/simulated-port.ts';
import { ATMEGA328P, type UploadError, type UploadProgress, upload } from './stk500.ts';

// The upload against the real bootloader: optiboot for the ATmega328P (the Uno's), built from the
// source Debian's arduino-core-avr ships, runs on the simulated board, flash writes (SPM) and all.

const SKETCHES = path.join(ROOT, 'src/shared/content/sketches');
const program = (slug: string) => imageFromHex(readFileSync(path.join(SKETCHES, `${slug}.hex`), 'utf8'));

async function failure(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason as UploadError,
  );
  if (!error) throw new Error('The upload succeeded');
  return error;
}

describe('uploading to optiboot over STK500v1', { timeout: 60_000 }, () => {
  it('writes a tutorial program, verifies it, and the board then runs it', async () => {
    const board = await uno();
    const port = new SimulatedPort(board, 115_200);
    const image = program('plant-watering-robot');
    const phases: UploadProgress['phase'][] = [];
    await upload(port, image, { onProgress: (p) => phases.push(p.phase) });
    expect(phases.at(-1)).toBe('done');
    expect(phases).toContain('verifying');
    expect([...board.flash.subarray(0, image.length)]).toEqual([...image]);

    // The serial monitor: the same port at the sketch's 9600 baud.
    port.baudRate = 9600;
    const ready = 'Plant Watering Robot ready';
    const line = new TextDecoder().decode(await port.read(ready.length, 2_000));
    expect(line).toBe(ready);
  });

  it('reports no answer when the port runs at another baud rate than the bootloader (an old Nano at 57,600)', async () => {
    const port = new SimulatedPort(await uno(), 57_600);
    const error = await failure(upload(port, program('plant-watering-robot')));
    expect(error.failure).toBe('no-answer');
  });

  it('refuses a chip whose signature is not the one expected', async () => {
    const port = new SimulatedPort(await uno(), 115_200);
    const mega = { ...ATMEGA328P, name: 'ATmega2560', signature: [0x1e, 0x98, 0x01] as const };
    const error = await failure(upload(port, program('plant-watering-robot'), { chip: mega }));
    expect(error.failure).toBe('wrong-chip');
    expect(error.message).toContain('1e 95 0f');
  });

  it('reports a byte that does not read back as written', async () => {
    const board = await uno();
    const port = new SimulatedPort(board, 115_200);
    const image = program('plant-watering-robot');
    const error = await failure(
      upload(port, image, {
        onProgress: ({ phase, done, total }) => {
          // A worn flash cell: one byte changes after the last page is written.
          if (phase === 'writing' && done === total) board.cpu.progBytes[0x0123] = 0x5a;
        },
      }),
    );
    expect(error.failure).toBe('verify-failed');
    expect(error.message).toContain('0x0123');
  });

  it('reports a port that closes halfway, and the board takes the next upload', async () => {
    const board = await uno();
    const broken = new SimulatedPort(board, 115_200);
    broken.closeAfterWriting(1_500);
    const error = await failure(upload(broken, program('plant-watering-robot')));
    expect(error.failure).toBe('port-lost');

    const image = program('line-following-robot');
    await upload(new SimulatedPort(board, 115_200), image);
    expect([...board.flash.subarray(0, image.length)]).toEqual([...image]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const port = new SimulatedPort(await uno(), 115_200);
    const error = await failure(
      upload(port, program('plant-watering-robot'), {
        signal: controller.signal,
        onProgress: ({ phase }) => phase === 'writing' && controller.abort(),
      }),
    );
    expect(error.failure).toBe('cancelled');
  });

  it('refuses a program larger than the chip takes', async () => {
    const port = new SimulatedPort(await uno(), 115_200);
    const error = await failure(upload(port, new Uint8Array(ATMEGA328P.maxBytes + 2)));
    expect(error.failure).toBe('too-big');
  });
});
