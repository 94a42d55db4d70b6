import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FALLBACK_SHELL_PATH, SERVICE_WORKER_PATH } from '#shared/offline.ts';
import { PAGE_MANIFEST_FILE, type PageEntry, pageManifestSchema } from '#shared/page-manifest.ts';
import { SHELL_ROUTES } from '#shared/routes.ts';
import { apiError } from '../app/error-handler.ts';
import { DEDICATED_WORKER_CSP, pageCsp, SERVICE_WORKER_CSP } from './security-headers.ts';

interface Page {
  readonly identity: Buffer;
  readonly br: Buffer | null;
  readonly gzip: Buffer | null;
  readonly csp: string;
}

function readIfExists(file: string): Buffer | null {
  return existsSync(file) ? readFileSync(file) : null;
}

function loadPage(webRoot: string, entry: PageEntry): Page {
  const file = path.join(webRoot, entry.file);
  return {
    identity: readFileSync(file),
    br: readIfExists(`${file}.br`),
    gzip: readIfExists(`${file}.gz`),
    csp: pageCsp(entry.scriptHashes),
  };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('content-security-policy', page.csp);
  if (page.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (page.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

const SVG_IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Form bodies the pages' own forms could send: drained, counted against the body limit, never parsed. */
const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * A page's form submitted natively, which only a browser without the app does (the boot script
 * holds a form sent before the app starts, and the app handles it once it has): every form that
 * can hold a password posts to its own page (docs/first-touch.md). The answer is 303 back to that
 * page, so the credential goes nowhere: not into a URL, the history or the log (the body is read
 * only to be thrown away). Encapsulated: the API keeps refusing form bodies with 415.
 */
const formsSentWithoutTheApp: FastifyPluginAsync<{
  routes: readonly string[];
  shellRoutes: readonly string[];
}> = async (pages, { routes, shellRoutes }) => {
  pages.addContentTypeParser(FORM_CONTENT_TYPES, { parseAs: 'buffer' }, (_request, _body, done) => done(null));
  for (const route of routes) {
    pages.post(route, (_request, reply) => reply.header('cache-control', 'no-store').redirect(route, 303));
  }
  // The class sign-in page's secret words, the same way: back to the page's own path, without its query.
  for (const route of shellRoutes) {
    pages.post(route, (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(request.url.split('?')[0] ?? '/', 303),
    );
  }
};

/**
 * Serves the built single-page app: prerendered pages from memory with their own CSP, hashed
 * assets cached for a year, and the app's 404 shell for every other path outside `/api`.
 */
export const webPlugin = fp(
  async (app) => {
    const { webRoot } = app.config;
    const manifestFile = webRoot ? path.join(webRoot, '..', PAGE_MANIFEST_FILE) : null;
    const hasBuild = manifestFile !== null && existsSync(manifestFile);

    if (!hasBuild || !webRoot) {
      if (webRoot) app.log.warn('No web build found: serving the API only. Run `npm run build`.');
      app.setNotFoundHandler((request, reply) => {
        reply.code(404).send(apiError('not_found', `Nothing here: ${request.method} ${request.url.split('?')[0]}`));
      });
      return;
    }

    const manifest = pageManifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
    const fallback = loadPage(webRoot, manifest.fallback);

    for (const [route, entry] of Object.entries(manifest.pages)) {
      const page = loadPage(webRoot, entry);
      app.get(route, (request, reply) => sendPage(request, reply, page, 200));
    }
    const shellRoutes = Object.keys(SHELL_ROUTES);
    await app.register(formsSentWithoutTheApp, { routes: Object.keys(manifest.pages), shellRoutes });
    // A class's page and a class's sign-in page carry an id or a code: the page prerendered at its stand-in path.
    for (const [route, standIn] of Object.entries(SHELL_ROUTES)) {
      const entry = manifest.pages[standIn];
      const page = entry ? loadPage(webRoot, entry) : fallback;
      app.get(route, (request, reply) => sendPage(request, reply, page, 200));
    }
    // The 404 shell as a page of its own, for the service worker to precache (product D15).
    app.get(FALLBACK_SHELL_PATH, (request, reply) => sendPage(request, reply, fallback, 200));
    const serviceWorkerFile = path.join(webRoot, SERVICE_WORKER_PATH.slice(1));

    // The static files' catch-all `GET /*` must never see an API path: an over-long one would reach
    // the file system and come back 403. Unknown API paths are the API's 404.
    app.route({ method: ['GET', 'HEAD'], url: '/api/*', handler: (_request, reply) => reply.callNotFound() });

    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      preCompressed: true,
      // Pages are answered above with their own CSP; a direct request for an .html file is not.
      allowedPath: (pathName) => !pathName.endsWith('.html') && !pathName.endsWith('.br') && !pathName.endsWith('.gz'),
      setHeaders: (reply, filePath) => {
        // Hashed file names change with their content, so they may be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The browser checks the service worker on every visit, so a new deployment is found at once.
        // (`filePath` is the brotli or gzip copy when one is sent.)
        if (filePath.replace(/\.(?:br|gz)$/, '') === serviceWorkerFile) {
          reply.header('cache-control', 'no-cache');
          reply.header('content-security-policy', SERVICE_WORKER_CSP);
        }
        // A Web Worker's script (Vite names it `<name>.worker-<hash>.js`) carries the worker's own policy.
        if (/\.worker-[\w-]+\.js(?:\.br|\.gz)?$/.test(filePath)) {
          reply.header('content-security-policy', DEDICATED_WORKER_CSP);
        }
        // An SVG image animates with its own <style>; as an image it can never run scripts.
        if (filePath.endsWith('.svg')) reply.header('content-security-policy', SVG_IMAGE_CSP);
      },
    });

    app.setNotFoundHandler((request, reply) => {
      if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply
          .code(404)
          .send(apiError('not_found', `Nothing here: ${request.method} ${request.url.split('?')[0]}`));
      }
      // The app's router shows its 404 page; the status tells crawlers and scripts the same.
      return sendPage(request, reply, fallback, 404);
    });
  },
  { name: 'web', dependencies: ['config'] },
);
