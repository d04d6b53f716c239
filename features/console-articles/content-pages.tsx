import Link from 'next/link';
import { ConfirmDialog } from '@/components/console/confirm-dialog';
import { ConsoleTable } from '@/components/console/console-table';
import { moscowDayTime, moscowTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import type { ContentKind } from '@/server/repositories/content-entries';
import { restoreContentAction } from './content-actions';
import { ContentForm } from './content-form';
import { kindWords, saveMessages, versionStateWords } from './content-labels';
import type { ContentEditData, ContentListRow } from './load';

const sectionPath = (kind: ContentKind) => (kind === 'article' ? '/admin/articles' : '/admin/events');

/** «Статьи» / «События»: every entry, the files' and the console's, by title, with where it stands. */
export function ContentListPage({ kind, rows }: { kind: ContentKind; rows: ContentListRow[] }) {
  const words = kindWords[kind];
  return (
    <>
      <h1 className={ui.h1}>{words.section}</h1>
      <p className="mb-4 max-w-3xl text-sm">
        {kind === 'article' ? 'Статьи раздела «Медиа»' : 'События'} из файлов сайта и написанные здесь. Сохранённое в консоли заменяет версию из файла;
        опубликованное новые посетители увидят в течение минуты, без сборки сайта.
      </p>
      <p className="mb-4">
        <Link href={`${sectionPath(kind)}/new`} className={ui.primaryButton}>
          {words.create}
        </Link>
      </p>
      <ConsoleTable
        caption={`${words.section} по названию`}
        columns={[words.titleField, 'Адрес', 'Состояние']}
        items={rows}
        renderRow={(row) => (
          <tr key={row.slug}>
            <td>
              <Link href={`${sectionPath(kind)}/${row.slug}`} className={ui.link}>
                {row.title}
              </Link>
            </td>
            <td className="font-mono">{words.address(row.slug)}</td>
            <td>{row.state}</td>
          </tr>
        )}
      />
    </>
  );
}

/** What the address says just happened: a version `saved` or `restored`, or a restore `refused`. */
export interface ContentNotices {
  saved?: string;
  restored?: string;
  restore?: string;
}

/** An article's or event's page: its form, then its history with «Посмотреть как на сайте» and «Вернуть эту версию». */
export function ContentEditPage({ data, notices }: { data: ContentEditData; notices: ContentNotices }) {
  const { kind, slug, history, now } = data;
  const words = kindWords[kind];
  const saved = history.find((row) => String(row.version.id) === notices.saved);
  const restored = history.find((row) => String(row.version.id) === notices.restored);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={sectionPath(kind)} className={ui.link}>
          {words.all}
        </Link>
      </p>
      <h1 className={ui.h1}>{slug ? `${words.one} «${data.values.title ?? slug}»` : words.newOne}</h1>
      {saved && (
        <p role="status" className="mb-4 text-sm">
          {saved.version.status === 'draft'
            ? saveMessages.draft
            : saved.version.publishAt! > now
              ? saveMessages.at(moscowDayTime(saved.version.publishAt!, now))
              : saveMessages.now}{' '}
          <Link href={`${sectionPath(kind)}/${slug}/versions/${saved.version.id}`} className={ui.link}>
            Посмотреть как на сайте
          </Link>
        </p>
      )}
      {restored && (
        <p role="status" className="mb-4 text-sm">
          {saveMessages.restored(restored.version.restoredFrom ?? restored.version.id)}
        </p>
      )}
      {notices.restore === 'refused' && (
        <p role="alert" className="mb-4 text-sm text-red-700">
          Эту версию вернуть нельзя: обновите страницу.
        </p>
      )}
      <ContentForm
        key={history[0]?.version.id ?? 'new'}
        kind={kind}
        isNew={slug === null}
        values={data.values}
        coverSrc={data.coverSrc}
        categories={data.categories}
        authors={data.authors}
      />
      {slug && (
        <>
          <h2 className={ui.h2}>История изменений</h2>
          {history.length === 0 ? (
            <p className="text-sm">Пока на сайте версия из файла: в консоли её ещё не сохраняли.</p>
          ) : (
            <ConsoleTable
              caption="Версии, новые сверху"
              columns={['Версия', 'Сохранена', 'Кто', 'Состояние', words.titleField, { label: 'Действия', srOnly: true }]}
              items={history}
              renderRow={({ version, state }) => (
                <tr key={version.id}>
                  <td>{version.id}</td>
                  <td>{moscowTime(version.createdAt)}</td>
                  <td>{version.operator}</td>
                  <td>
                    {state === 'scheduled' ? `выйдет ${moscowDayTime(version.publishAt!, now)}` : versionStateWords[state]}
                    {version.restoredFrom !== null && ` (возвращена версия ${version.restoredFrom})`}
                  </td>
                  <td>{String(version.fields.title ?? '')}</td>
                  <td className="flex flex-wrap gap-2">
                    <Link
                      href={`${sectionPath(kind)}/${slug}/versions/${version.id}`}
                      className={ui.link}
                      aria-label={`Посмотреть как на сайте (версия ${version.id})`}
                    >
                      Посмотреть как на сайте
                    </Link>
                    {state !== 'on_site' && (
                      <ConfirmDialog
                        action={restoreContentAction}
                        fields={{ kind, slug, target: version.id }}
                        trigger="Вернуть эту версию"
                        triggerLabel={`Вернуть эту версию (${version.id})`}
                        title={`Вернуть версию ${version.id}?`}
                        description="Её текст сразу окажется на сайте как новая версия. Текущая останется в истории."
                        confirm={`Вернуть версию ${version.id}`}
                        danger={false}
                      />
                    )}
                  </td>
                </tr>
              )}
            />
          )}
        </>
      )}
    </>
  );
}
