import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { rollbackPopupAction } from '@/features/admin/popup-actions';
import { PopupEditForm } from '@/features/admin/popup-form';
import { moscowTime } from '@/features/admin/labels';
import { popupChangeLabels, popupKindLabels, popupSaveMessages } from '@/features/admin/popup-labels';
import { ui } from '@/features/admin/ui';
import { formOf } from '@/lib/popups/edit-check';
import { requireOperator } from '@/server/admin/session';
import { popupCheckSite } from '@/server/popups/site';
import { ConsoleTable } from '@/features/admin/console-table';
import { ActionButton } from '@/features/admin/action-button';
import { SplitTestSection } from '@/features/admin/split-test-section';

export const metadata: Metadata = { title: 'Поп-ап' };

export default async function PopupPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ saved?: string; restored?: string; restore?: string; test?: string }> }) {
  const { id } = await params;
  const { saved, restored, restore, test } = await searchParams;
  const { runtime } = await requireOperator();
  const [popup, history, all] = await Promise.all([runtime.repos.popups.get(id), runtime.repos.popups.history(id), runtime.repos.popups.list()]);
  if (!popup) notFound();
  const site = popupCheckSite();
  const others = all.map(({ id: otherId, config }) => ({ id: otherId, config }));
  const marker = popup.config.pageMarker;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/popups" className={ui.link}>
          ← Все поп-апы
        </Link>
      </p>
      <h1 className={ui.h1}>Поп-ап «{id}»</h1>
      <p className="mb-4 max-w-3xl text-sm">
        {popupKindLabels[popup.config.content.kind]}. Версия {popup.version}, изменён {moscowTime(popup.updatedAt)}. Сохранённое увидят новые
        посетители в течение минуты, без сборки сайта. Картинки и формы меняются в файлах (content/popups.ts).
      </p>
      <PopupEditForm
        key={popup.version}
        id={id}
        version={popup.version}
        form={formOf(popup.config)}
        paths={site.paths}
        others={others}
        justSaved={saved === String(popup.version)}
        markerNote={marker ? `Также показывается на страницах с меткой «${marker}» (страница подарка) — там он важнее любого пути.` : null}
      />
      <SplitTestSection popup={popup} notice={test ?? null} />
      <h2 className={ui.h2}>История изменений</h2>
      {restored === String(popup.version) && (
        <p role="status" className="mb-2 text-sm">
          {popupSaveMessages.restored(popup.version)}
        </p>
      )}
      {restore === 'refused' && (
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
            <td>{version.actor ?? 'из файла content/popups.ts'}</td>
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
                <ActionButton
                  action={rollbackPopupAction}
                  fields={{ id, target: version.version, version: popup.version }}
                  label={`Вернуть эту версию (${version.version})`}
                >
                  Вернуть эту версию
                </ActionButton>
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}
