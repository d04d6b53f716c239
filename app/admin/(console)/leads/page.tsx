import type { Metadata } from 'next';
import Link from 'next/link';
import { EraseVisitorForm } from '@/features/admin/erase-form';
import { resendAllDeadAction } from '@/features/admin/lead-actions';
import { decodeCursor, encodeCursor, filterQuery, parseLeadFilter, type LeadSearchParams } from '@/server/admin/lead-filter';
import { LeadsFilterForm } from '@/features/admin/leads-filter-form';
import { LeadsTable } from '@/features/admin/leads-table';
import { ui } from '@/features/admin/ui';
import { requireOperator } from '@/server/admin/session';
import { ActionButton } from '@/features/admin/action-button';

export const metadata: Metadata = { title: 'Заявки' };

export default async function LeadsPage({ searchParams }: { searchParams: Promise<LeadSearchParams> }) {
  const { runtime } = await requireOperator();
  const params = await searchParams;
  const after = decodeCursor(typeof params.after === 'string' ? params.after : null);
  const [page, facets, counts] = await Promise.all([
    runtime.repos.leads.list(parseLeadFilter(params), { after, limit: 50 }),
    runtime.repos.leads.facets(),
    runtime.repos.deliveryQueue.countByStatus(),
  ]);
  return (
    <>
      <h1 className={ui.h1}>Заявки</h1>
      <LeadsFilterForm params={params} formIds={facets.formIds} utmSources={facets.utmSources} />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <a href={`/api/admin/leads/export${filterQuery(params)}`} className={ui.button} download>
          Выгрузить CSV (с этим фильтром)
        </a>
        {counts.dead > 0 && (
          <ActionButton action={resendAllDeadAction}>Отправить заново все недоставленные ({counts.dead})</ActionButton>
        )}
      </div>
      <LeadsTable rows={page.rows} />
      <nav aria-label="Страницы" className="mt-4 flex gap-4">
        {after && (
          <Link href={`/admin/leads${filterQuery(params)}`} className={ui.link}>
            К новым
          </Link>
        )}
        {page.next && (
          <Link href={`/admin/leads${filterQuery(params, { after: encodeCursor(page.next) })}`} className={ui.link}>
            Дальше (старее)
          </Link>
        )}
      </nav>
      <h2 className={ui.h2}>Удалить данные посетителя по его просьбе</h2>
      <EraseVisitorForm />
    </>
  );
}
