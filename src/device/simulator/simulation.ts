import type { Circuit } from '#shared/content/tutorials.ts';
import { type ClockSymbols, SimBoard } from './board.ts';
import { circuitOf } from './circuit.ts';
import { flashFromHex } from './intel-hex.ts';
import { PART_MODELS } from './parts/index.ts';
import type { Control, PartContext, PartModel, PartView } from './parts/part.ts';

/*
 * One circuit (a tutorial's or the trainer board's), alive: its compiled sketch on a simulated board, with a model of each of
 * its parts attached as its wires say. The page runs this in a Web Worker (./worker.ts); the
 * tutorials' scenario tests run it in Node. Both move time the same way: `run` for real time,
 * `fastForward` for the sketches' long waits.
 */

/** How often (in simulated milliseconds) models that sample their pins are updated. */
export const UPDATE_EVERY_MS = 20;

export interface SimulationOptions {
  /** The wall-clock time the simulated parts start at (the DS3231's clock). */
  readonly startTime?: Date;
}

export class Simulation {
  readonly board: SimBoard;
  private readonly models = new Map<string, PartModel>();
  private serialText = '';
  private readonly serialListeners: ((text: string) => void)[] = [];
  private readonly updateListeners: ((ms: number) => void)[] = [];
  private sinceUpdateMs = 0;
  readonly startTime: Date;
  readonly circuit: Circuit;

  constructor(circuit: Circuit, hex: string, clock: ClockSymbols, options: SimulationOptions = {}) {
    this.circuit = circuit;
    this.startTime = options.startTime ?? new Date();
    this.board = new SimBoard(flashFromHex(hex), clock);
    const wiring = circuitOf(circuit);
    for (const part of circuit.parts) {
      const context: PartContext = {
        board: this.board,
        part,
        startTime: this.startTime,
        wiring: (pin, partId = part.id) => wiring(partId, pin),
        model: (id) => this.models.get(id),
      };
      this.models.set(part.id, PART_MODELS[part.kind](context));
    }
    const decoder = new TextDecoder();
    this.board.onSerial((byte) => {
      const text = decoder.decode(Uint8Array.of(byte), { stream: true });
      this.serialText += text;
      for (const listener of this.serialListeners) listener(text);
    });
  }

  /** Simulated milliseconds since power-on, fast-forwards included. */
  get millis(): number {
    return this.board.micros / 1000;
  }

  /** Runs `ms` of simulated time, updating the sampling models as it goes. */
  run(ms: number): void {
    let left = ms;
    while (left > 0) {
      const slice = Math.min(left, UPDATE_EVERY_MS - this.sinceUpdateMs);
      this.board.runMillis(slice);
      left -= slice;
      this.sinceUpdateMs += slice;
      if (this.sinceUpdateMs >= UPDATE_EVERY_MS) {
        this.sinceUpdateMs = 0;
        for (const model of this.models.values()) model.update?.();
        for (const listener of this.updateListeners) listener(UPDATE_EVERY_MS);
      }
    }
  }

  /** Skips `ms` of waiting: see SimBoard.fastForward. */
  fastForward(ms: number): void {
    this.board.fastForward(ms);
  }

  /** Everything the sketch has printed since power-on. */
  get serial(): string {
    return this.serialText;
  }

  /**
   * Called after every model update with the simulated milliseconds since the last one: what a world
   * around the circuit steps on, in lockstep with the board (src/device/world/).
   */
  onUpdate(listener: (ms: number) => void): void {
    this.updateListeners.push(listener);
  }

  onSerial(listener: (text: string) => void): void {
    this.serialListeners.push(listener);
  }

  /** A line typed into the serial monitor, with the newline the Arduino IDE's monitor sends. */
  sendLine(text: string): void {
    this.board.sendSerial(new TextEncoder().encode(`${text}\n`));
  }

  model(partId: string): PartModel {
    const model = this.models.get(partId);
    if (!model) throw new Error(`${this.circuit.slug} has no part ${partId}`);
    return model;
  }

  set(partId: string, key: string, value: number): void {
    const model = this.model(partId);
    if (!model.controls().some((control) => control.key === key)) {
      throw new Error(`${partId} has no control ${key}`);
    }
    model.setControl(key, value);
  }

  view(partId: string): PartView {
    return this.model(partId).view();
  }

  views(): Record<string, PartView> {
    return Object.fromEntries([...this.models].map(([id, model]) => [id, model.view()]));
  }

  controls(): { readonly partId: string; readonly control: Control }[] {
    return [...this.models].flatMap(([partId, model]) => model.controls().map((control) => ({ partId, control })));
  }
}
