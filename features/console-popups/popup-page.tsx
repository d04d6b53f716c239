import Link from 'next/link';
import type { ReactNode } from 'react';
import { actorText } from '@/components/console/actor-labels';
import { ConfirmDialog } from '@/components/console/confirm-dialog';
import { pagesInWords, popupName } from '@/content/names';
import { ConsoleTable } from '@/components/console/console-table';
import { moscowTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import { formOf } from '@/lib/popups/edit-check';
import type { PopupPageData } from './load';
import { rollbackPopupAction } from './popup-actions';
import { PopupEditForm } from './popup-form';
import { popupChangeLabels, popupKindLabels, popupSaveMessages, rollbackConfirmation } from './popup-labels';

/** What the address says just happened: `saved` / `restored` a version, or a rollback `refused`. */
export interface PopupNotices {
  saved?: string;
  restored?: string;
  restore?: string;
}

/** A pop-up's page: its form, then `splitTest` (the split test of its texts), then its history with «Вернуть эту версию». */
export function PopupPage({
  popup,
  form,
  shownPrices,
  history,
  pageChoices,
  patternNames,
  others,
  markedPageUrl,
  notices,
  splitTest,
}: PopupPageData & { notices: PopupNotices; splitTest: ReactNode }) {
  const { id } = popup;
  const marker = popup.config.pageMarker;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/popups" className={ui.link}>
          ← Все поп-апы
        </Link>
      </p>
      <h1 className={ui.h1}>Поп-ап «{popupName(id)}»</h1>
      <p className="mb-4 max-w-3xl text-sm">
        {popupKindLabels[popup.config.content.kind]}. Версия {popup.version}, изменён {moscowTime(popup.updatedAt)}. Сохранённое увидят новые посетители в
        течение минуты, без сборки сайта. Картинки и формы меняются в файлах (content/popups.ts).
      </p>
      <details className="mb-4 text-sm">
        <summary className="cursor-pointer">Технические подробности</summary>
        <p className="mt-1">
          Код поп-апа: <code>{id}</code>
          {marker && (
            <>
              ; метка страницы: <code>{marker}</code>
            </>
          )}
        </p>
      </details>
      <PopupEditForm
        key={popup.version}
        id={id}
        version={popup.version}
        form={form}
        shownPrices={shownPrices}
        pageChoices={pageChoices}
        patternNames={patternNames}
        others={others}
        justSaved={notices.saved === String(popup.version)}
        markedPage={
          markedPageUrl ? { label: popup.config.content.kind === 'gift' ? 'Страница с подарком' : 'Страница с этим поп-апом', url: markedPageUrl } : null
        }
        markerNote={
          marker && !markedPageUrl
            ? `Также показывается на странице, которая объявляет его своим (${pagesInWords({ includePaths: [], excludePaths: [], pageMarker: marker }).shown.join(', ')}), — там он важнее любого пути.`
            : null
        }
      />
      {splitTest}
      <h2 className={ui.h2}>История изменений</h2>
      {notices.restored === String(popup.version) && (
        <p role="status" className="mb-2 text-sm">
          {popupSaveMessages.restored(popup.version)}
        </p>
      )}
      {notices.restore === 'refused' && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {popupSaveMessages.restoreConflict}
        </p>
      )}
      <ConsoleTable
        caption="Версии поп-апа, новые сверху"
        columns={['Версия', 'Когда', 'Кто', 'Что изменилось', 'Заголовок', { label: 'Действие', srOnly: true }]}
        items={history}
        renderRow={(version) => (
          <tr key={version.version}>
            <td>{version.version}</td>
            <td>{moscowTime(version.createdAt)}</td>
            <td>{version.actor === null ? 'из файла content/popups.ts' : actorText(version.actor)}</td>
            <td>
              {version.restoredFrom !== null
                ? `возвращена версия ${version.restoredFrom}`
                : version.changes.length === 0
                  ? version.actor === null
                    ? 'исходная версия'
                    : 'без изменений'
                  : version.changes.map((key) => popupChangeLabels[key] ?? key).join(', ')}
            </td>
            <td>{formOf(version.config).headline}</td>
            <td>
              {version.version !== popup.version && (
                <ConfirmDialog
                  action={rollbackPopupAction}
                  fields={{ id, target: version.version, version: popup.version }}
                  trigger="Вернуть эту версию"
                  triggerLabel={`Вернуть эту версию (${version.version})`}
                  title={rollbackConfirmation.title(version.version)}
                  description={rollbackConfirmation.description}
                  confirm={rollbackConfirmation.confirm(version.version)}
                  danger={false}
                />
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}
