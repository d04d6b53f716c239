import { beforeEach, expect, it } from 'vitest';
import { readPopups } from '@/features/popups/popup-source';
import { filePopupSeeds } from '../popups/seed';
import { describeEachDatabase } from '../testing/databases';
import { capturingLogger, testApiRuntime } from '../testing/runtime';
import { getCourse } from '@/content/courses';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import type { ApiRuntime } from './handlers';
import { handlePopups } from './popups';

const get = () => new Request('http://school.test/api/popups');

describeEachDatabase('GET /api/popups', (database) => {
  let runtime: ApiRuntime;
  beforeEach(async () => {
    await database().clear();
    runtime = testApiRuntime(database().repos, { now: () => 50_000 });
  });

  it('answers the live pop-ups with only what a visitor needs, cacheable for 30 s', async () => {
    const seeds = filePopupSeeds();
    await runtime.repos.popups.seed(seeds, 0);
    await runtime.repos.popups.setEnabled(seeds[1]!.id, false, { expectedVersion: 1, actor: 'anna@school.ru', now: 1 });
    const response = await handlePopups(get(), () => Promise.resolve(runtime));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30, s-maxage=30');
    const body = (await response.json()) as { popups: Record<string, unknown>[] };
    expect(body.popups.map((popup) => popup.id)).toEqual(seeds.filter((_, index) => index !== 1).map((seed) => seed.id));
    for (const popup of body.popups) {
      expect(Object.keys(popup)).not.toContain('enabled');
      expect(Object.keys(popup)).not.toContain('startsAt');
      expect(JSON.stringify(popup)).not.toContain('anna@school.ru');
    }
    // What the browser reads back is every pop-up it was sent.
    expect(readPopups(body)).toHaveLength(body.popups.length);
  });

  it("answers the gift's struck-out price looked up in its course, and leaves out a pop-up whose reference names no tariff", async () => {
    const log = capturingLogger();
    runtime = { ...runtime, log };
    const seeds = filePopupSeeds();
    await runtime.repos.popups.seed(seeds, 0);
    const gift = seeds.find((seed) => seed.config.content.kind === 'gift')!;
    const answer = async () =>
      ((await (await handlePopups(get(), () => Promise.resolve(runtime))).json()) as { popups: { id: string; content: { offer?: unknown } }[] }).popups;
    expect((await answer()).find((popup) => popup.id === gift.id)?.content.offer).toEqual({
      price: 0,
      oldPrice: getCourse('advanced-js')!.tariffs[0]!.price,
      condition: 'при покупке курса Junior',
    });

    const broken = {
      ...gift.config,
      content: { ...gift.config.content, offer: { price: 0, oldPrice: '{цена снятый-курс}', condition: 'при покупке курса Junior' } },
    } as ManagedPopupConfig;
    await runtime.repos.popups.save(gift.id, broken, { expectedVersion: 1, actor: 'anna@school.ru', now: 1 });
    const popups = await answer();
    expect(popups.map((popup) => popup.id)).not.toContain(gift.id);
    expect(popups).toHaveLength(seeds.length - 1);
    expect(log.lines.join('\n')).toContain('popups.price_reference_unresolved');
  });

  it('is a 503 the browser treats as no pop-up when the database is away', async () => {
    const response = await handlePopups(get(), () => Promise.reject(new Error('down')));
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(readPopups(await response.json())).toEqual([]);
  });
});
