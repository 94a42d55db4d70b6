import { z } from 'zod';

// zod probes `new Function` when an object schema is created, to compile faster parsers. In the
// browser our CSP forbids eval and reports the probe as a violation, so there it stays off.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** zod, configured for where it runs: every schema file takes `z` from here. */
export { z };
