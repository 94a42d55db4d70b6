import { TRAINER_CIRCUIT } from '../constants.ts';
// The slugs alone: the whole catalog here would load the tutorials' text with every page that checks a sketch.
import { TUTORIAL_SLUGS } from '../content/tutorial-slugs.ts';
import { z } from './z.ts';

/*
 * A learner's saved code (issue 32): their version of a tutorial's sketch (one per tutorial) and
 * their own named sketches on a circuit (the trainer board or a tutorial's). Only the owner reads or
 * writes them; a teacher of their class reads a learner's tutorial versions. docs/compile-service.md.
 */

/** The trainer board's circuit (`/playground`): the same for every learner. */
export { TRAINER_CIRCUIT };

/** The own sketches one account may keep, besides one version of each tutorial. */
export const MAX_OWN_SKETCHES = 100;
export const SKETCH_NAME_MAX_LENGTH = 60;
/** The most a blocks sketch's workspace may be, as JSON in UTF-8 bytes: a larger one is answered 413. */
export const SKETCH_BLOCKS_MAX_BYTES = 256 * 1024;

export const tutorialSlugSchema = z
  .string()
  .refine((slug) => TUTORIAL_SLUGS.includes(slug), { error: 'slug must name one of the tutorials' });

/** Where a sketch runs: the trainer board or a tutorial's circuit. */
export const circuitSchema = z
  .string({ error: 'circuit must be text' })
  .refine((circuit) => circuit === TRAINER_CIRCUIT || TUTORIAL_SLUGS.includes(circuit), {
    error: `circuit must be "${TRAINER_CIRCUIT}" or one of the tutorials`,
  });

/** The sketch's text: its size is checked in bytes by the route (413 past sketch-compile.ts' SKETCH_SOURCE_MAX_BYTES). */
const sourceSchema = z.string({ error: 'source must be the sketch as text' });

/**
 * The revision the client last saw: the server refuses (409) to write over a newer one, so two
 * devices editing offline never silently lose each other's work. `null`: "I know of none yet".
 */
const baseRevisionSchema = z.number().int().min(1).nullable();

/**
 * A sketch made with blocks (issue 33): its Blockly workspace as Blockly saves it (an object), kept
 * beside the C++ it generates (`source`, what compiles and what a teacher reads). Null for a sketch
 * written as text; a blocks sketch turned into code becomes one, and never goes back.
 */
const blocksSchema = z.record(z.string(), z.unknown(), { error: 'blocks must be a Blockly workspace (an object)' });

export const sketchIdSchema = z.uuid({ error: 'id must be a sketch id (a UUID)' });

export const sketchSchema = z.object({
  id: z.string(),
  kind: z.enum(['tutorial', 'own']),
  circuit: z.string(),
  /** Empty for a tutorial version. */
  name: z.string(),
  source: z.string(),
  blocks: blocksSchema.nullable(),
  revision: z.number().int().min(1),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sketch = z.infer<typeof sketchSchema>;

/** A sketch in the account's list: without its text or blocks, but saying which it was made with. */
export const sketchSummarySchema = sketchSchema
  .omit({ source: true, blocks: true })
  .extend({ made_with: z.enum(['code', 'blocks']) });
export type SketchSummary = z.infer<typeof sketchSummarySchema>;
export const sketchListSchema = z.object({ sketches: z.array(sketchSummarySchema) });

export const saveTutorialSketchSchema = z.strictObject({ source: sourceSchema, base_revision: baseRevisionSchema });
export type SaveTutorialSketch = z.infer<typeof saveTutorialSketchSchema>;

export const sketchNameSchema = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'Give the sketch a name')
  .max(SKETCH_NAME_MAX_LENGTH, `A name may be at most ${SKETCH_NAME_MAX_LENGTH} characters`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'A name cannot contain control characters');

export const saveOwnSketchSchema = z.strictObject({
  name: sketchNameSchema,
  circuit: circuitSchema,
  source: sourceSchema,
  /** Left out: a sketch written as text (null). */
  blocks: blocksSchema.nullable().optional(),
  base_revision: baseRevisionSchema,
});
export type SaveOwnSketch = z.infer<typeof saveOwnSketchSchema>;

export const tutorialSketchParamsSchema = z.strictObject({ slug: tutorialSlugSchema });
export const ownSketchParamsSchema = z.strictObject({ id: sketchIdSchema });

/** 409's body when the stored revision is newer than the client's: the current one comes with it. */
export const sketchChangedSchema = z.object({
  error: z.object({ code: z.literal('sketch_changed'), message: z.string(), current: sketchSchema }),
});
