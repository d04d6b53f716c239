/**
 * The console's articles and events laid over the files (content/live/state.ts): the lists, pages, sitemap
 * paths and lead forms show them while the state holds them, and the files' content exactly without.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clearLiveContent, setLiveContent, type LiveArticle, type LiveEvent } from './live/state';
import { typography } from '@/lib/typography';
import { datedCollectionPaths, findItem, getMedia, itemsIn } from './collections';
import { currentEvents, events, getEvent, publishedEvents } from './events';
import { indexablePagePaths } from './site-paths';
import { findLeadForm } from './lead-forms';

const article = (id: string, frontMatter: Record<string, unknown> = {}, body = 'Первый абзац.\n\n## Раздел\n\nТекст раздела.'): LiveArticle => ({
  id,
  frontMatter: {
    title: 'Статья из консоли',
    description: 'Лид статьи из консоли.',
    category: 'career',
    author: 'anna-kovaleva',
    publishedAt: '2026-12-07',
    ...frontMatter,
  },
  body,
});

const event = (slug: string, entry: Record<string, unknown> = {}): LiveEvent => ({
  slug,
  entry: {
    title: 'Встреча выпускников',
    startsAt: Date.parse('2026-12-20T19:00:00+03:00'),
    place: 'Москва, Тверская, 1',
    description: 'Выпускники рассказывают, как нашли первую работу.',
    formHeading: 'Запишитесь на встречу',
    formText: 'Пришлём напоминание за день.',
    buttonLabel: 'Записаться',
    cover: { src: '/api/content-images/7', width: 1200, height: 675 },
    ...entry,
  },
});

function live(articles: LiveArticle[], liveEvents: LiveEvent[], generation = 'g1') {
  setLiveContent({ generation, prices: {}, articles, events: liveEvents });
}

afterEach(() => clearLiveContent());

describe('console articles over the files of content/media', () => {
  const files = getMedia();

  it('adds a new one to the list, its category and the sitemap, and replaces a file of the same id keeping its first day', () => {
    const replaced = files.items[0]!;
    live(
      [
        article('first-console-article', { cover: { src: '/api/content-images/3', width: 1600, height: 900 } }),
        article(replaced.id, { title: 'Новая редакция' }),
      ],
      [],
    );
    const media = getMedia();
    const added = findItem(media, 'first-console-article')!;
    expect(added).toMatchObject({
      title: typography('Статья из консоли'),
      path: '/media/first-console-article',
      publishedAt: '2026-12-07',
      cover: { src: '/api/content-images/3' },
    });
    expect(added.html).toContain('<h2>Раздел</h2>');
    expect(itemsIn(media, 'career').map((item) => item.id)).toContain('first-console-article');
    expect(media.items).toHaveLength(files.items.length + 1);
    expect(findItem(media, replaced.id)).toMatchObject({ title: typography('Новая редакция'), publishedAt: replaced.publishedAt, updatedAt: '2026-12-07' });
    // The form has no tags, related articles or (until one is uploaded) cover: the file's stay.
    expect(replaced.tags.length).toBeGreaterThan(0);
    expect(findItem(media, replaced.id)).toMatchObject({ tags: replaced.tags, relatedIds: replaced.relatedIds });
    expect(findItem(media, replaced.id)!.cover).toEqual(replaced.cover);
    expect(datedCollectionPaths().map((page) => page.path)).toContain('/media/first-console-article');
  });

  it('leaves out one that breaks a file rule, and is the files exactly once the state is empty', () => {
    live([article('bad', { category: 'nonexistent' }), article('priced', {}, 'Курс стоит 13 790 ₽.')], [], 'g2');
    expect(findItem(getMedia(), 'bad')).toBeUndefined();
    expect(findItem(getMedia(), 'priced')).toBeUndefined();
    clearLiveContent();
    expect(getMedia()).toBe(files);
  });
});

describe('console events over content/events.ts', () => {
  it('adds a new event with its page, sitemap path and lead form; replaces a file event keeping what the console does not edit', () => {
    const file = events.find((candidate) => candidate.program)!;
    live([], [event('alumni-meetup'), event(file.slug, { title: 'Квест, новая редакция', cover: undefined })]);
    const added = getEvent('alumni-meetup')!;
    expect(added).toMatchObject({
      title: 'Встреча выпускников',
      kind: 'Событие',
      dates: { start: '2026-12-20', end: '2026-12-20' },
      hero: { cta: 'Записаться' },
      leadForm: { heading: 'Запишитесь на встречу' },
      image: { src: '/api/content-images/7' },
      form: { formId: 'event-alumni-meetup' },
    });
    expect(added.facts.slice(0, 2)).toEqual([
      { label: 'Когда', value: '20 декабря 2026 г., 19:00 по Москве' },
      { label: 'Где', value: 'Москва, Тверская, 1' },
    ]);
    expect(publishedEvents().map((candidate) => candidate.slug)).toContain('alumni-meetup');
    expect(indexablePagePaths()).toContain('/events/alumni-meetup');
    expect(findLeadForm('event-alumni-meetup')).toMatchObject({ delivery: { kind: 'deal', productTitle: 'Встреча выпускников' } });

    const edited = getEvent(file.slug)!;
    expect(edited).toMatchObject({ title: 'Квест, новая редакция', program: file.program, image: file.image, form: file.form });
  });

  it('is the file exactly without the console', () => {
    live([], [event('no-cover', { cover: undefined })], 'g3');
    expect(getEvent('no-cover')).toBeUndefined();
    clearLiveContent();
    expect(currentEvents()).toBe(events);
    expect(findLeadForm('event-alumni-meetup')).toBeUndefined();
  });
});
