import { expect, it } from 'vitest';
import { noChanges } from '@/lib/page-tests/variants';
import { pageTests } from '../experiments/subjects/page';
import { popupTests } from '../experiments/subjects/popup';
import { filePopupSeeds } from '../popups/seed';
import { createRepositories } from '../repositories';
import { describeEachDatabase } from '../testing/databases';
import { createMigrator, migrateToLatest, migrations } from './migrate';

const texts = (headline: string) => ({ headline, text: 'Текст', buttonLabel: 'Получить' });

describeEachDatabase(
  'migration 027: pop-up and page tests become experiments',
  (database) => {
    it('moves every test, variant, visitor and lead of a database that ran the release before it; running tests keep running', async () => {
      const { handle, dialect } = database();
      const before = Object.fromEntries(Object.entries(migrations(dialect)).filter(([name]) => name < '027'));
      const { error } = await (await createMigrator(handle.db, dialect, before)).migrateToLatest();
      if (error) throw error;
      const repos = createRepositories(handle);
      const db = handle.db as never as import('./migrations/past-schema').PastSchema;
      await repos.popups.seed(filePopupSeeds(), 1);
      const [popupId, otherPopupId] = filePopupSeeds().map((seed) => seed.id) as [string, string];

      // A running pop-up test that keeps its winner by itself, with shows (one before networks were kept) and a lead; a decided one.
      await db
        .insertInto('popup_tests')
        .values([
          {
            id: 'popup-running',
            popup_id: popupId,
            status: 'running',
            variants: JSON.stringify([texts('A'), texts('B')]),
            planned_shows: 14_000,
            started_at: 1000,
            started_by: 'anna@school.ru',
            stopped_at: null,
            stopped_by: null,
            winner: null,
            auto_keep: 1,
            verdict_at: null,
          },
          {
            id: 'popup-decided',
            popup_id: otherPopupId,
            status: 'decided',
            variants: JSON.stringify([texts('A'), texts('C')]),
            planned_shows: 500,
            started_at: 100,
            started_by: 'anna@school.ru',
            stopped_at: 900,
            stopped_by: 'system:auto_keep',
            winner: 1,
            auto_keep: 1,
            verdict_at: 900,
          },
        ])
        .execute();
      await db
        .insertInto('popup_test_exposures')
        .values([
          { test_id: 'popup-running', visitor: 'p1', variant: 0, day: '2026-12-01', at: 1100, network: 'n1' },
          { test_id: 'popup-running', visitor: 'p2', variant: 1, day: '2026-12-01', at: 1200, network: null },
          { test_id: 'popup-running', visitor: 'p3', variant: 1, day: '2026-12-02', at: 90_000_000, network: 'n2' },
        ])
        .execute();
      await db
        .insertInto('popup_test_conversions')
        .values([{ test_id: 'popup-running', visitor: 'p2', variant: 1, day: '2026-12-02', at: 90_000_001, network: null }])
        .execute();

      // A running page test with a changed B, its visitors and a counted lead; a draft.
      const b = { ...noChanges, headline: 'Новый заголовок', leadTariff: 'Стандарт' };
      await db
        .insertInto('page_tests')
        .values(
          ['page-running', 'page-draft'].map((id) => ({
            id,
            page_path: '/products/junior-js',
            status: id === 'page-running' ? 'running' : 'draft',
            version: id === 'page-running' ? 3 : 1,
            planned_visitors: 13_000,
            created_at: 500,
            created_by: 'vera@school.ru',
            updated_at: 600,
            started_at: id === 'page-running' ? 600 : null,
            started_by: id === 'page-running' ? 'vera@school.ru' : null,
            stopped_at: null,
            stopped_by: null,
            winner: null,
          })),
        )
        .execute();
      for (const id of ['page-running', 'page-draft'])
        await db
          .insertInto('page_test_variants')
          .values([
            { test_id: id, variant: 0, headline: null, subheadline: null, button_label: null, lead_tariff: null },
            { test_id: id, variant: 1, headline: b.headline, subheadline: null, button_label: null, lead_tariff: b.leadTariff },
          ])
          .execute();
      await db
        .insertInto('page_test_visitors')
        .values([
          { test_id: 'page-running', visitor: 'v1', variant: 0, day: '2026-12-01', at: 700 },
          { test_id: 'page-running', visitor: 'v2', variant: 1, day: '2026-12-01', at: 800 },
        ])
        .execute();
      await db.insertInto('page_test_leads').values({ test_id: 'page-running', visitor: 'v2', variant: 1, lead_id: 42, day: '2026-12-01', at: 850 }).execute();

      await migrateToLatest(handle);

      const popups = popupTests(repos);
      expect(await popups.running()).toEqual([
        {
          id: 'popup-running',
          popupId,
          status: 'running',
          variants: [texts('A'), texts('B')],
          plannedShows: 14_000,
          startedAt: 1000,
          startedBy: 'anna@school.ru',
          stoppedAt: null,
          stoppedBy: null,
          winner: null,
          autoKeep: true,
          verdictAt: null,
        },
      ]);
      expect(await popups.get('popup-decided')).toMatchObject({ status: 'decided', winner: 1, stoppedBy: 'system:auto_keep', verdictAt: 900 });
      expect(await popups.perDay('popup-running')).toEqual([
        { day: '2026-12-01', variant: 0, shows: 1, leads: 0 },
        { day: '2026-12-01', variant: 1, shows: 1, leads: 0 },
        { day: '2026-12-02', variant: 1, shows: 1, leads: 1 },
      ]);
      expect(await popups.networks('popup-running')).toEqual([
        { variant: 0, shows: 1, leads: 0 },
        { variant: 1, shows: 2, leads: 1 },
      ]);
      expect(await popups.visitorSeen('popup-running', 'p2')).toEqual({ shown: 1, converted: true });

      const pages = pageTests(repos);
      expect(await pages.running()).toEqual([
        expect.objectContaining({
          id: 'page-running',
          pagePath: '/products/junior-js',
          status: 'running',
          version: 3,
          variants: [noChanges, b],
          startedBy: 'vera@school.ru',
        }),
      ]);
      expect(await pages.get('page-draft')).toMatchObject({ status: 'draft', variants: [noChanges, b] });
      expect(await repos.experiments.perDay('page-running')).toEqual([
        { day: '2026-12-01', variant: 0, visitors: 1, leads: 0 },
        { day: '2026-12-01', variant: 1, visitors: 1, leads: 1 },
      ]);
      expect(await repos.experiments.leads('page-running')).toEqual([{ leadId: 42, variant: 1 }]);

      // The running tests keep counting: a new show and lead of the pop-up's test, a new page visitor.
      const event = { testId: 'popup-running', visitor: 'p4', variant: 0, now: 90_000_100, network: 'n3' };
      expect(await popups.recordExposure(event)).toBe(true);
      expect(await popups.recordConversion(event, 7)).toBe(true);
      expect(await pages.recordVisitor({ testId: 'page-running', visitor: 'v3', variant: 1, now: 900 })).toBe(true);
      expect(await pages.visitorVariant('page-running', 'v3')).toBe(1);
      // Still one running test a subject.
      expect(await popups.start(popupId, [texts('A'), texts('D')], { plannedShows: 1, actor: 'anna@school.ru', now: 90_000_200 })).toEqual({
        started: false,
        reason: 'running',
      });
      expect(await pages.start('page-draft', { actor: 'vera@school.ru', now: 1000 })).toEqual({ started: false, reason: 'running' });
    });
  },
  { migrate: false },
);
