import { renderToReadableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

/*
 * Renders each page at build time (`prerender` in react-router.config.ts). Unlike React Router's
 * default entry, it waits for everything, lazy components included, before the first byte: the
 * first page prerendered (`/`) would otherwise carry React's streaming runtime and three inline
 * scripts to fill in the header's lazy parts, ~600 bytes more than the others, and every page must
 * fit TCP's first window.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  let failed = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    onError(error: unknown) {
      failed = true;
      console.error(error);
    },
  });
  await body.allReady;
  headers.set('Content-Type', 'text/html');
  return new Response(body, { headers, status: failed ? 500 : status });
}
