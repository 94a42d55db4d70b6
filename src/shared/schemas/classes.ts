import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  CLASS_NAME_MAX_LENGTH,
  LEARNER_NAME_MAX_LENGTH,
  LEARNERS_PER_REQUEST,
  PASSWORD_MAX_LENGTH,
} from '../constants.ts';
import { PROJECT_IDS } from '../content/project-ids.ts';
import { sketchIdSchema, sketchSchema } from './sketches.ts';
import { z } from './z.ts';

/**
 * A project id as JSON carries it (the same rule as `bookmark.ts`'s, kept here so the class pages'
 * code does not share that module with the projects pages and split it into a chunk of its own).
 */
const projectIdMessage = `project_id must be a whole number from ${Math.min(...PROJECT_IDS)} to ${Math.max(...PROJECT_IDS)}`;
const projectIdSchema = z
  .number({ error: projectIdMessage })
  .int({ error: projectIdMessage })
  .min(Math.min(...PROJECT_IDS), { error: projectIdMessage })
  .max(Math.max(...PROJECT_IDS), { error: projectIdMessage });

/**
 * Class mode (product §2 Classes, §7, D16): a teacher's classes, their learners (accounts without
 * e-mail), the class's sign-in page `/c/<code>`, live progress and the help queue.
 */

/** Below U+0020 or DEL: never in a name. */
const hasControlCharacter = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char === '\x7f');

/** Bidi controls, zero-width characters and other invisible ones: a name must show what it is. */
const INVISIBLE = /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]/u;

const nameSchema = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .transform((text) => text.normalize('NFC').replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, `Give the ${what.toLowerCase()}`)
        .max(max, `${what} must be at most ${max} characters`)
        .refine((text) => !hasControlCharacter(text), `${what} cannot contain control characters`)
        .refine((text) => !INVISIBLE.test(text), `${what} cannot contain invisible characters`),
    );

export const classNameSchema = nameSchema('Class name', CLASS_NAME_MAX_LENGTH);
export const learnerNameSchema = nameSchema('Name', LEARNER_NAME_MAX_LENGTH);

/** A join code as people type it: spaces, dashes and case do not matter. */
export const joinCodeSchema = z
  .string({ error: 'code must be text' })
  .max(32, 'That is not a class code')
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .length(CLASS_CODE_LENGTH, 'That is not a class code')
      .refine((code) => [...code].every((char) => CLASS_CODE_ALPHABET.includes(char)), 'That is not a class code'),
  );

export const classParamsSchema = z.strictObject({ id: z.uuid({ error: 'id must be a class id (a UUID)' }) });
export const learnerParamsSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a class id (a UUID)' }),
  learnerId: z.uuid({ error: 'learnerId must be a learner id (a UUID)' }),
});
export const teacherParamsSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a class id (a UUID)' }),
  teacherId: z.uuid({ error: 'teacherId must be a teacher id (a UUID)' }),
});
export const helpParamsSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a class id (a UUID)' }),
  requestId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'requestId must be a whole number from 1')
    .transform(Number),
});
export const joinCodeParamsSchema = z.strictObject({ code: joinCodeSchema });

export const classTeacherSchema = z.object({
  id: z.uuid(),
  /** The teacher's username, or the part of their e-mail before the @ (teachers see each other's e-mails). */
  name: z.string(),
  email: z.string(),
});

/** A class as its teachers see it on `/classes`. */
export const classSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  join_code: z.string(),
  /** `/c/<code>`: the class's sign-in page. */
  sign_in_path: z.string(),
  created_at: z.iso.datetime(),
  /** Set while the class is archived: its learners cannot sign in. */
  archived_at: z.iso.datetime().nullable(),
  /** When an archived class and its learners' data are deleted (the operator's retention). */
  delete_after: z.iso.datetime().nullable(),
  learner_count: z.number().int().nonnegative(),
  teachers: z.array(classTeacherSchema),
  /** The class's own community page is open to its learners (product D18): off until a teacher switches it on. */
  community: z.boolean(),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

export const classListSchema = z.object({ classes: z.array(classSummarySchema) });

/** A learner as their teachers see them. */
export const learnerSchema = z.object({
  id: z.uuid(),
  display_name: z.string(),
  username: z.string(),
  created_at: z.iso.datetime(),
  /** Too many wrong secrets: sign-in refused until the window passes or a teacher unlocks. */
  locked: z.boolean(),
  last_activity: z.iso.datetime().nullable(),
});
export type Learner = z.infer<typeof learnerSchema>;

export const classDetailSchema = classSummarySchema.extend({ learners: z.array(learnerSchema) });
export type ClassDetail = z.infer<typeof classDetailSchema>;

/** `POST /api/classes`. */
export const createClassRequestSchema = z.strictObject({ name: classNameSchema });

/** The forms that name one learner (add one, rename one): the same rule as the API's. */
export const learnerNameFormSchema = z.object({ name: learnerNameSchema });

/**
 * `PATCH /api/classes/:id`: rename, archive (true) or bring back (false), open (true) or close (false)
 * the class's community page.
 */
export const updateClassRequestSchema = z
  .strictObject({
    name: classNameSchema.optional(),
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
    community: z.boolean({ error: 'community must be true or false' }).optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.archived !== undefined || body.community !== undefined,
    'Send name, archived or community',
  );

/** `DELETE /api/classes/:id`: the class's name, typed again, confirms that its learners' data go too. */
export const deleteClassRequestSchema = z.strictObject({
  confirm_name: z.string({ error: 'Type the class name to confirm' }).max(200),
});

/** `POST /api/classes/:id/teachers`: another teacher of the site, by e-mail. */
export const addTeacherRequestSchema = z.strictObject({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email({ error: 'Please enter a valid email address' }))
    .transform((email) => email.toLowerCase()),
});

/** `POST /api/classes/:id/learners`: names, one learner each (the page reads a pasted list or CSV). */
export const addLearnersRequestSchema = z.strictObject({
  names: z
    .array(learnerNameSchema, { error: 'names must be a list of names' })
    .min(1, 'Give at least one name')
    .max(LEARNERS_PER_REQUEST, `At most ${LEARNERS_PER_REQUEST} learners at once`),
});

/** A learner with their secret words: only in the answer that made or reset them, never stored in clear. */
export const learnerWithSecretSchema = z.object({
  id: z.uuid(),
  display_name: z.string(),
  username: z.string(),
  secret: z.string(),
});
export type LearnerWithSecret = z.infer<typeof learnerWithSecretSchema>;

export const addedLearnersSchema = z.object({ learners: z.array(learnerWithSecretSchema) });
export type AddedLearners = z.infer<typeof addedLearnersSchema>;

/** `PATCH /api/classes/:id/learners/:learnerId`. */
export const updateLearnerRequestSchema = z.strictObject({ display_name: learnerNameSchema });

/** What the class's sign-in page shows: its name and its learners' names, nothing else. */
export const classSignInPageSchema = z.object({
  name: z.string(),
  learners: z.array(z.object({ id: z.uuid(), display_name: z.string() })),
});
export type ClassSignInPage = z.infer<typeof classSignInPageSchema>;

/** `POST /api/class-sign-in/:code`: the learner's name (tapped) and their secret words (typed). */
export const classSignInRequestSchema = z.strictObject({
  learner_id: z.uuid({ error: 'Tap your name' }),
  secret: z.string({ error: 'Type your secret words' }).min(1, 'Type your secret words').max(PASSWORD_MAX_LENGTH),
});

/** The secret words as the sign-in form checks them before sending (spaces alone are no words). */
export const classSignInFormSchema = z.object({
  secret: z.string().trim().min(1, 'Type your secret words').max(PASSWORD_MAX_LENGTH),
});

/** One learner's row of the class grid: per tutorial, steps done and materials at hand. */
export const progressCellSchema = z.object({
  project_id: projectIdSchema,
  steps_done: z.number().int().nonnegative(),
  materials_checked: z.number().int().nonnegative(),
  last_activity: z.iso.datetime().nullable(),
  /** The learner keeps a version of this tutorial's code of their own (issue 32). */
  code_changed: z.boolean(),
});
export type ProgressCell = z.infer<typeof progressCellSchema>;

export const classProgressSchema = z.object({
  projects: z.array(
    z.object({
      id: projectIdSchema,
      title: z.string(),
      /** Names the tutorial's picture (/art/<slug>.svg) in the grid's header. */
      slug: z.string(),
      steps_total: z.number().int().positive(),
      materials_total: z.number().int().positive(),
    }),
  ),
  learners: z.array(
    z.object({ id: z.uuid(), display_name: z.string(), username: z.string(), cells: z.array(progressCellSchema) }),
  ),
});
export type ClassProgress = z.infer<typeof classProgressSchema>;

/** A cell opened: which steps and materials, and when. */
export const learnerProgressSchema = z.object({
  learner: z.object({ id: z.uuid(), display_name: z.string(), username: z.string() }),
  steps: z.array(z.object({ project_id: projectIdSchema, index: z.number().int(), done_at: z.iso.datetime() })),
  materials: z.array(z.object({ project_id: projectIdSchema, index: z.number().int(), done_at: z.iso.datetime() })),
});
export type LearnerProgress = z.infer<typeof learnerProgressSchema>;

/** A learner waiting for help, as the teacher sees the queue (oldest first). */
export const helpRequestSchema = z.object({
  id: z.number().int().positive(),
  learner_id: z.uuid(),
  display_name: z.string(),
  /** The tutorial they are stuck in; null when they asked about a sketch of their own (`sketch`). */
  project_id: projectIdSchema.nullable(),
  /** 0-based: "step 4" is index 3. Null with `project_id`. */
  step: z.number().int().nonnegative().nullable(),
  created_at: z.iso.datetime(),
  /** Set when the teacher said they are coming. */
  coming_at: z.iso.datetime().nullable(),
  /** The learner changed this tutorial's code: the teacher can read their version. */
  code_changed: z.boolean(),
  /** The sketch of their own they asked about; null when it is a tutorial's step, or the sketch was deleted since. */
  sketch: z.object({ id: z.uuid(), name: z.string(), made_with: z.enum(['code', 'blocks']) }).nullable(),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;

export const helpQueueSchema = z.object({ requests: z.array(helpRequestSchema) });

/**
 * `GET /api/classes/:id/help/:requestId/sketch`: the sketch a waiting learner asked about, read-only.
 * A blocks program comes as the C++ its blocks make (`source`, saved with them), not as its blocks.
 */
export const helpSketchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** 'trainer' or a tutorial's slug. */
  circuit: z.string(),
  made_with: z.enum(['code', 'blocks']),
  source: z.string(),
  updated_at: z.iso.datetime(),
});
export type HelpSketch = z.infer<typeof helpSketchSchema>;

/** `POST /api/classes/:id/help/:requestId`: on my way, or done (leaves the queue). */
export const helpAnswerRequestSchema = z.strictObject({
  state: z.enum(['coming', 'handled'], { error: 'state must be coming or handled' }),
});

/**
 * `POST /api/learner/help`: "I'm stuck on step 4" (index 3) of a tutorial, or "with this sketch of
 * mine" (a blocks program, say): a tutorial's step or a sketch, never both.
 */
export const askHelpRequestSchema = z
  .strictObject({
    project_id: projectIdSchema.optional(),
    step: z.number({ error: 'step must be a whole number from 0' }).int().min(0).max(99).optional(),
    sketch_id: sketchIdSchema.optional(),
  })
  .superRefine((body, context) => {
    const tutorial = body.project_id !== undefined || body.step !== undefined;
    if (body.sketch_id !== undefined && tutorial) {
      context.addIssue({
        code: 'custom',
        path: ['sketch_id'],
        message: 'ask about a tutorial’s step or a sketch, not both',
      });
    } else if (body.sketch_id === undefined && body.project_id === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['project_id'],
        message: 'project_id (with step) or sketch_id is required',
      });
    } else if (body.sketch_id === undefined && body.step === undefined) {
      context.addIssue({ code: 'custom', path: ['step'], message: 'step is required with project_id' });
    }
  });
export type AskHelpRequest = z.infer<typeof askHelpRequestSchema>;

/** The learner's own view: their class, and their help request if one is open. */
export const learnerClassSchema = z.object({
  class_id: z.uuid(),
  class_name: z.string(),
  /** Whether the class's community page is open to them now (product D18). */
  community: z.boolean(),
  help: z
    .object({
      project_id: projectIdSchema.nullable(),
      step: z.number().int().nonnegative().nullable(),
      /** The sketch of their own they asked about, or null (a tutorial's step). */
      sketch_id: z.uuid().nullable(),
      created_at: z.iso.datetime(),
      coming_at: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type LearnerClass = z.infer<typeof learnerClassSchema>;

/**
 * `GET /api/classes/:id/community` (product D18): who is in the class, as its members may see it.
 * Names and when each joined, nothing else: no username of a learner, no e-mail, no progress, no
 * last activity. The class's teachers and administrators read it always (a preview while it is
 * off); its learners only while it is open.
 */
export const classCommunitySchema = z.object({
  name: z.string(),
  /** Open to the class's learners now. False: only its teachers see it, as a preview. */
  community: z.boolean(),
  /** Archived: closed to the learners whatever the switch says (they cannot sign in either). */
  archived: z.boolean(),
  /** Teachers first (as they were added), then learners by name. */
  members: z.array(
    z.object({
      /** A teacher's username ("Teacher" when they have none), or a learner's shown name. */
      name: z.string(),
      role: z.enum(['teacher', 'learner']),
      /** A learner's account made, or a teacher added to the class. */
      joined_at: z.iso.datetime(),
      /** The caller's own tile. */
      you: z.boolean(),
    }),
  ),
});
export type ClassCommunity = z.infer<typeof classCommunitySchema>;
export type ClassCommunityMember = ClassCommunity['members'][number];

/** A learner's data, exported by their teacher or an administrator (`GET …/learners/:learnerId/export`). */
export const learnerExportSchema = z.object({
  exported_at: z.iso.datetime(),
  learner: z.object({
    id: z.uuid(),
    display_name: z.string(),
    username: z.string(),
    class_name: z.string(),
    created_at: z.iso.datetime(),
  }),
  bookmarks: z.array(z.object({ project_id: z.number().int(), created_at: z.iso.datetime() })),
  progress: z.object({
    steps: z.array(z.object({ project_id: z.number().int(), index: z.number().int(), done_at: z.iso.datetime() })),
    materials: z.array(z.object({ project_id: z.number().int(), index: z.number().int(), done_at: z.iso.datetime() })),
  }),
  /** The learner's versions of tutorials' code. */
  sketches: z.array(sketchSchema),
  help_requests: z.array(
    z.object({
      project_id: z.number().int().nullable(),
      step: z.number().int().nullable(),
      sketch_id: z.string().nullable(),
      created_at: z.iso.datetime(),
      handled_at: z.iso.datetime().nullable(),
    }),
  ),
  sessions: z.array(z.object({ started_at: z.iso.datetime(), ends_at: z.iso.datetime() })),
});
export type LearnerExport = z.infer<typeof learnerExportSchema>;

/** `DELETE /api/classes/:id/learners/:learnerId`: why (kept in the audit log). */
export const deleteLearnerRequestSchema = z.strictObject({}).nullish();
