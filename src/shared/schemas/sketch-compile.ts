import { BOARDS } from '../content/projects.ts';
import { z } from './z.ts';

/*
 * `POST /api/sketches/compile` (issue 32, docs/compile-service.md): a learner's `.ino` in, the
 * program a board runs out. One module for the server, which parses requests with it, and the page,
 * which parses the answers.
 */

/** The most a sketch may be, in UTF-8 bytes: a longer one is answered 413. */
export const SKETCH_SOURCE_MAX_BYTES = 64 * 1024;

/** A tab's name, as the Arduino IDE's tabs are files beside the `.ino`: `pitches.h`, `motors.cpp`, `more.ino`. */
export const SKETCH_TAB_NAME = /^[A-Za-z0-9_]+\.(?:h|hpp|cpp|ino)$/;
export const SKETCH_TABS_MAX = 8;

export const sketchTabSchema = z.strictObject({
  name: z
    .string({ error: 'a tab’s name must be text' })
    .regex(SKETCH_TAB_NAME, 'a tab is named with letters, digits and _, then .h, .hpp, .cpp or .ino (pitches.h)'),
  source: z
    .string({ error: 'a tab’s source must be text' })
    .refine((source) => !source.includes('\0'), 'a tab cannot hold a NUL character'),
});
export type SketchTab = z.infer<typeof sketchTabSchema>;

export const compileRequestSchema = z.strictObject({
  board: z.enum(BOARDS, { error: 'board must be uno, nano or mega' }),
  source: z.string({ error: 'source must be the sketch as text' }),
  /** The sketch's other files (the IDE's tabs); the sizes of all of them and `source` count together. */
  files: z
    .array(sketchTabSchema)
    .max(SKETCH_TABS_MAX, `a sketch may have at most ${SKETCH_TABS_MAX} tabs besides its .ino`)
    .refine(
      (files) => new Set(files.map((file) => file.name.toLowerCase())).size === files.length,
      'each tab needs a name of its own',
    )
    .refine(
      (files) => files.every((file) => !file.name.toLowerCase().startsWith('sketch.')),
      'a tab cannot be called sketch: that is the sketch itself',
    )
    .optional(),
});
export type CompileRequest = z.infer<typeof compileRequestSchema>;

/** One thing the compiler said about the learner's own source: lines and columns count from 1 in their `.ino`. */
export const diagnosticSchema = z.object({
  /** The tab it is in (`pitches.h`); absent for the sketch's own `.ino`. */
  file: z.string().optional(),
  line: z.number().int().min(1),
  column: z.number().int().min(0),
  severity: z.enum(['error', 'warning']),
  /** The compiler's own words, with no server path in them. */
  message: z.string(),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;

const ramAddressSchema = z.number().int().min(0x100);

export const compiledSketchSchema = z.object({
  /** The Intel HEX text a board's bootloader (or the simulator) takes. */
  hex: z.string(),
  size: z.object({
    /** Flash taken: `.text` plus `.data` (the IDE's "Sketch uses … bytes"). */
    flash: z.number().int().nonnegative(),
    /** RAM taken before the program runs: `.data`, `.bss` and `.noinit`. */
    ram: z.number().int().nonnegative(),
  }),
  warnings: z.array(diagnosticSchema),
  /** Answered from the cache: the same board, source and toolchain were compiled before. */
  cached: z.boolean(),
  /**
   * Where the program keeps the core's clock (`timer0_millis`, `timer0_overflow_count`), as avr8js's
   * data space indexes it: the simulator's Skip moves them on (src/device/simulator/clock.ts).
   */
  clock: z.object({ millis: ramAddressSchema, overflowCount: ramAddressSchema }),
});
export type CompiledSketch = z.infer<typeof compiledSketchSchema>;

/** 422's body: the one API error shape, with the diagnostics beside the message. */
export const compileFailedSchema = z.object({
  error: z.object({
    code: z.literal('compile_failed'),
    message: z.string(),
    diagnostics: z.array(diagnosticSchema),
  }),
});
export type CompileFailed = z.infer<typeof compileFailedSchema>;
