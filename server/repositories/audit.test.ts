import { beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { describeEachDatabase } from '../testing/databases';
import { createRepositories } from '.';

describeEachDatabase('audit repository', (database) => {
  beforeEach(() => database().clear());

  it('records entries with their details and lists them newest first, page by page', async () => {
    const { audit } = database().repos;
    await audit.record({ actor: 'anna@school.ru', action: 'sign_in' }, 1000);
    await audit.record({ actor: 'anna@school.ru', action: 'export', details: { filter: { form: 'contact' } } }, 2000);
    await audit.record({ actor: null, action: 'resend_all', subject: 'все', details: { count: 3 } }, 3000);
    const all = await audit.list();
    expect(all.map(({ at, lastAt, count, actor, action, subject, details }) => ({ at, lastAt, count, actor, action, subject, details }))).toEqual([
      { at: 3000, lastAt: 3000, count: 1, actor: null, action: 'resend_all', subject: 'все', details: { count: 3 } },
      { at: 2000, lastAt: 2000, count: 1, actor: 'anna@school.ru', action: 'export', subject: null, details: { filter: { form: 'contact' } } },
      { at: 1000, lastAt: 1000, count: 1, actor: 'anna@school.ru', action: 'sign_in', subject: null, details: null },
    ]);
    const older = await audit.list({ before: all[0]!.id, limit: 1 });
    expect(older.map((entry) => entry.action)).toEqual(['export']);
  });

  it('folds attempts of one key into one row with their count, first and latest time; another key is another row', async () => {
    const { audit } = database().repos;
    await audit.fold({ actor: 'anna@school.ru', action: 'sign_in_failed', foldKey: 'sign_in_failed:0:a:x' }, 1000);
    await audit.fold({ actor: 'anna@school.ru', action: 'sign_in_failed', foldKey: 'sign_in_failed:0:a:x' }, 3000);
    // Counted out of order (two instances): the latest time stays.
    await audit.fold({ actor: 'anna@school.ru', action: 'sign_in_failed', foldKey: 'sign_in_failed:0:a:x' }, 2000);
    await audit.fold({ actor: null, action: 'sign_in_refused_address', foldKey: 'sign_in_refused_address:0:x' }, 4000);
    await audit.record({ actor: 'boris@school.ru', action: 'sign_in' }, 5000);
    const rows = await audit.list();
    expect(rows.map(({ at, lastAt, count, actor, action }) => ({ at, lastAt, count, actor, action }))).toEqual([
      { at: 5000, lastAt: 5000, count: 1, actor: 'boris@school.ru', action: 'sign_in' },
      { at: 4000, lastAt: 4000, count: 1, actor: null, action: 'sign_in_refused_address' },
      { at: 1000, lastAt: 3000, count: 3, actor: 'anna@school.ru', action: 'sign_in_failed' },
    ]);
  });

  it('counts 80 folds at once from two connections (two instances) into one row', async () => {
    const { config, repos } = database();
    const other = await openDatabase(config);
    try {
      const otherRepos = createRepositories(other);
      await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          (i % 2 ? otherRepos : repos).audit.fold({ actor: 'anna@school.ru', action: 'sign_in_refused', foldKey: 'burst' }, 1000 + i),
        ),
      );
    } finally {
      await other.close();
    }
    expect((await repos.audit.list()).map(({ count, lastAt }) => ({ count, lastAt }))).toEqual([{ count: 80, lastAt: 1079 }]);
  });

  it('deletes the rows from before a time, folded ones by their first attempt', async () => {
    const { audit } = database().repos;
    await audit.record({ actor: 'anna@school.ru', action: 'export' }, 1000);
    await audit.fold({ actor: 'anna@school.ru', action: 'sign_in_failed', foldKey: 'old' }, 1500);
    await audit.fold({ actor: 'anna@school.ru', action: 'sign_in_failed', foldKey: 'old' }, 2500);
    await audit.record({ actor: 'anna@school.ru', action: 'export' }, 2000);
    expect(await audit.deleteBefore(2000)).toBe(2);
    expect((await audit.list()).map((entry) => entry.at)).toEqual([2000]);
    expect(await audit.deleteBefore(2000)).toBe(0);
  });
});
