/**
 * Everything the console saved that is in effect at a time, from the database: each kind of content has a
 * loader of its own (prices, articles, events), put together here for server/live-content/live.ts.
 */
import type { Repositories } from '../repositories';
import type { ContentInEffect } from './live';
import { pricesInEffect } from './prices';
import { articlesInEffect, eventsInEffect } from './publications';

type Content = ContentInEffect['content'];

/** One kind of console content at a time: its part of the state and its next scheduled change after that time. */
type KindLoader<Kind extends keyof Content> = (repos: Repositories, now: Date) => Promise<{ value: Content[Kind]; nextChangeAt: Date | null }>;

const loaders: { [Kind in keyof Content]?: KindLoader<Kind> } = { prices: pricesInEffect, articles: articlesInEffect, events: eventsInEffect };

export async function contentInEffect(repos: Repositories, now: Date): Promise<ContentInEffect> {
  const [prices, articles, events] = await Promise.all([loaders.prices?.(repos, now), loaders.articles?.(repos, now), loaders.events?.(repos, now)]);
  const changes = [prices, articles, events].flatMap((loaded) => (loaded?.nextChangeAt ? [loaded.nextChangeAt.getTime()] : []));
  return {
    content: { prices: prices?.value ?? {}, articles: articles?.value ?? [], events: events?.value ?? [] },
    nextChangeAt: changes.length > 0 ? new Date(Math.min(...changes)) : null,
  };
}
