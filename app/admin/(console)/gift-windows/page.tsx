import type { Metadata } from 'next';
import Link from 'next/link';
import { removeGiftWindowAction } from '@/features/admin/gift-actions';
import { GiftWindowForm } from '@/features/admin/gift-window-form';
import { ui } from '@/features/admin/ui';
import { requireOperator } from '@/server/admin/session';
import { formatMoscowTime, LAST_GIFT, windowState } from '@/server/gift-schedule/windows';
import { TableHead } from '@/features/admin/table-head';
import { ActionButton } from '@/features/admin/action-button';

export const metadata: Metadata = { title: 'Окна подарков' };

const stateLabels = { past: 'прошло', active: 'идёт сейчас', upcoming: 'впереди' } as const;

/** `2026-12-20T10:00` in Moscow, for a datetime-local field. */
function moscowInput(timestamp: number): string {
  return formatMoscowTime(timestamp).slice(0, 16).replace(' ', 'T');
}

export default async function GiftWindowsPage({ searchParams }: { searchParams: Promise<{ edit?: string }> }) {
  const { runtime, now } = await requireOperator();
  const { edit } = await searchParams;
  const windows = (await runtime.repos.giftSchedule.list()).map((window) => ({ ...window, state: windowState(window, now) }));
  const editing = windows.find((window) => String(window.id) === edit);
  return (
    <>
      <h1 className={ui.h1}>Окна подарков</h1>
      <p className="mb-4 max-w-3xl text-sm">
        Всё время — московское. Окна не пересекаются; вкладка подарков на сайте подхватывает изменения без выкладки, в пределах
        времени кэширования.
      </p>
      <h2 className={ui.h2}>{editing ? `Изменить окно №${editing.id}` : 'Новое окно'}</h2>
      <GiftWindowForm
        key={editing?.id ?? 'new'}
        lastGift={LAST_GIFT}
        draft={editing ? { id: editing.id, giftNumber: editing.giftNumber, start: moscowInput(editing.startTimestamp), end: moscowInput(editing.endTimestamp) } : null}
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
        <TableHead columns={['№', 'Подарок', 'Начало (МСК)', 'Конец (МСК)', 'Состояние', { label: 'Действия', srOnly: true }]} />
        <tbody>
          {windows.map((window) => (
            <tr key={window.id} className={window.state === 'active' ? 'bg-green-50' : undefined}>
              <td>{window.id}</td>
              <td>{window.giftNumber}</td>
              <td>{formatMoscowTime(window.startTimestamp)}</td>
              <td>{formatMoscowTime(window.endTimestamp)}</td>
              <td>{stateLabels[window.state]}</td>
              <td className="flex gap-3">
                <Link href={`/admin/gift-windows?edit=${window.id}`} className={ui.link} aria-label={`Изменить окно ${window.id}`}>
                  Изменить
                </Link>
                <ActionButton action={removeGiftWindowAction} fields={{ id: window.id }} className={ui.link} label={`Удалить окно ${window.id}`}>
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
