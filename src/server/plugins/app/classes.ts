import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { type ClassConfig, DEFAULT_CLASS_CONFIG } from '../../env.ts';
import { ClassFeed } from '../../realtime/class-feed.ts';
import { windowCounter } from '../../window-counter.ts';

const RETENTION_CHECK_MS = 3600_000;
const DAY_MS = 86_400_000;

/**
 * Wrong secrets at class sign-in (product D16): counted per learner (any address), and per class
 * from one address. A learner past their count is locked until the window ends or a teacher
 * unlocks them; an address past the class's count is paused for that class only, so one class's
 * guesser from outside never stops the pupils in the classroom (a different address), and the
 * pupils' own typos stay far below it.
 *
 * An attempt is counted as wrong before its secret is checked, and given back when it was right:
 * attempts sent at once (to one instance or several) each take their own place in the count, so no
 * more than the count ever reach the check, however many race each other.
 */
export interface ClassSignIns {
  /** Counts one attempt, or answers why it is refused (then it counts for nothing). */
  attempt(learnerId: string, classId: string, address: string): Promise<'learner_locked' | 'class_paused' | null>;
  /** The secret was right: the attempt is given back, and the learner's count starts again. */
  rightSecret(learnerId: string, classId: string, address: string): Promise<void>;
  isLocked(learnerId: string): Promise<boolean>;
  /** A teacher's unlock, or a reset secret: the learner's count starts again. */
  unlock(learnerId: string): Promise<void>;
}

interface ClassRetention {
  /** Deletes the archived classes whose retention ended before `now`; answers how many. */
  run(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    classConfig: ClassConfig;
    classFeed: ClassFeed;
    classSignIns: ClassSignIns;
    classRetention: ClassRetention;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');
const failuresIn = async (counter: RateLimiterAbstract, key: string) => (await counter.get(key))?.consumedPoints ?? 0;

export const classesPlugin = fp(
  async (app) => {
    const { config, database, redis, repos } = app;
    const classConfig = config.classes ?? DEFAULT_CLASS_CONFIG;
    app.decorate('classConfig', classConfig);

    const perLearner = windowCounter(
      redis,
      `${config.redisKeyPrefix}class-sign-in:learner`,
      classConfig.failuresPerLearner,
    );
    const perClassAddress = windowCounter(
      redis,
      `${config.redisKeyPrefix}class-sign-in:class-address`,
      classConfig.failuresPerClassAndAddress,
    );
    const pairKey = (classId: string, address: string) => digest(`${classId}\n${address}`);
    app.decorate('classSignIns', {
      async attempt(learnerId, classId, address) {
        const pair = pairKey(classId, address);
        const learner = await perLearner.penalty(learnerId);
        if (learner.consumedPoints > classConfig.failuresPerLearner.max) {
          await perLearner.reward(learnerId);
          return 'learner_locked';
        }
        const fromAddress = await perClassAddress.penalty(pair);
        if (fromAddress.consumedPoints > classConfig.failuresPerClassAndAddress.max) {
          await Promise.all([perLearner.reward(learnerId), perClassAddress.reward(pair)]);
          return 'class_paused';
        }
        return null;
      },
      async rightSecret(learnerId, classId, address) {
        await Promise.all([perLearner.delete(learnerId), perClassAddress.reward(pairKey(classId, address))]);
      },
      async isLocked(learnerId) {
        return (await failuresIn(perLearner, learnerId)) >= classConfig.failuresPerLearner.max;
      },
      async unlock(learnerId) {
        await perLearner.delete(learnerId);
      },
    } satisfies ClassSignIns);

    const classFeed = new ClassFeed(repos.classes, database.classCommits, app.log);
    await classFeed.start(config.database.kind === 'postgres' ? config.database.url : null);
    app.decorate('classFeed', classFeed);
    app.addHook('preClose', async () => classFeed.close());

    const classRetention: ClassRetention = {
      async run(now = new Date()) {
        const cutoff = new Date(now.getTime() - classConfig.retentionDays * DAY_MS);
        const expired = await repos.classes.expired(cutoff);
        for (const classId of expired) await repos.classes.delete(null, classId, now);
        if (expired.length > 0) app.log.info({ classes: expired.length }, 'archived classes deleted after retention');
        return expired.length;
      },
    };
    app.decorate('classRetention', classRetention);
    let checking: Promise<unknown> = Promise.resolve();
    const check = () => {
      checking = classRetention
        .run()
        .catch((error: unknown) => app.log.warn({ err: error }, 'class retention check failed'));
    };
    check();
    const timer = setInterval(check, RETENTION_CHECK_MS);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await checking;
    });
  },
  { name: 'classes', dependencies: ['config', 'database', 'redis'] },
);
