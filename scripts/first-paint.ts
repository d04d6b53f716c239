/**
 * Part of `npm run build`, right after `next build`: every pre-rendered page paints from the rules it
 * carries inline and loads the whole stylesheet last (server/build/first-paint.ts says why). Rewrites
 * the pages of the build folder and, when there is one, of its standalone copy (what a deploy runs).
 * Stops the build when no page could be rewritten: Next.js has then changed the shape of its output,
 * and the pages would silently be slow again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { criticalCssReader, firstPaint } from '../server/build/first-paint';

function pagesIn(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => path.join(folder, name));
}

/** A page's rewrite and the size of its inline rules, by the page as Next.js wrote it. */
type Rewrites = Map<string, { result: ReturnType<typeof firstPaint>; inlineBytes: number }>;

async function rewrite(folder: string, criticalCssOf: (html: string) => Promise<string>, done: Rewrites) {
  const pages = pagesIn(folder);
  let rewritten = 0;
  const inlineBytes: number[] = [];
  for (const page of pages) {
    const html = fs.readFileSync(page, 'utf8');
    // The standalone copy holds the same pages: each is worked out once.
    if (!done.has(html)) {
      const criticalCss = await criticalCssOf(html);
      done.set(html, { result: firstPaint(html, criticalCss), inlineBytes: Buffer.byteLength(criticalCss) });
    }
    const { result, inlineBytes: bytes } = done.get(html)!;
    if (!result.skipped) {
      fs.writeFileSync(page, result.html);
      inlineBytes.push(bytes);
    }
    // A second run over the same build finds its pages done, not broken.
    if (!result.skipped || result.skipped === 'already rewritten') rewritten++;
  }
  return { rewritten, pages: pages.length, inlineBytes };
}

async function main() {
  const dist = process.env.NEXT_DIST_DIR || '.next';
  const criticalCssOf = criticalCssReader(path.join(dist, 'static'));
  const done: Rewrites = new Map();
  for (const folder of [path.join(dist, 'server', 'app'), path.join(dist, 'standalone', dist, 'server', 'app')]) {
    if (!fs.existsSync(folder)) continue;
    const { rewritten, pages, inlineBytes } = await rewrite(folder, criticalCssOf, done);
    if (pages > 0 && rewritten === 0) {
      console.error(
        `first-paint: none of the ${pages} pre-rendered pages in ${folder} links its stylesheet where Next.js used to; see server/build/first-paint.ts`,
      );
      process.exit(1);
    }
    const largest = inlineBytes.length ? ` (inline rules up to ${(Math.max(...inlineBytes) / 1024).toFixed(1)} kB)` : '';
    console.log(`first-paint: ${rewritten} of ${pages} pre-rendered pages in ${folder} paint from their own rules${largest}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
