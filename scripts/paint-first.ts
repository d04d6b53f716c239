/**
 * Part of `npm run build`, right after `next build`: every pre-rendered page asks for the framework's
 * scripts only after its first paint (server/build/paint-first.ts says why). Rewrites the pages of the
 * build folder and, when there is one, of its standalone copy (what a deploy runs). Stops the build
 * when no page could be rewritten: Next.js has then changed the shape of its output, and the pages
 * would silently be slow again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { paintFirst } from '../server/build/paint-first';

function pagesIn(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => path.join(folder, name));
}

function rewrite(folder: string): { rewritten: number; pages: number } {
  const pages = pagesIn(folder);
  let rewritten = 0;
  for (const page of pages) {
    const result = paintFirst(fs.readFileSync(page, 'utf8'));
    if (!('skipped' in result)) fs.writeFileSync(page, result.html);
    // A second run over the same build finds its pages done, not broken.
    if (!('skipped' in result) || result.skipped === 'already rewritten') rewritten++;
  }
  return { rewritten, pages: pages.length };
}

function main() {
  const dist = process.env.NEXT_DIST_DIR || '.next';
  for (const folder of [path.join(dist, 'server', 'app'), path.join(dist, 'standalone', dist, 'server', 'app')]) {
    if (!fs.existsSync(folder)) continue;
    const { rewritten, pages } = rewrite(folder);
    if (pages > 0 && rewritten === 0) {
      console.error(`paint-first: none of the ${pages} pre-rendered pages in ${folder} has the framework scripts where Next.js used to put them; see server/build/paint-first.ts`);
      process.exit(1);
    }
    console.log(`paint-first: ${rewritten} of ${pages} pre-rendered pages in ${folder} load the framework after their first paint`);
  }
}

main();
