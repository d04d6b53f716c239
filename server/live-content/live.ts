/**
 * Keeps `content/live/state.ts` (what the console saved and is in effect now) fresh in one instance. The
 * runtime registers where the content comes from once the database is open (server/runtime.ts); a page
 * request (the proxy step), the sitemap and the gift modal's figures ask for it fresh. It is read from the
 * shared database again when the last read is older than `refreshMs` (CONTENT_REFRESH_MS, 15 s: a console
 * change is on every instance within it) or when a scheduled change's minute has come, so a price or an
 * article set for 12:00 is there at 12:00 on every instance, whichever of them the console ran on.
 *
 * Like server/page-tests/live.ts, this module imports nothing of the database: the proxy imports it.
 */
import { createHash } from 'node:crypto';
import { type LiveContent, liveContent, setLiveContent } from '@/content/live/state';

/** What is in effect at a time, and when that next changes (null: nothing scheduled). */
export interface ContentInEffect {
  content: Omit<LiveContent, 'generation'>;
  nextChangeAt: Date | null;
}

interface LoaderState {
  source?: { load: (now: Date) => Promise<ContentInEffect>; refreshMs: number };
  loadedAt: number;
  nextChangeAt: number | null;
  loading?: Promise<void>;
}

const stateKey = Symbol.for('school-site.live-content-loader');
const state: LoaderState = ((globalThis as Record<symbol, LoaderState | undefined>)[stateKey] ??= { loadedAt: 0, nextChangeAt: null });

/** Called once the database is open (server/runtime.ts). */
export function registerContentSource(load: (now: Date) => Promise<ContentInEffect>, refreshMs: number): void {
  state.source = { load, refreshMs };
  state.loadedAt = 0;
}

/** A fingerprint of the content: the same content is the same generation on every instance, nothing from the console is ''. */
export function generationOf(content: ContentInEffect['content']): string {
  const empty = Object.keys(content.prices).length === 0 && content.articles.length === 0 && content.events.length === 0;
  if (empty) return '';
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);
}

function load(now: number): Promise<void> {
  const source = state.source;
  if (!source) return Promise.resolve();
  state.loading ??= source
    .load(new Date(now))
    .then(({ content, nextChangeAt }) => {
      const generation = generationOf(content);
      if (generation !== liveContent().generation) setLiveContent({ generation, ...content });
      state.loadedAt = now;
      state.nextChangeAt = nextChangeAt?.getTime() ?? null;
    })
    .catch(() => {
      // The database did not answer: the content as last read stands, asked again on the next request.
    })
    .finally(() => {
      state.loading = undefined;
    });
  return state.loading;
}

/** The content in effect, read again first when it may have changed since. */
export async function freshLiveContent(now = Date.now()): Promise<LiveContent> {
  const source = state.source;
  const due = source && (now - state.loadedAt >= source.refreshMs || (state.nextChangeAt !== null && now >= state.nextChangeAt));
  if (due) await load(now);
  return liveContent();
}

/** After a console change: read it now on this instance (the others follow within `refreshMs`). */
export async function refreshLiveContent(now = Date.now()): Promise<void> {
  await state.loading;
  await load(now);
}
