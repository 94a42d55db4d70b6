import type { FastifyInstance } from 'fastify';
import { classNotFound, learnerNotFound } from './class-errors.ts';

/** What several class routes answer with: the class's summary, its learners (with their locks), one learner. */
export function classReads(app: FastifyInstance) {
  const { repos } = app;
  return {
    async summaryOf(classId: string) {
      const summary = await repos.classes.summary(classId, app.classConfig.retentionDays);
      if (!summary) throw classNotFound();
      return summary;
    },

    async learnersOf(classId: string) {
      const learners = await repos.classes.learners(classId);
      return Promise.all(
        learners.map(async (learner) => ({ ...learner, locked: await app.classSignIns.isLocked(learner.id) })),
      );
    },

    async learnerOf(classId: string, learnerId: string) {
      const learner = await repos.classes.findLearner(classId, learnerId);
      if (!learner) throw learnerNotFound();
      return learner;
    },
  };
}
