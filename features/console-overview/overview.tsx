import Link from 'next/link';
import type { ReactNode } from 'react';
import type { DeliveryHealth } from '@/server/repositories/delivery-queue';
import type { LeadCounts } from '@/server/repositories/lead-queries';
import { FactList, type FactListItem } from './fact-list';
import { deliveryListHref, type CountPeriod } from './overview-links';
import { moscowTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import { TableHead, figureColumns } from '@/components/console/table-head';

/** A figure as a link to the list behind it; a nought as it is (the list would be empty). */
function figureLink(figure: number, href: string | null, label: string): ReactNode {
  if (figure === 0 || href === null) return String(figure);
  return (
    <Link href={href} className={ui.link} aria-label={label}>
      {figure}
    </Link>
  );
}

const periodWords: Record<CountPeriod, string> = { today: 'сегодня', week: 'за 7 дней', month: 'за 30 дней' };

/**
 * Leads per key (a form, a source), the key shown as `nameOf` names it; each figure links to those leads
 * in «Заявки» (`hrefOf`: none for a key the list cannot filter by).
 */
export function CountsTable(props: {
  caption: string;
  keyTitle: string;
  rows: LeadCounts[];
  empty: string;
  nameOf?: (key: string) => string;
  hrefOf?: (key: string, period: CountPeriod) => string | null;
}) {
  const { caption, keyTitle, rows, empty, nameOf = (key: string) => key || '(без метки)', hrefOf = () => null } = props;
  return (
    <table className={`${ui.table} max-w-2xl`}>
      <caption className="mb-1 text-left font-semibold">{caption}</caption>
      <TableHead columns={[keyTitle, ...figureColumns('Сегодня', '7 дней', '30 дней')]} />
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={4}>{empty}</td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="font-normal">
              {nameOf(row.key)}
            </th>
            {(['today', 'week', 'month'] as const).map((period) => (
              <td key={period} className="text-right">
                {figureLink(row[period], hrefOf(row.key, period), `${nameOf(row.key)}, ${periodWords[period]}: ${row[period]}`)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ageText(seconds: number): string {
  if (seconds < 60) return `${seconds} с`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} мин`;
  return `${Math.floor(seconds / 3600)} ч ${Math.floor((seconds % 3600) / 60)} мин`;
}

/** The list of the leads held back as «Похоже на спам». */
const WITHHELD_LIST = '/admin/leads?spam=withheld';

export function DeliveryHealthPanel({ health, withheld, getCourseConfigured }: { health: DeliveryHealth; withheld: number; getCourseConfigured: boolean }) {
  const items: FactListItem[] = [
    [
      withheld > 0 ? (
        <Link key="withheld" href={WITHHELD_LIST} className={ui.link}>
          Похоже на спам: задержаны, ждут решения
        </Link>
      ) : (
        'Похоже на спам: задержаны, ждут решения'
      ),
      String(withheld),
    ],
    ['Ждут отправки', figureLink(health.waiting, deliveryListHref('waiting'), `Ждут отправки: ${health.waiting}`)],
    ['Из них повторяются после ошибки', figureLink(health.retrying, deliveryListHref('retrying'), `Повторяются после ошибки: ${health.retrying}`)],
    ['Не доставлены (нужен человек)', figureLink(health.dead, deliveryListHref('dead'), `Не доставлены: ${health.dead}`)],
    ['Самая старая ждёт', health.waiting > 0 ? ageText(health.oldestWaitingSeconds) : '—'],
    ['Последняя доставка', health.lastSuccessAt ? moscowTime(health.lastSuccessAt) : 'ещё не было'],
  ];
  return (
    <section aria-labelledby="delivery-health">
      <h2 id="delivery-health" className={ui.h2}>
        Доставка в GetCourse
      </h2>
      {!getCourseConfigured && (
        <p role="status" className="mb-3 rounded border border-amber-400 bg-amber-50 p-3">
          <strong>GetCourse не настроен</strong>: заявки сохраняются и ждут, но не отправляются. Задайте GETCOURSE_ACCOUNT и GETCOURSE_API_KEY.
        </p>
      )}
      {withheld > 0 && (
        <p className="mb-3 max-w-2xl rounded border border-amber-400 bg-amber-50 p-3">
          <strong>Похоже на спам: {withheld}</strong> — эти заявки сохранены, но не отправлены ни в GetCourse, ни менеджерам, пока их не выпустят.{' '}
          <Link href={WITHHELD_LIST} className={ui.link}>
            Посмотреть и решить
          </Link>
        </p>
      )}
      <FactList items={items} />
    </section>
  );
}
