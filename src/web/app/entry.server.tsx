import { prerender } from 'react-dom/static';
import { type EntryContext, ServerRouter } from 'react-router';

/*
 * Renders each page at build time (`prerender` in react-router.config.ts). Unlike React Router's
 * default entry, it waits for everything, lazy components and suspended data included, before the
 * first byte (React's static `prerender`): every Suspense boundary is written in place, finished.
 * Otherwise a boundary (a tutorial's steps wait for their chunk, decision 023) could come as a
 * hidden copy at the end of the page with React's streaming runtime and an inline script to move it,
 * as the header's lazy parts on the first page prerendered (`/`) did, ~600 bytes more.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  let failed = false;
  const { prelude } = await prerender(<ServerRouter context={routerContext} url={request.url} />, {
    // A boundary larger than this (12,800 bytes by default; the steps are ~30 KB) is written as its
    // fallback, its content at the end of the page: each is in place, whatever its size.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error: unknown) {
      failed = true;
      console.error(error);
    },
  });
  headers.set('Content-Type', 'text/html');
  return new Response(prelude, { headers, status: failed ? 500 : status });
}
