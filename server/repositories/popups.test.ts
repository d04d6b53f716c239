import { beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { filePopupSeeds } from '../popups/seed';
import { describeEachDatabase } from '../testing/databases';
import { createRepositories } from '.';

const actor = 'anna@school.ru';

describeEachDatabase('popups repository', (database) => {
  beforeEach(() => database().clear());

  it('seeds every pop-up of the file once, in its order, and never overwrites a change', async () => {
    const { repos } = database();
    const seeds = filePopupSeeds();
    expect((await repos.popups.seed(seeds, 1000)).added).toEqual(seeds.map((seed) => seed.id));
    const listed = await repos.popups.list();
    expect(listed.map((popup) => popup.id)).toEqual(seeds.map((seed) => seed.id));
    expect(listed[0]).toMatchObject({ version: 1, position: 0, config: seeds[0]!.config });

    const id = seeds[0]!.id;
    const changed = { ...seeds[0]!.config, showDelayMs: 5000 };
    expect(await repos.popups.save(id, changed, { expectedVersion: 1, actor, now: 2000 })).toEqual({ saved: true, version: 2, changes: ['showDelayMs'] });
    // A deploy starts again: nothing new, nothing overwritten.
    expect((await repos.popups.seed(seeds, 3000)).added).toEqual([]);
    expect((await repos.popups.get(id))?.config.showDelayMs).toBe(5000);
    // A pop-up the file gains arrives with the next start.
    const extra = { id: 'promo-new', config: { ...seeds[0]!.config, popupName: 'promo-new' } as (typeof seeds)[0]['config'] };
    expect((await repos.popups.seed([...seeds, extra], 4000)).added).toEqual(['promo-new']);
  });

  it('seeds once when two instances start together', async () => {
    const { repos, config, dialect } = database();
    const otherHandle = dialect === 'postgres' ? await openDatabase(config) : null;
    const other = otherHandle ? createRepositories(otherHandle) : repos;
    try {
      const seeds = filePopupSeeds();
      const [a, b] = await Promise.all([repos.popups.seed(seeds, 1), other.popups.seed(seeds, 1)]);
      expect([...a.added, ...b.added].sort()).toEqual(seeds.map((seed) => seed.id).sort());
      expect(await repos.popups.history(seeds[0]!.id)).toHaveLength(1);
    } finally {
      await otherHandle?.close();
    }
  });

  it('keeps every version, switches off and on, rolls back, and refuses a stale save', async () => {
    const { repos } = database();
    const [seed] = filePopupSeeds();
    await repos.popups.seed([seed!], 1000);
    const id = seed!.id;
    await repos.popups.save(id, { ...seed!.config, showDelayMs: 1000 }, { expectedVersion: 1, actor, now: 2000 });
    // A second operator still holding version 1 is told, and nothing changes.
    expect(await repos.popups.save(id, { ...seed!.config, showDelayMs: 9000 }, { expectedVersion: 1, actor: 'boris@school.ru', now: 2500 })).toEqual({
      saved: false,
      reason: 'conflict',
      currentVersion: 2,
    });
    expect((await repos.popups.get(id))?.config.showDelayMs).toBe(1000);

    expect(await repos.popups.setEnabled(id, false, { expectedVersion: 2, actor, now: 3000 })).toMatchObject({ saved: true, version: 3, changes: ['enabled'] });
    expect((await repos.popups.listActive(3000)).map((popup) => popup.id)).toEqual([]);
    expect(await repos.popups.rollback(id, 1, { expectedVersion: 3, actor, now: 4000 })).toMatchObject({ saved: true, version: 4 });
    const back = await repos.popups.get(id);
    expect(back).toMatchObject({ version: 4, updatedAt: 4000, config: seed!.config });
    expect((await repos.popups.listActive(4000)).map((popup) => popup.id)).toEqual([id]);

    const history = await repos.popups.history(id);
    expect(history.map((version) => [version.version, version.actor, version.restoredFrom])).toEqual([
      [4, actor, 1],
      [3, actor, null],
      [2, actor, null],
      [1, null, null],
    ]);
    expect(await repos.popups.rollback(id, 99, { expectedVersion: 4, actor, now: 5000 })).toEqual({ saved: false, reason: 'no_version' });
    expect(await repos.popups.save('nope', seed!.config, { expectedVersion: 1, actor, now: 5000 })).toEqual({ saved: false, reason: 'not_found' });
  });

  it('lists as active only pop-ups inside their window', async () => {
    const { repos } = database();
    const [seed] = filePopupSeeds();
    await repos.popups.seed([seed!], 1000);
    await repos.popups.save(seed!.id, { ...seed!.config, startsAt: 10_000, endsAt: 20_000 }, { expectedVersion: 1, actor, now: 2000 });
    expect(await repos.popups.listActive(9_999)).toEqual([]);
    expect(await repos.popups.listActive(10_000)).toHaveLength(1);
    expect(await repos.popups.listActive(20_000)).toEqual([]);
  });
});
