import { SUSPICIOUS_SHARE } from '@/lib/traffic-share';
import { sharePercent, suspiciousDays, type DayTotals } from './traffic-figures';
import { figureColumns, TableHead } from './table-head';
import { ui } from './ui';

/**
 * «Подозрительный трафик»: the days on which a tenth or more of the events of a pop-up, a split test or
 * a page type were accepted and not counted (server/traffic/caps.ts), with the counts; nothing when
 * there are none. `subject` names the column of the pop-up or page type (none for one test); `nameOf`
 * names each one in it (content/names.ts), its code staying in `data-suspicious`.
 */
export function SuspiciousTraffic({
  rows,
  subject,
  what,
  nameOf = (key) => key,
}: {
  rows: readonly DayTotals[];
  subject?: string;
  what: string;
  nameOf?: (key: string) => string;
}) {
  const days = suspiciousDays(rows);
  if (days.length === 0) return null;
  return (
    <section aria-label="Подозрительный трафик" data-testid="suspicious-traffic">
      <h2 className={ui.h2}>Подозрительный трафик</h2>
      <p className="mb-2 max-w-3xl text-sm">
        В эти дни {sharePercent(SUSPICIOUS_SHARE)} и больше событий ({what}) пришли с адресов или из сетей, приславших за день больше, чем бывает у одного
        посетителя или офиса, или не прошли проверку сайта. Сайт их принял, но не учёл: цифры и выводы на этой странице построены только на учтённых.
      </p>
      <table className={`${ui.table} mb-4 max-w-3xl`}>
        <caption className="sr-only">Неучтённые события по дням</caption>
        <TableHead columns={['День', ...(subject ? [subject] : []), ...figureColumns('Не учтено', 'Учтено', 'Доля неучтённых')]} />
        <tbody>
          {days.map((day) => (
            <tr key={`${day.day} ${day.subject}`} data-suspicious={day.subject}>
              <td>{day.day.split('-').reverse().join('.')}</td>
              {subject && <td>{nameOf(day.subject)}</td>}
              <td className="text-right">{day.uncounted.toLocaleString('ru-RU')}</td>
              <td className="text-right">{day.counted.toLocaleString('ru-RU')}</td>
              <td className="text-right">{sharePercent(day.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
