import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';

const operator = 'anna@school.ru';
const fields = { title: 'Первая версия' };

describeEachDatabase('content versions, entries and images', (database) => {
  beforeEach(() => database().clear());

  it('keeps every version of an entry, newest first, and lists the entries of a kind once', async () => {
    const { repos } = database();
    const draft = await repos.contentVersions.add({ kind: 'article', slug: 'first-job', fields, status: 'draft', publishAt: null, operator }, 1000);
    const published = await repos.contentVersions.add(
      { kind: 'article', slug: 'first-job', fields: { title: 'Вторая' }, status: 'published', publishAt: 2000, operator },
      2000,
    );
    await repos.contentVersions.add({ kind: 'event', slug: 'first-job', fields, status: 'published', publishAt: 5000, operator }, 2500);

    expect(draft).toMatchObject({ kind: 'article', slug: 'first-job', fields, status: 'draft', publishAt: null, createdAt: 1000, operator, cancelledAt: null });
    expect((await repos.contentVersions.history('article', 'first-job')).map((version) => version.id)).toEqual([published.id, draft.id]);
    expect(await repos.contentEntries.list('article')).toEqual(['first-job']);
    expect(await repos.contentEntries.list('event')).toEqual(['first-job']);
    expect((await repos.contentVersions.published()).map((version) => version.publishAt)).toEqual([2000, 5000]);
    expect(await repos.contentVersions.get(published.id)).toEqual(published);
  });

  it('cancels or moves only a published version that is still ahead', async () => {
    const { repos } = database();
    const ahead = await repos.contentVersions.add({ kind: 'event', slug: 'meetup', fields, status: 'published', publishAt: 10_000, operator }, 1000);
    const inEffect = await repos.contentVersions.add({ kind: 'event', slug: 'meetup', fields, status: 'published', publishAt: 1000, operator }, 1000);
    const draft = await repos.contentVersions.add({ kind: 'event', slug: 'meetup', fields, status: 'draft', publishAt: null, operator }, 1000);

    expect(await repos.contentVersions.reschedule(ahead.id, 20_000, 5000)).toMatchObject({ done: true, version: { publishAt: 20_000 } });
    expect(await repos.contentVersions.reschedule(inEffect.id, 20_000, 5000)).toEqual({ done: false, reason: 'not_pending' });
    expect(await repos.contentVersions.cancel(draft.id, 5000)).toEqual({ done: false, reason: 'not_pending' });
    expect(await repos.contentVersions.cancel(9999, 5000)).toEqual({ done: false, reason: 'not_found' });
    expect(await repos.contentVersions.cancel(ahead.id, 6000)).toMatchObject({ done: true, version: { cancelledAt: 6000 } });
    // Cancelled: neither cancelled again nor moved, and no longer among what the site is computed from.
    expect(await repos.contentVersions.reschedule(ahead.id, 30_000, 7000)).toEqual({ done: false, reason: 'not_pending' });
    expect((await repos.contentVersions.published()).map((version) => version.id)).toEqual([inEffect.id]);
  });

  it('stores an image byte for byte', async () => {
    const { repos } = database();
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 255, 1, 2]);
    const id = await repos.contentImages.add({ contentType: 'image/webp', bytes, width: 1200, height: 675 }, { operator, now: 1000 });
    expect(await repos.contentImages.get(id)).toEqual({ id, contentType: 'image/webp', bytes, width: 1200, height: 675 });
    expect(await repos.contentImages.get(id + 1)).toBeUndefined();
  });
});
