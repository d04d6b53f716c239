import type { Dialect } from '../connection';
import { autoIncrementId } from './frozen-tables';
import type { PastSchema } from './past-schema';

/**
 * Two steps of the scheduled publications and the one price:
 *
 * - `release_runs`: one row each time the release timer asked whether something becomes due
 *   (deploy/release.sh scheduled → scripts/release-due.ts --record): when, for which Moscow day, what
 *   became due that day (JSON list of { kind, title, path }) and whether it released. The console's
 *   «Публикации» shows the last one.
 * - Pop-ups stored before a price could be a reference: every version of every pop-up (and the texts a
 *   split test started with) whose price repeats a course tariff now refers to it, so a release that
 *   changes the course price changes the pop-up too. A gift's struck-out price that named its tariffs
 *   (`oldPriceFrom`) becomes those references (`{цена advanced-js}`, a bundle summed with « + »); a figure
 *   in a price field or a rouble sum in a text becomes the reference of the one tariff with exactly that
 *   price, paid the same way (a figure two tariffs share, or none has, stays a figure). Older versions
 *   are rewritten too, so «Вернуть эту версию» never brings a fixed figure back.
 *
 * The tariffs are the release's own (`tariffs`, read from content/courses/ by server/db/migrate.ts):
 * the figures a stored pop-up holds are the prices of the release it was saved under, and a new database
 * has no pop-up yet when this runs. The conversion is written out here, frozen with the migration.
 */
export interface MigrationTariffs {
  slug: string;
  tariffs: readonly { price: number; monthly: boolean }[];
}

export function priceReferencesAndReleaseRunsMigration(dialect: Dialect, courses: readonly MigrationTariffs[]) {
  return {
    async up(db: PastSchema) {
      await db.schema
        .createTable('release_runs')
        .$call(autoIncrementId(dialect))
        .addColumn('ran_at', 'bigint', (c) => c.notNull())
        /** The Moscow day the run checked, `2026-12-16`. */
        .addColumn('day', 'text', (c) => c.notNull())
        /** JSON list of { kind, title, path } that became due that day. */
        .addColumn('due', 'text', (c) => c.notNull())
        /** `release` (something became due: the release followed) or `nothing`. */
        .addColumn('outcome', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('release_runs_ran_at').on('release_runs').column('ran_at').execute();

      const versions: { popup_id: string; version: number; config: string }[] = await db
        .selectFrom('popup_versions')
        .select(['popup_id', 'version', 'config'])
        .execute();
      for (const row of versions) {
        const config = referencedConfig(JSON.parse(row.config) as StoredConfig, courses);
        const written = JSON.stringify(config);
        if (written !== row.config) {
          await db
            .updateTable('popup_versions')
            .set({ config: written })
            .where('popup_id', '=', row.popup_id)
            .where('version', '=', Number(row.version))
            .execute();
        }
      }
      const tests: { id: string; variants: string }[] = await db.selectFrom('popup_tests').select(['id', 'variants']).execute();
      for (const row of tests) {
        const variants = (JSON.parse(row.variants) as Record<string, unknown>[]).map((texts) => withTextReferences(texts, courses));
        const written = JSON.stringify(variants);
        if (written !== row.variants) await db.updateTable('popup_tests').set({ variants: written }).where('id', '=', row.id).execute();
      }
    },
  };
}

type StoredConfig = { content?: Record<string, unknown>; variants?: Record<string, unknown>[] } & Record<string, unknown>;

/** The pop-up's stored config with its repeated prices as references. */
export function referencedConfig(config: StoredConfig, courses: readonly MigrationTariffs[]): StoredConfig {
  const content = config.content ? withTextReferences(config.content, courses) : undefined;
  const offer = content?.offer as
    ({ price?: unknown; oldPrice?: unknown; oldPriceFrom?: { course: string; tariff: number }[] } & Record<string, unknown>) | undefined;
  if (content && offer && typeof offer === 'object') {
    const { oldPriceFrom, ...rest } = offer;
    const next: Record<string, unknown> = withTextReferences(rest, courses);
    if (oldPriceFrom && oldPriceFrom.length > 0) next.oldPrice = oldPriceFrom.map((tied) => reference(tied.course, tied.tariff)).join(' + ');
    else if (typeof offer.oldPrice === 'number') next.oldPrice = referenceFor(offer.oldPrice, false, courses) ?? offer.oldPrice;
    if (typeof offer.price === 'number') next.price = referenceFor(offer.price, false, courses) ?? offer.price;
    content.offer = next;
  }
  return {
    ...config,
    ...(content ? { content } : {}),
    ...(config.variants ? { variants: config.variants.map((texts) => withTextReferences(texts, courses)) } : {}),
  };
}

function reference(slug: string, tariff: number): string {
  return tariff === 1 ? `{цена ${slug}}` : `{цена ${slug} ${tariff}}`;
}

function referenceFor(amount: number, monthly: boolean, courses: readonly MigrationTariffs[]): string | undefined {
  if (!(amount > 0)) return undefined;
  const matches = courses.flatMap((course) =>
    course.tariffs.flatMap((tariff, index) => (tariff.price === amount && tariff.monthly === monthly ? [reference(course.slug, index + 1)] : [])),
  );
  return matches.length === 1 ? matches[0] : undefined;
}

/** `13 790 ₽`, `13790 руб.`, with «/мес.» after it when it follows. */
const roubles = /\d[\d \u00a0\u202f]*(?:[.,]\d+)?\s*(?:₽|руб(?:\.|л[а-яё]*)?(?![а-яё])|р\.)(\s*\/\s*мес\.?)?/giu;

/** Every string field of `texts` with its rouble sums that repeat one tariff written as references (outside `{…}`). */
function withTextReferences<T extends Record<string, unknown>>(texts: T, courses: readonly MigrationTariffs[]): T {
  const written = Object.fromEntries(
    Object.entries(texts).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value];
      const text = value
        .split(/(\{[^{}]*\})/)
        .map((part, index) =>
          index % 2 === 1
            ? part
            : part.replace(roubles, (sum: string, monthly: string | undefined) => {
                const amount = Number(
                  sum
                    .replace(/\/.*$/, '')
                    .replace(/[^\d.,]/g, '')
                    .replace(',', '.'),
                );
                const found = Number.isInteger(amount) ? referenceFor(amount, monthly !== undefined, courses) : undefined;
                return found ? `${found}${/\s$/.test(sum) ? ' ' : ''}` : sum;
              }),
        )
        .join('');
      return [key, text];
    }),
  );
  return written as T;
}
