import Link from 'next/link';
import { ActionButton } from '@/components/console/action-button';
import { ConsoleTable } from '@/components/console/console-table';
import { moscowDayTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import type { CoursePrices } from './load';
import { cancelPriceVersionAction, restorePriceVersionAction } from './price-actions';
import { PriceFormFields } from './price-form-fields';
import { priceNotices, versionFigures, versionStateText } from './price-labels';

export interface PriceNotices {
  saved?: string;
  restored?: string;
  cancelled?: string;
  restoreRefused?: string;
}

/** One course's «Цены»: the form, the versions scheduled ahead with «Отменить», and the history with «Вернуть эту версию». */
export function CoursePricesPage({ course, figures, history, restoreProblems, now, notices }: CoursePrices & { notices: PriceNotices }) {
  const saved = history.find((version) => String(version.id) === notices.saved);
  const scheduled = history.filter((version) => version.state === 'scheduled').reverse();
  const when = (at: number) => moscowDayTime(at, now);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/prices" className={ui.link}>
          Все курсы
        </Link>
      </p>
      <h1 className={ui.h1}>Цены курса «{course.title}»</h1>
      <p className="mb-4 text-sm">
        <a href={course.path} className={ui.link}>
          Страница курса на сайте
        </a>
      </p>
      {saved && (
        <p role="status" className="mb-4 text-sm">
          {saved.state === 'scheduled' ? priceNotices.savedScheduled(saved.effectiveFrom, now) : priceNotices.savedNow}
        </p>
      )}
      {notices.restored && (
        <p role="status" className="mb-4 text-sm">
          {priceNotices.restored}
        </p>
      )}
      {notices.cancelled && (
        <p role="status" className="mb-4 text-sm">
          {priceNotices.cancelled}
        </p>
      )}
      {notices.restoreRefused && (
        <div role="alert" className="mb-4 text-sm text-red-700">
          <p>{priceNotices.restoreRefused}</p>
          <ul className="list-disc pl-5">
            {restoreProblems.map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      <PriceFormFields key={history[0]?.id ?? 'file'} slug={course.slug} tariffs={course.tariffs} figures={figures} />

      <h2 className={ui.h2}>Запланировано</h2>
      {scheduled.length === 0 ? (
        <p className="text-sm">Запланированных цен нет.</p>
      ) : (
        <ConsoleTable
          caption="Цены, которые начнут действовать позже"
          columns={['Действует с', 'Цены', 'Кто', { label: 'Действие', srOnly: true }]}
          items={scheduled}
          renderRow={(version) => (
            <tr key={version.id}>
              <td>{when(version.effectiveFrom)}</td>
              <td>{versionFigures(version.tariffs, course.tariffs)}</td>
              <td>{version.operator}</td>
              <td>
                <ActionButton action={cancelPriceVersionAction} fields={{ id: version.id }} label={`Отменить цены с ${when(version.effectiveFrom)}`}>
                  Отменить
                </ActionButton>
              </td>
            </tr>
          )}
        />
      )}

      <h2 className={ui.h2}>История</h2>
      {history.length === 0 ? (
        <p className="text-sm">Цены ещё не меняли в консоли: на сайте цены из файла курса.</p>
      ) : (
        <ConsoleTable
          caption="Версии цен курса, новые сверху"
          columns={['Сохранено', 'Кто', 'Действует с', 'Цены', 'Состояние', { label: 'Действие', srOnly: true }]}
          items={history}
          renderRow={(version) => (
            <tr key={version.id} className={version.state === 'current' ? 'bg-green-50' : undefined}>
              <td>{when(version.createdAt)}</td>
              <td>{version.operator}</td>
              <td>{when(version.effectiveFrom)}</td>
              <td>{versionFigures(version.tariffs, course.tariffs)}</td>
              <td>{versionStateText[version.state]}</td>
              <td>
                {(version.state === 'past' || version.state === 'cancelled') && (
                  <ActionButton action={restorePriceVersionAction} fields={{ id: version.id }} label={`Вернуть эту версию от ${when(version.createdAt)}`}>
                    Вернуть эту версию
                  </ActionButton>
                )}
              </td>
            </tr>
          )}
        />
      )}
    </>
  );
}
