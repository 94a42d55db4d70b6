import { PROJECT_IDS } from '../content/project-ids.ts';
import { z } from './z.ts';

const MIN = Math.min(...PROJECT_IDS);
const MAX = Math.max(...PROJECT_IDS);
const projectIdMessage = `project_id must be a whole number from ${MIN} to ${MAX}`;

/** A project id as JSON carries it: a number, not a string, 1 to 9 (product §3). */
export const projectIdSchema = z
  .number({ error: projectIdMessage })
  .int({ error: projectIdMessage })
  .min(MIN, { error: projectIdMessage })
  .max(MAX, { error: projectIdMessage });

export const bookmarkSchema = z.object({
  id: z.number().int(),
  user_id: z.uuid(),
  project_id: projectIdSchema,
  created_at: z.iso.datetime(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const bookmarkListSchema = z.array(bookmarkSchema);

export const addBookmarkSchema = z.strictObject({ project_id: projectIdSchema });

/** A project id as it appears in a path. */
export const projectIdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]*$/, { error: projectIdMessage })
  .transform(Number)
  .pipe(projectIdSchema);

/** `DELETE /api/bookmarks/:project_id`. */
export const bookmarkParamsSchema = z.strictObject({ project_id: projectIdParamSchema });
