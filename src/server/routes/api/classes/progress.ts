import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROJECTS } from '#shared/content/projects.ts';
import { numberedSteps } from '#shared/content/steps.ts';
import { csvLine, fileNamePart } from '#shared/roster.ts';
import {
  type ClassProgress,
  classParamsSchema,
  classProgressSchema,
  learnerParamsSchema,
  learnerProgressSchema,
} from '#shared/schemas/classes.ts';
import { errorResponses } from '../error-responses.ts';
import { classReads } from './class-reads.ts';
import { today } from './file-date.ts';
import { taughtClass } from './taught-class.ts';

/** `/api/classes/:id/progress…`: the grid of learners × tutorials, its CSV, and one learner's ticks. */
export const classProgressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const { summaryOf, learnerOf } = classReads(app);

  /**
   * The steps to do of each tutorial, counted as its page counts them ("Step 1 of 10"): safety
   * warnings are not steps.
   */
  const stepsToDo = new Map(
    PROJECTS.map((project) => [project.id, new Set(numberedSteps(project).map((step) => step.index))]),
  );

  /** The grid: every learner × every tutorial, steps done of steps there are. */
  async function progressOf(classId: string): Promise<ClassProgress> {
    const learners = await repos.classes.learners(classId);
    const { steps, materials } = await repos.classes.progressCounts(
      classId,
      (projectId, index) => stepsToDo.get(projectId)?.has(index) ?? false,
    );
    const key = (learnerId: string, projectId: number) => `${learnerId}:${projectId}`;
    const stepCounts = new Map(steps.map((row) => [key(row.learnerId, row.projectId), row]));
    const materialCounts = new Map(materials.map((row) => [key(row.learnerId, row.projectId), row]));
    const changedCode = await repos.sketches.tutorialVersionsOf(learners.map((learner) => learner.id));
    return {
      projects: PROJECTS.map((project) => ({
        id: project.id,
        title: project.title,
        slug: project.slug,
        steps_total: stepsToDo.get(project.id)?.size ?? 0,
        materials_total: project.materials.length,
      })),
      learners: learners.map((learner) => ({
        id: learner.id,
        display_name: learner.display_name,
        username: learner.username,
        cells: PROJECTS.map((project) => {
          const step = stepCounts.get(key(learner.id, project.id));
          const material = materialCounts.get(key(learner.id, project.id));
          const times = [step?.last, material?.last].filter((time): time is string => typeof time === 'string');
          return {
            project_id: project.id,
            // Only ticks of the tutorial's steps to do are counted.
            steps_done: step?.count ?? 0,
            materials_checked: Math.min(material?.count ?? 0, project.materials.length),
            last_activity: times.sort().at(-1) ?? null,
            code_changed: changedCode.get(learner.id)?.includes(project.slug) ?? false,
          };
        }),
      })),
    };
  }

  app.get(
    '/progress',
    { schema: { params: classParamsSchema, response: { 200: classProgressSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => progressOf(taughtClass(request).id),
  );

  app.get(
    '/progress.csv',
    { schema: { params: classParamsSchema, response: { 200: z.string(), ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      const summary = await summaryOf(taughtClass(request).id);
      const progress = await progressOf(summary.id);
      const titles = new Map(progress.projects.map((project) => [project.id, project]));
      let csv = csvLine([
        'name',
        'username',
        'tutorial',
        'steps_done',
        'steps_total',
        'materials_checked',
        'last_activity',
      ]);
      for (const learner of progress.learners) {
        for (const cell of learner.cells) {
          const project = titles.get(cell.project_id);
          csv += csvLine([
            learner.display_name,
            learner.username,
            project?.title ?? String(cell.project_id),
            cell.steps_done,
            project?.steps_total ?? 0,
            cell.materials_checked,
            cell.last_activity,
          ]);
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileNamePart(summary.name)}-progress-${today()}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/learners/:learnerId/progress',
    {
      schema: {
        params: learnerParamsSchema,
        response: { 200: learnerProgressSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const learner = await learnerOf(taughtClass(request).id, request.params.learnerId);
      return {
        learner: { id: learner.id, display_name: learner.display_name, username: learner.username ?? '' },
        ...(await repos.classes.learnerTicks(learner.id)),
      };
    },
  );
};
