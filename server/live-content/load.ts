/**
 * Everything the console saved that is in effect at a time, from the database: each kind of content has a
 * loader of its own (prices, articles, events), put together here for server/live-content/live.ts.
 */
import type { Repositories } from '../repositories';
import type { ContentInEffect } from './live';

/** One kind of console content: its part of the state and its next scheduled change. */
export type ContentLoader = (repos: Repositories, now: Date) => Promise<{ part: Partial<ContentInEffect['content']>; nextChangeAt: Date | null }>;

const loaders: ContentLoader[] = [];

export async function contentInEffect(repos: Repositories, now: Date): Promise<ContentInEffect> {
  const loaded = await Promise.all(loaders.map((loader) => loader(repos, now)));
  const content: ContentInEffect['content'] = { prices: {}, articles: [], events: [] };
  for (const { part } of loaded) Object.assign(content, part);
  const changes = loaded.flatMap(({ nextChangeAt }) => (nextChangeAt ? [nextChangeAt.getTime()] : []));
  return { content, nextChangeAt: changes.length > 0 ? new Date(Math.min(...changes)) : null };
}
