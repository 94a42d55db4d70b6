import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionSchema } from '#shared/schemas/auth.ts';
import { classSignInPageSchema, classSignInRequestSchema, joinCodeParamsSchema } from '#shared/schemas/classes.ts';
import { verifyPassword } from '../../../auth/passwords.ts';
import { checkSignIn } from '../../../auth/sign-in.ts';
import { normaliseSecret } from '../../../classes/learner-secret.ts';
import { HttpError } from '../../../http-error.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

const FIVE_MINUTES_MS = 5 * 60_000;

const classNotFound = () =>
  new HttpError(404, 'class_not_found', 'There is no class with this code. Check the address with your teacher.');
const classArchived = () =>
  new HttpError(403, 'class_archived', 'This class has ended: its learners can no longer sign in. Ask your teacher.');
const wrongSecret = () =>
  new HttpError(400, 'invalid_credentials', 'Those are not your secret words. Check your card and try again.');
const learnerSuspended = () => new HttpError(403, 'user_suspended', 'This account is suspended. Ask your teacher.');
/** Why a sign-in is refused before its secret is checked (`app.classSignIns`). */
const REFUSALS = {
  learner_locked: () =>
    new HttpError(
      429,
      'learner_locked',
      'Too many wrong secret words for this name. Ask your teacher to unlock you, or wait 15 minutes.',
    ),
  class_paused: () =>
    new HttpError(
      429,
      'over_request_rate_limit',
      'Too many wrong secret words for this class from your network. Ask your teacher, or wait 15 minutes.',
    ),
} as const;

/**
 * The class's sign-in page `/c/<code>` (product §2, D16): anyone with the code sees the class's name
 * and its learners' display names (what a pupil taps), and a learner signs in with their secret words.
 *
 * Limits: per client address, 300 page reads and 300 sign-ins in 5 minutes (`CLASS_SIGNINS_PER_ADDRESS`),
 * raised above the e-mail sign-in's 150 because a whole class signs in together behind one school
 * address; guessing is stopped by the wrong-secret counts, which do not depend on the address: 10 per
 * learner and 60 per class from one address in 15 minutes (`app.classSignIns`).
 */
export const classSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, sessions, classConfig } = app;
  app.addHook('onRequest', noStore);

  app.get(
    '/class-sign-in/:code',
    {
      config: { rateLimit: { max: classConfig.pagesPerAddress, timeWindow: FIVE_MINUTES_MS } },
      schema: {
        params: joinCodeParamsSchema,
        response: { 200: classSignInPageSchema, ...errorResponses(403, 404, 429) },
      },
    },
    async (request) => {
      const page = await repos.classes.signInPage(request.params.code);
      if (!page) throw classNotFound();
      if (page.archived_at !== null) throw classArchived();
      return { name: page.name, learners: page.learners };
    },
  );

  app.post(
    '/class-sign-in/:code',
    {
      config: { rateLimit: { max: classConfig.signInsPerAddress, timeWindow: FIVE_MINUTES_MS } },
      schema: {
        params: joinCodeParamsSchema,
        body: classSignInRequestSchema,
        response: { 200: sessionSchema, ...errorResponses(403, 404, 429, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { learner_id: learnerId, secret } = request.body;
      // Read before the count, which is kept per learner and per class: `checkSignIn` does the rest.
      const learner = await repos.classes.learnerForSignIn(request.params.code, learnerId);
      if (!learner) {
        // Not a learner of this class (or no such class): the same time as a wrong secret.
        await verifyPassword(null, secret);
        throw classNotFound();
      }
      if (learner.archived_at !== null) throw classArchived();
      // Behind TRUST_PROXY, request.ip is the client's forwarded address.
      await checkSignIn({
        attempts: {
          attempt: () => app.classSignIns.attempt(learner.id, learner.class_id, request.ip),
          right: () => app.classSignIns.rightSecret(learner.id, learner.class_id, request.ip),
        },
        account: async () => learner,
        secret: normaliseSecret(secret),
        refused: (refusal) => REFUSALS[refusal](),
        wrong: wrongSecret,
        suspended: learnerSuspended,
      });
      // A learner has no e-mail: the session names none.
      return sessions.answer(await repos.sessions.start(learner.id), { email: '', role: 'learner' });
    },
  );
};
