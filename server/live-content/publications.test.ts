import { describe, expect, it } from 'vitest';
import type { ContentVersion } from '../repositories/content-versions';
import { articlesInEffect, eventsInEffect } from './publications';

const at = (moscow: string) => Date.parse(`${moscow}+03:00`);
const fields = (title: string) => ({ title, lead: 'Лид', body: 'Текст', category: 'career', author: 'anna-kovaleva', cover: null });
let id = 0;
const version = (slug: string, title: string, publishAt: number | null, more: Partial<ContentVersion> = {}): ContentVersion => ({
  id: ++id,
  kind: 'article',
  slug,
  fields: fields(title),
  status: publishAt === null ? 'draft' : 'published',
  publishAt,
  createdAt: 0,
  operator: 'anna@school.ru',
  cancelledAt: null,
  restoredFrom: null,
  ...more,
});
const repos = (versions: ContentVersion[]) =>
  ({ contentVersions: { published: async () => versions.filter((v) => v.status === 'published' && v.cancelledAt === null) } }) as never;

describe('articlesInEffect', () => {
  const versions = [
    version('first-job', 'Первая', at('2026-12-01T10:00:00')),
    version('first-job', 'Черновик', null),
    version('first-job', 'Вторая', at('2026-12-07T12:00:00')),
    version('first-job', 'Отменённая', at('2026-12-07T11:00:00'), { cancelledAt: at('2026-12-05T00:00:00') }),
    version('later', 'Позже', at('2026-12-08T09:00:00')),
  ];

  it('gives each entry its newest version whose moment has come, dated by its first, and wakes at the next', async () => {
    const before = await articlesInEffect(repos(versions), new Date(at('2026-12-07T11:59:00')));
    expect(before.value).toEqual([{ id: 'first-job', frontMatter: expect.objectContaining({ title: 'Первая', publishedAt: '2026-12-01' }), body: 'Текст' }]);
    expect(before.value[0]!.frontMatter).not.toHaveProperty('updatedAt');
    expect(before.nextChangeAt).toEqual(new Date(at('2026-12-07T12:00:00')));

    const after = await articlesInEffect(repos(versions), new Date(at('2026-12-07T12:00:00')));
    expect(after.value[0]!.frontMatter).toMatchObject({ title: 'Вторая', publishedAt: '2026-12-01', updatedAt: '2026-12-07' });
    expect(after.nextChangeAt).toEqual(new Date(at('2026-12-08T09:00:00')));

    const all = await articlesInEffect(repos(versions), new Date(at('2026-12-09T00:00:00')));
    expect(all.value.map((entry) => entry.id)).toEqual(['first-job', 'later']);
    expect(all.nextChangeAt).toBeNull();
  });

  it('names a cover by its address and leaves the events apart', async () => {
    const covered = version('covered', 'С обложкой', at('2026-12-01T10:00:00'), {
      fields: { ...fields('С обложкой'), cover: { id: 4, width: 1600, height: 900 } },
    });
    const { value } = await articlesInEffect(repos([covered]), new Date(at('2026-12-02T00:00:00')));
    expect(value[0]!.frontMatter.cover).toEqual({ src: '/api/content-images/4', width: 1600, height: 900 });
    expect((await eventsInEffect(repos([covered]), new Date(at('2026-12-02T00:00:00')))).value).toEqual([]);
  });
});
