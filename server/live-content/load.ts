/**
 * Everything the console saved that is in effect at a time, from the database: each kind of content has a
 * loader of its own (prices, articles, events), put together here for server/live-content/live.ts.
 */
import type { Repositories } from '../repositories';
import type { ContentInEffect } from './live';
import { pricesInEffect } from './prices';
import { articlesInEffect, eventsInEffect } from './publications';

/** Each kind's loader answers its part of the state at `now` and its next scheduled change after it. */
export async function contentInEffect(repos: Repositories, now: Date): Promise<ContentInEffect> {
  const [prices, articles, events] = await Promise.all([pricesInEffect(repos, now), articlesInEffect(repos, now), eventsInEffect(repos, now)]);
  const changes = [prices, articles, events].flatMap((loaded) => (loaded.nextChangeAt ? [loaded.nextChangeAt.getTime()] : []));
  return {
    content: { prices: prices.value, articles: articles.value, events: events.value },
    nextChangeAt: changes.length > 0 ? new Date(Math.min(...changes)) : null,
  };
}
