import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SKETCH_SOURCE_MAX_BYTES } from '#shared/schemas/sketch-compile.ts';
import {
  MAX_OWN_SKETCHES,
  ownSketchParamsSchema,
  SKETCH_BLOCKS_MAX_BYTES,
  saveOwnSketchSchema,
  saveTutorialSketchSchema,
  sketchChangedSchema,
  sketchListSchema,
  sketchSchema,
  tutorialSketchParamsSchema,
} from '#shared/schemas/sketches.ts';
import type { SaveResult } from '../../../db/repositories/sketches.ts';
import { HttpError } from '../../../http-error.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';

/** Room for a 64 KB sketch as JSON, where every newline and quote is escaped, and a blocks sketch's workspace. */
const BODY_LIMIT_BYTES = 4 * SKETCH_SOURCE_MAX_BYTES + SKETCH_BLOCKS_MAX_BYTES;

function checkSize(source: string, blocks: object | null = null) {
  if (Buffer.byteLength(source, 'utf8') > SKETCH_SOURCE_MAX_BYTES) {
    throw new HttpError(413, 'sketch_too_large', `A sketch may be at most ${SKETCH_SOURCE_MAX_BYTES / 1024} KB.`);
  }
  if (blocks !== null && Buffer.byteLength(JSON.stringify(blocks), 'utf8') > SKETCH_BLOCKS_MAX_BYTES) {
    throw new HttpError(
      413,
      'blocks_too_large',
      `A blocks program may be at most ${SKETCH_BLOCKS_MAX_BYTES / 1024} KB. Turn part of it into code, or split it.`,
    );
  }
}

const notFound = () => new HttpError(404, 'sketch_not_found', 'No such sketch.');

const saveResponses = {
  200: sketchSchema,
  201: sketchSchema,
  409: z.union([sketchChangedSchema, errorResponses(409)[409]]),
  ...errorResponses(401, 404, ...BODY_ERRORS),
};

/**
 * A learner's saved code (issue 32): their version of each tutorial's sketch, and their own named
 * sketches. The owner comes from the token only, so nobody reads or writes another's; a save names
 * the revision it was based on, and a newer one stored (another device's) is answered 409 with it.
 */
export const sketchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sketches } = app.repos;

  /** A save's answer: the sketch (201 new, 200 changed), or 409 with the newer revision stored. */
  function answerOf(result: SaveResult) {
    switch (result.outcome) {
      case 'created':
        return { status: 201 as const, body: result.sketch };
      case 'updated':
        return { status: 200 as const, body: result.sketch };
      case 'changed':
        return {
          status: 409 as const,
          body: {
            error: {
              code: 'sketch_changed' as const,
              message: 'This sketch was changed on another device since you opened it.',
              current: result.current,
            },
          },
        };
      case 'limit':
        throw new HttpError(
          409,
          'sketch_limit',
          `You can keep ${MAX_OWN_SKETCHES} sketches of your own. Delete one to make room.`,
        );
      case 'not_found':
        throw notFound();
    }
  }

  app.get(
    '/sketches',
    { schema: { querystring: z.strictObject({}), response: { 200: sketchListSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      reply.header('cache-control', 'no-store');
      return { sketches: await sketches.list(caller.userId) };
    },
  );

  app.get(
    '/sketches/tutorials/:slug',
    { schema: { params: tutorialSketchParamsSchema, response: { 200: sketchSchema, ...errorResponses(401, 404) } } },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      reply.header('cache-control', 'no-store');
      const sketch = await sketches.tutorialVersion(caller.userId, request.params.slug);
      if (!sketch) throw new HttpError(404, 'sketch_not_found', 'You have not changed this tutorial’s code.');
      return sketch;
    },
  );

  app.put(
    '/sketches/tutorials/:slug',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: { params: tutorialSketchParamsSchema, body: saveTutorialSketchSchema, response: saveResponses },
    },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      checkSize(request.body.source);
      const { source, base_revision } = request.body;
      const result = await sketches.saveTutorialVersion(caller.userId, request.params.slug, source, base_revision);
      // A learner who now keeps their own version: their teachers' grids mark it.
      if (result.outcome === 'created' && caller.role === 'learner')
        await app.repos.classes.learnerProgressed(caller.userId);
      const { status, body } = answerOf(result);
      return reply.code(status).send(body);
    },
  );

  app.delete(
    '/sketches/tutorials/:slug',
    { schema: { params: tutorialSketchParamsSchema, response: { 204: z.undefined(), ...errorResponses(401) } } },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      await sketches.removeTutorialVersion(caller.userId, request.params.slug);
      if (caller.role === 'learner') await app.repos.classes.learnerProgressed(caller.userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/sketches/:id',
    { schema: { params: ownSketchParamsSchema, response: { 200: sketchSchema, ...errorResponses(401, 404) } } },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      reply.header('cache-control', 'no-store');
      const sketch = await sketches.ownSketch(caller.userId, request.params.id);
      if (!sketch) throw notFound();
      return sketch;
    },
  );

  app.put(
    '/sketches/:id',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: { params: ownSketchParamsSchema, body: saveOwnSketchSchema, response: saveResponses },
    },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      const { name, circuit, source, blocks = null, base_revision } = request.body;
      checkSize(source, blocks);
      const { status, body } = answerOf(
        await sketches.saveOwnSketch(
          caller.userId,
          request.params.id,
          { name, circuit, source, blocks },
          base_revision,
          MAX_OWN_SKETCHES,
        ),
      );
      return reply.code(status).send(body);
    },
  );

  app.delete(
    '/sketches/:id',
    { schema: { params: ownSketchParamsSchema, response: { 204: z.undefined(), ...errorResponses(401) } } },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      await sketches.removeOwnSketch(caller.userId, request.params.id);
      return reply.code(204).send();
    },
  );
};
