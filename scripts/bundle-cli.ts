/**
 * The second half of `npm run build`: the server's command-line tools (the worker, the gift schedule,
 * privacy, backup, restore, operators) bundled into the standalone output as `cli/<name>.mjs`, so the
 * deployed artefact runs them with `node` alone: no tsx, no `scripts/`, no dev dependency. The native
 * drivers stay outside the bundle and load from the standalone `node_modules`, where Next's file
 * tracing puts them (next.config.ts). A build without `NEXT_OUTPUT=standalone` has nothing to add to:
 * a checkout runs the same tools with `npm run <name>`. It also drops the checkout's ./data that file
 * tracing copies in (below).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const CLI_TOOLS = ['worker', 'schedule', 'privacy', 'backup', 'restore', 'operator', 'reconcile'] as const;
/** The request stamp the web instance loads before its server opens the port (server/http/stamp-before-listen.ts). */
const REQUEST_STAMP = 'request-stamp';
/** Loaded from the standalone node_modules: a native addon (better-sqlite3) and the driver with an optional native part (pg). */
const EXTERNAL = ['better-sqlite3', 'pg'];

async function main() {
  const standalone = path.join(process.env.NEXT_DIST_DIR || '.next', 'standalone');
  if (!fs.existsSync(path.join(standalone, 'server.js'))) {
    console.log(`No standalone output in ${standalone} (NEXT_OUTPUT is not "standalone"): no CLI bundle to make.`);
    return;
  }
  for (const external of EXTERNAL) {
    if (!fs.existsSync(path.join(standalone, 'node_modules', external, 'package.json'))) {
      throw new Error(`${standalone}/node_modules/${external} is missing: the CLI tools could not load it (check outputFileTracingIncludes in next.config.ts)`);
    }
  }
  // A checkout's own data (./data: a database's marker, the address hash key) is never part of a release.
  // Next's file tracing follows the database module's paths from instrumentation.ts into ./data, which
  // outputFileTracingExcludes does not reach, and a deployed site handed a marker without its database
  // refuses to start (server/db/database-file.ts).
  fs.rmSync(path.join(standalone, 'data'), { recursive: true, force: true });
  const outdir = path.join(standalone, 'cli');
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      ...Object.fromEntries(CLI_TOOLS.map((name) => [name, `scripts/${name}.ts`])),
      // Not a tool: loaded before server.js by the unit (`node --import ./cli/request-stamp.mjs server.js`).
      [REQUEST_STAMP]: 'server/http/stamp-before-listen.ts',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: EXTERNAL,
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: { js: "import { createRequire as __cliCreateRequire } from 'node:module'; const require = __cliCreateRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning',
  });
  console.log(`CLI tools bundled into ${outdir}: ${[...CLI_TOOLS, REQUEST_STAMP].map((name) => `${name}.mjs`).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
