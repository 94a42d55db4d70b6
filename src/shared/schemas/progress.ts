import { findProject } from '../content/projects.ts';
import { projectIdParamSchema, projectIdSchema } from './bookmark.ts';
import { z } from './z.ts';

/** What a learner can tick on a tutorial page: its steps (done) and its materials (I have this). */
export const PROGRESS_KINDS = ['steps', 'materials'] as const;
export type ProgressKind = (typeof PROGRESS_KINDS)[number];

/** One tick: the 0-based index of a step or a material of a project, and when it was ticked. */
export const progressTickSchema = z.object({
  project_id: projectIdSchema,
  index: z.number().int().min(0),
  done_at: z.iso.datetime(),
});
export type ProgressTick = z.infer<typeof progressTickSchema>;

/** `GET /api/progress`: the caller's own ticks in every project, oldest first. */
export const progressSchema = z.object({
  steps: z.array(progressTickSchema),
  materials: z.array(progressTickSchema),
});
export type Progress = z.infer<typeof progressSchema>;

const indexMessage = 'index must be a whole number from 0';

/** How many items of a kind a project has, so an index can be checked against its project. */
export function progressItemCount(projectId: number, kind: ProgressKind): number {
  return findProject(projectId)?.[kind].length ?? 0;
}

/**
 * `PUT|DELETE /api/progress/:project_id/{steps|materials}/:index`: the ids as they appear in a path,
 * with the index checked against that project's own steps or materials.
 */
export function progressParamsSchema(kind: ProgressKind) {
  return z
    .strictObject({
      project_id: projectIdParamSchema,
      index: z
        .string()
        .regex(/^(0|[1-9][0-9]{0,3})$/, { error: indexMessage })
        .transform(Number),
    })
    .superRefine(({ project_id, index }, ctx) => {
      const count = progressItemCount(project_id, kind);
      if (index >= count) {
        ctx.addIssue({
          code: 'custom',
          path: ['index'],
          message: `project ${project_id} has ${count} ${kind}: index must be from 0 to ${count - 1}`,
        });
      }
    });
}
