import { config } from 'zod/v4/core';

// Imported first by core-forms.ts, the pages' one door to core's schemas, before any schema is
// built: zod probes `new Function` once to decide whether to compile fast parsers, and under the
// portal's Content-Security-Policy (script-src 'self', no 'unsafe-eval') that probe is refused
// and reported as a violation even though zod catches it. Without the probe zod parses the same, without compiled parsers.
config({ jitless: true });
