/**
 * A page the instance renders while it runs (a page test's variant, a page with the console's content)
 * gets the same first-paint treatment `npm run build` gives every pre-rendered page (first-paint.ts: the
 * rules its elements use inline, the stylesheet last), so it paints as early as the page from the build.
 * The instance renders it by asking itself over HTTP, at the address Next.js's server listens on.
 */
import path from 'node:path';
import { consoleLogger, errorKind } from '../log';
import { criticalCssReader, firstPaint } from './first-paint';

const stateKey = Symbol.for('school-site.served-render');
const state: { criticalCssOf?: (html: string) => Promise<string> } = ((
  globalThis as Record<symbol, { criticalCssOf?: (html: string) => Promise<string> } | undefined>
)[stateKey] ??= {});

/** The build's folder: where `next start` and the standalone server read it from. */
export function distDir(): string {
  return path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next');
}

/** This instance's own address: Next.js's server records it when it starts listening. */
export function ownOrigin(): string {
  const origin = process.env.__NEXT_PRIVATE_ORIGIN;
  if (origin) return origin.replace('://0.0.0.0', '://127.0.0.1').replace('://[::]', '://127.0.0.1');
  return `http://127.0.0.1:${process.env.PORT ?? 3000}`;
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
