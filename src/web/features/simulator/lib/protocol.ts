import type { Control, PartView } from '#device/simulator/parts/part.ts';
import { z } from '#shared/schemas/z.ts';

/*
 * What the tutorial page and the simulator's Web Worker (simulator.worker.ts) say to each other:
 * one module for both sides, each parsing what it receives. The page sends commands; the worker
 * answers with `ready` once the program runs, about 30 `frame`s a second while it does, `restarted`
 * after a reset and `error` when the program could not be loaded or stopped.
 */

const partIdSchema = z.string().min(1).max(64);
const keySchema = z.string().min(1).max(64);

export const commandSchema = z.discriminatedUnion('type', [
  /** Load a program and run it on the tutorial's circuit, from power-on. */
  z.object({
    type: z.literal('start'),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    program: z.union([
      /** The tutorial's own: this site's copy of it, nothing else (the worker's policy would refuse another site anyway). */
      z.object({ hexUrl: z.string().regex(/^\/sketches\/[a-z0-9-]+\.hex$/) }),
      /** The learner's, as the compile service answered it: the Intel HEX text and where its clock lives. */
      z.object({
        /** Intel HEX records and nothing else; the worker then parses each one, checksum included, before it runs. */
        hex: z
          .string()
          .max(2 * 1024 * 1024)
          .regex(/^(?::[0-9A-Fa-f]+\r?\n?)+$/),
        clock: z.object({ millis: z.number().int().min(0x100), overflowCount: z.number().int().min(0x100) }),
      }),
    ]),
    /** The wall-clock time the simulated parts start at (the DS3231's clock), ms since the epoch. */
    startTime: z.number(),
  }),
  z.object({ type: z.literal('pause') }),
  z.object({ type: z.literal('resume') }),
  /** A fresh board with the same program and the learner's inputs as they are now. */
  z.object({ type: z.literal('reset') }),
  z.object({ type: z.literal('set'), partId: partIdSchema, key: keySchema, value: z.number() }),
  /** A line typed into the serial monitor. */
  z.object({ type: z.literal('send'), line: z.string().max(256) }),
  /** Skip the sketch's waiting: its clock moves on by `ms`. */
  z.object({ type: z.literal('skip'), ms: z.number().positive().max(3_600_000) }),
]);
export type SimulatorCommand = z.infer<typeof commandSchema>;
/** What a `start` runs: the tutorial's program by its address, or the learner's compiled one. */
export type SimulatorProgram = Extract<SimulatorCommand, { type: 'start' }>['program'];

const partViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('led'), brightness: z.number() }),
  z.object({ kind: z.literal('buzzer'), sounding: z.boolean() }),
  z.object({ kind: z.literal('relay'), closed: z.boolean() }),
  z.object({ kind: z.literal('pump'), running: z.boolean() }),
  z.object({ kind: z.literal('motor'), speed: z.number() }),
  z.object({ kind: z.literal('servo'), angle: z.number() }),
  z.object({ kind: z.literal('stepper'), angle: z.number(), steps: z.number() }),
  z.object({ kind: z.literal('lcd'), lines: z.array(z.string()).readonly(), backlight: z.boolean() }),
  z.object({ kind: z.literal('clock'), time: z.string() }),
  z.object({ kind: z.literal('input') }),
  z.object({ kind: z.literal('passive') }),
]);

const controlSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('slider'),
    key: keySchema,
    label: z.string(),
    min: z.number(),
    max: z.number(),
    step: z.number().positive(),
    unit: z.string().optional(),
    ends: z.array(z.string()).length(2).readonly().optional(),
    value: z.number(),
  }),
  z.object({
    type: z.literal('switch'),
    key: keySchema,
    label: z.string(),
    onText: z.string(),
    offText: z.string(),
    momentary: z.boolean().optional(),
    value: z.number(),
  }),
]);

/** Both directions: a part view or control the simulation makes must be one the page can parse, and no more. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const viewsMatch: Same<z.infer<typeof partViewSchema>, PartView> = true;
const controlsMatch: Same<z.infer<typeof controlSchema>, Control> = true;
void [viewsMatch, controlsMatch];

export const controlEntrySchema = z.object({ partId: partIdSchema, control: controlSchema });
export type ControlEntry = z.infer<typeof controlEntrySchema>;

export const frameSchema = z.object({
  type: z.literal('frame'),
  running: z.boolean(),
  /** Simulated milliseconds since power-on, skips included. */
  millis: z.number(),
  /** Simulated seconds per wall second over the last second; null until measured. */
  speed: z.number().nullable(),
  /** How fast the simulation could run on this device: simulated time per unit of time spent running it. */
  capacity: z.number().nullable(),
  views: z.record(partIdSchema, partViewSchema),
  /** What the sketch printed since the last frame. */
  serial: z.string(),
  /** The baud rate the sketch set with Serial.begin, 0 before it. */
  baudRate: z.number(),
});
export type SimulatorFrame = z.infer<typeof frameSchema>;

export const workerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), controls: z.array(controlEntrySchema) }),
  frameSchema,
  z.object({ type: z.literal('restarted') }),
  z.object({
    type: z.literal('error'),
    /** `load`: the program did not arrive (offline, a failed request), worth a retry; `run`: the simulation stopped. */
    reason: z.enum(['load', 'run']),
    message: z.string(),
  }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

/** Where the built site serves a tutorial's compiled program (beside its `.ino`). */
export function hexUrlOf(slug: string): string {
  return `/sketches/${slug}.hex`;
}
