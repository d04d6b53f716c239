/**
 * Zod as every schema of the site uses it. Left to itself, zod's first parse of an object probes
 * whether it may compile code (`new Function`); the site's Content Security Policy has no
 * 'unsafe-eval', so each visitor's browser refused the probe and sent a CSP report about it. `jitless`
 * parses without compiling and without the probe.
 *
 * Code that reaches a visitor's browser (the lead schemas, lib/validation/lead.ts) imports the named
 * builders, never `z`: the `z` namespace holds all of zod, its error texts in 40-odd languages and its
 * JSON Schema tools included, and a bundle that touches it carries them. The lead form's zod chunk came
 * to 90 kB gzipped through `z` and comes to 40 kB through the names (2026-12-07); `npm run bench:js`
 * measures the whole form.
 * The console keeps `z`: operators load it, visitors never do.
 */
import { config } from 'zod';

config({ jitless: true });

export { boolean, object, string, z } from 'zod';
export type { infer, ZodError, ZodString } from 'zod';
