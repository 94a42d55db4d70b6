import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of the calling (encapsulated) plugin take an empty JSON body as no body, where
 * Fastify answers 400: standard clients send `Content-Type: application/json` with nothing after it
 * to calls that take no body (Supabase's auth client on logout). Anything else is parsed as before,
 * with the same refusal of `__proto__` and `constructor` keys.
 */
export function allowEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString(); // a string already (parseAs), as the type cannot tell
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
