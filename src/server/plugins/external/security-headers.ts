import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The privacy-enhanced YouTube domain: the only frame a page may embed, after a click (D6). */
const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';

/** Content-Security-Policy of an HTML page whose inline scripts have the given hashes. */
export function pageCsp(scriptHashes: readonly string[]): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // sonner injects its stylesheet at run time and React sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    // Fonts, fetches, the offline app's service worker and manifest (product D15) fall back to
    // `default-src 'self'`: same origin only. Not spelled out: the header travels with every page,
    // inside the first round trip (bench/RESULTS.md).
    `frame-src ${VIDEO_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Everything that is not an HTML page (API answers, assets, errors) may run and embed nothing. */
export const RESOURCE_CSP = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The service worker's own policy (a worker obeys the CSP of its script): it fetches from this
 * site only, to precache the app and answer the member's reads, and loads no other script.
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; script-src 'self'; base-uri 'none'";

/**
 * A page's own Web Worker (the tutorial simulator's): a worker obeys the CSP sent with its script,
 * not its page's, so its script gets a policy that lets it load its modules and fetch the tutorial's
 * program from this site, and nothing else.
 */
export const DEDICATED_WORKER_CSP = "default-src 'none'; connect-src 'self'; script-src 'self'; base-uri 'none'";

/** Sent with every response, including streams that bypass Fastify's reply pipeline. */
export const COMMON_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
} as const;

/**
 * HSTS for a request that came over HTTPS (directly, or through a trusted proxy): the header for
 * answers written outside Fastify's reply pipeline (the live stream) as well as inside it.
 */
export function transportSecurityHeaders(request: FastifyRequest): Record<string, string> {
  return request.protocol === 'https' ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
}

export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', RESOURCE_CSP);
      }
      reply.headers({ ...COMMON_SECURITY_HEADERS, ...transportSecurityHeaders(request) });
      return payload;
    });
  },
  { name: 'security-headers' },
);
