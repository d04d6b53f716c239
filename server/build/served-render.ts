/**
 * A page the instance renders while it runs (a page test's variant, a page with the console's content)
 * gets the same first-paint treatment `npm run build` gives every pre-rendered page (first-paint.ts: the
 * rules its elements use inline, the stylesheet last), so it paints as early as the page from the build.
 * The instance renders it by asking itself over HTTP, at its own address (own-origin.ts).
 */
import path from 'node:path';
import { consoleLogger, errorKind } from '../log';
import { criticalCssReader, firstPaint } from './first-paint';

const stateKey = Symbol.for('school-site.served-render');
const state: { criticalCssOf?: (html: string) => Promise<string> } = ((
  globalThis as Record<symbol, { criticalCssOf?: (html: string) => Promise<string> } | undefined>
)[stateKey] ??= {});

/**
 * The build's folder: where `next start` and the standalone server read it from. Read at run time only:
 * the build's file tracing would otherwise take `<cwd>/<anything>` for the whole checkout and copy it
 * (scripts, tests, sources) into the standalone output.
 */
export function distDir(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), process.env.NEXT_DIST_DIR || '.next');
}

/** The rendered HTML with the build's first-paint rules; as rendered when they cannot be worked out (styled late is worse than linked). */
export async function withBuildFirstPaint(html: string, event: string): Promise<string> {
  try {
    state.criticalCssOf ??= criticalCssReader(path.join(distDir(), 'static'));
    const rules = await state.criticalCssOf(html);
    if (rules === '') return html;
    return firstPaint(html, rules).html;
  } catch (error) {
    consoleLogger.warn(event, { error: errorKind(error) });
    return html;
  }
}
