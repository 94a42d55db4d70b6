import { config, z } from 'zod';

// zod probes `new Function` when an object schema is created, to compile faster parsers. In the
// browser (a page, or its Web Worker) our CSP forbids eval and reports the probe as a violation, so
// there it stays off. (Called as `config`, not `z.config`: the web build treats calls on `z` as pure, vite.config.ts.)
if (typeof document !== 'undefined' || 'WorkerGlobalScope' in globalThis) config({ jitless: true });

/** zod, configured for where it runs: every schema file takes `z` from here. */
export { z };
