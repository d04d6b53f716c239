import Link from 'next/link';
import { ui } from '@/components/console/ui';
import { filterQuery } from '@/server/admin/lead-filter';
import { EraseVisitorForm } from './erase-form';
import { FollowDeliveries } from './follow-deliveries';
import { LeadsFilterForm } from './leads-filter-form';
import { LeadsTable } from './leads-table';
import { ResendAllForm } from './resend-all-form';
import { RetryingDeliveries } from './retrying-deliveries';
import type { LeadsPageData } from './load';

export function LeadsPage({ params, paged, rows, next, forms, products, utmSources, dead, retrying, now, following }: LeadsPageData) {
  return (
    <>
      <h1 className={ui.h1}>Заявки</h1>
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
