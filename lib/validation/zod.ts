/**
 * Zod as every schema of the site uses it. Left to itself, zod's first parse of an object probes
 * whether it may compile code (`new Function`); the site's Content Security Policy has no
 * 'unsafe-eval', so each visitor's browser refused the probe and sent a CSP report about it. `jitless`
 * parses without compiling and without the probe.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
