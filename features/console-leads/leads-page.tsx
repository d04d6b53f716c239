import Link from 'next/link';
import { ui } from '@/components/console/ui';
import { filterQuery } from '@/server/admin/lead-filter';
import { EraseVisitorForm } from './erase-form';
import { FollowDeliveries } from './follow-deliveries';
import { LeadsFilterForm } from './leads-filter-form';
import { LeadsTable } from './leads-table';
import { ResendAllForm } from './resend-all-form';
import { RetryingDeliveries } from './retrying-deliveries';
import { WithheldActions } from './withheld-actions';
import type { LeadsPageData } from './load';

export function LeadsPage({ params, paged, rows, next, forms, products, utmSources, dead, retrying, withheld, now, following }: LeadsPageData) {
  return (
    <>
      <h1 className={ui.h1}>Заявки</h1>
      {params.spam === 'withheld' ? <WithheldSection withheld={withheld} /> : <WithheldNotice count={withheld.count} />}
      <LeadsFilterForm params={params} forms={forms} products={products} utmSources={utmSources} />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <a href={`/api/admin/leads/export${filterQuery(params)}`} className={ui.button} download>
          Выгрузить CSV (с этим фильтром)
        </a>
        <a href={`/api/admin/leads/export/xlsx${filterQuery(params)}`} className={ui.button} download>
          Выгрузить в Excel (.xlsx, с этим фильтром)
        </a>
        <ResendAllForm dead={dead} />
      </div>
      <RetryingDeliveries retrying={retrying} now={now} />
      <LeadsTable rows={rows} />
      <FollowDeliveries waiting={following} />
      <nav aria-label="Страницы" className="mt-4 flex gap-4">
        {paged && (
          <Link href={`/admin/leads${filterQuery(params)}`} className={ui.link}>
            К новым
          </Link>
        )}
        {next && (
          <Link href={`/admin/leads${filterQuery(params, { after: next })}`} className={ui.link}>
            Дальше (старее)
          </Link>
        )}
      </nav>
      <h2 className={ui.h2}>Удалить данные посетителя по его просьбе</h2>
      <EraseVisitorForm />
    </>
  );
}

/** Above the whole list: held leads wait for a person, so they are never held unnoticed. */
function WithheldNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mb-4 max-w-2xl rounded border border-amber-400 bg-amber-50 p-3 text-sm">
      <strong>Похоже на спам: {count}</strong> — заявки задержаны и не ушли ни в GetCourse, ни менеджерам.{' '}
      <Link href="/admin/leads?spam=withheld" className={ui.link}>
        Посмотреть и решить
      </Link>
    </p>
  );
}

/** The list filtered to «Похоже на спам»: what it is, and the two buttons for every lead it shows. */
function WithheldSection({ withheld }: { withheld: LeadsPageData['withheld'] }) {
  return (
    <section aria-labelledby="withheld-heading" className="mb-6 max-w-3xl">
      <h2 id="withheld-heading" className={ui.h2}>
        Похоже на спам
      </h2>
      <p className="mb-3 text-sm">
        Эти заявки пришли волной: много с одного адреса или из одной сети, почты по одному шаблону, всплеск в одну кампанию. Сайт их сохранил, но не отправил в
        GetCourse и менеджерам. Настоящую заявку выпустите (со страницы заявки или все сразу) — она уйдёт как обычная; остальные удалите.
      </p>
      {withheld.count === 0 || withheld.newestId === null ? (
        <p role="status">Заявок, похожих на спам, нет.</p>
      ) : (
        <WithheldActions upTo={withheld.newestId} count={withheld.count} />
      )}
    </section>
  );
}
