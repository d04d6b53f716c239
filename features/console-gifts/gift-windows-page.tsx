import Link from 'next/link';
import { ActionButton } from '@/components/console/action-button';
import { TableHead } from '@/components/console/table-head';
import { moscowDayTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import { formatMoscowTime } from '@/lib/calendar';
import { removeGiftWindowAction } from './gift-actions';
import { windowStateText } from './gift-labels';
import { GiftWindowForm } from './gift-window-form';
import type { GiftWindows } from './load';

/** `2026-12-20T10:00` in Moscow, for a datetime-local field. */
function moscowInput(timestamp: number): string {
  return formatMoscowTime(timestamp).slice(0, 16).replace(' ', 'T');
}

export function GiftWindowsPage({ windows, editing, giftNames, now }: GiftWindows) {
  const nameOf = (giftNumber: number) => giftNames[giftNumber] ?? `подарок ${giftNumber}`;
  /** Which window a row's buttons act on, for screen readers: its gift and its start. */
  const which = (window: GiftWindows['windows'][number]) => `«${nameOf(window.giftNumber)}» с ${moscowDayTime(window.startTimestamp, now)}`;
  return (
    <>
      <h1 className={ui.h1}>Окна подарков</h1>
      <p className="mb-4 max-w-3xl text-sm">
        Всё время — московское. Окна не пересекаются; вкладка подарков на сайте подхватывает изменения без выкладки, в пределах времени кэширования.
      </p>
      <h2 className={ui.h2}>{editing ? `Изменить окно «${nameOf(editing.giftNumber)}»` : 'Новое окно'}</h2>
      <GiftWindowForm
        key={editing?.id ?? 'new'}
        giftNames={giftNames}
        draft={
          editing
            ? { id: editing.id, giftNumber: editing.giftNumber, start: moscowInput(editing.startTimestamp), end: moscowInput(editing.endTimestamp) }
            : null
        }
      />
      {editing && (
        <p className="mb-4">
          <Link href="/admin/gift-windows" className={ui.link}>
            Отменить изменение
          </Link>
        </p>
      )}
      <table className={ui.table}>
        <caption className="sr-only">Окна подарков по времени начала</caption>
        <TableHead columns={['Подарок', 'Начало', 'Конец', 'Когда', { label: 'Действия', srOnly: true }]} />
        <tbody>
          {windows.map((window) => (
            <tr key={window.id} className={window.state === 'active' ? 'bg-green-50' : undefined}>
              <td>{nameOf(window.giftNumber)}</td>
              <td>{moscowDayTime(window.startTimestamp, now)}</td>
              <td>{moscowDayTime(window.endTimestamp, now)}</td>
              <td>{windowStateText(window, window.state, now)}</td>
              <td className="flex gap-3">
                <Link href={`/admin/gift-windows?edit=${window.id}`} className={ui.link} aria-label={`Изменить окно ${which(window)}`}>
                  Изменить
                </Link>
                <ActionButton action={removeGiftWindowAction} fields={{ id: window.id }} className={ui.link} label={`Удалить окно ${which(window)}`}>
                  Удалить
                </ActionButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {windows.length === 0 && <p className="mt-2">Окон нет: виджет подарка на сайте скрыт.</p>}
    </>
  );
}
