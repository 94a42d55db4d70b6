import { z } from 'zod';
import { BOARDS } from './projects.ts';
import recordJson from './sketches/hex-record.json' with { type: 'json' };

/*
 * What `npm run sketches` (scripts/sketches/build-hex.ts) made of each tutorial's sketch: the
 * Intel HEX file beside it (`sketches/<slug>.hex`) and this record of where it came from and what
 * is in it. `sketches.system.test.ts` rebuilds every file and fails when one no longer matches.
 */

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const byteCountSchema = z.number().int().nonnegative();

/** A variable in the chip's RAM. */
const ramVariableSchema = z.object({
  /** Its first byte in the data space as avr8js's `cpu.data` indexes it: the ELF address minus 0x800000. */
  address: z.number().int().min(0x100),
  size: z.number().int().positive(),
});

export const sketchBuildSchema = z.object({
  board: z.enum(BOARDS),
  mcu: z.string(),
  /** Of the `.ino` the file was built from. */
  inoSha256: sha256Schema,
  /** Of the `.hex` file as committed. */
  hexSha256: sha256Schema,
  /** Flash the program takes: `.text` plus `.data` (the IDE's "Sketch uses … bytes"). */
  flashBytes: byteCountSchema,
  /** RAM taken before the program runs: `.data`, `.bss` and `.noinit` (the IDE's "Global variables use …"). */
  ramBytes: byteCountSchema,
  /**
   * The core's clock, local statics of wiring.c: `millis()` returns `timer0_millis`, `micros()` counts from
   * `timer0_overflow_count`. The simulator's fast-forward moves them on.
   */
  clock: z.object({ timer0_millis: ramVariableSchema, timer0_overflow_count: ramVariableSchema }),
});
export type SketchBuild = z.infer<typeof sketchBuildSchema>;

export const hexRecordSchema = z.object({
  /** The one toolchain every file was built with. */
  toolchain: z.object({
    /** The first line of `avr-gcc --version`. */
    compiler: z.string(),
    avrLibc: z.string(),
    /** The Arduino AVR core's name and version, from its platform.txt. */
    core: z.string(),
  }),
  /** What `__DATE__` and `__TIME__` say in every build, so two builds give the same bytes. */
  compiledAt: z.object({ date: z.string().length(11), time: z.string().length(8) }),
  /** By tutorial slug. */
  sketches: z.record(z.string(), sketchBuildSchema),
});
export type HexRecord = z.infer<typeof hexRecordSchema>;

/** The committed record, checked once. */
export const HEX_RECORD: HexRecord = hexRecordSchema.parse(recordJson);

/** The build of one tutorial's sketch. */
export function sketchBuildOf(slug: string): SketchBuild {
  const build = HEX_RECORD.sketches[slug];
  if (!build) throw new Error(`sketches/hex-record.json has no build of ${slug}: run npm run sketches`);
  return build;
}
