import type { ContentKindName as ContentKind } from './content-types';
import type { VersionState } from './version-states';

/** «Статьи» and «События» in the marketing team's words. */
export const kindWords: Record<
  ContentKind,
  { section: string; one: string; newOne: string; create: string; address: (slug: string) => string; all: string; titleField: string }
> = {
  article: {
    section: 'Статьи',
    one: 'Статья',
    newOne: 'Новая статья',
    create: 'Новая статья',
    address: (slug) => `/media/${slug}`,
    all: '← Все статьи',
    titleField: 'Заголовок',
  },
  event: {
    section: 'События',
    one: 'Событие',
    newOne: 'Новое событие',
    create: 'Новое событие',
    address: (slug) => `/events/${slug}`,
    all: '← Все события',
    titleField: 'Название',
  },
};

export const versionStateWords: Record<VersionState, string> = {
  draft: 'черновик',
  on_site: 'на сайте',
  scheduled: 'выйдет',
  replaced: 'была на сайте',
  cancelled: 'отменена',
};

/** The field labels, as the forms show them and the problems name them (an event's title is its «Название»: `labelOf`). */
export const fieldLabels: Record<string, string> = {
  slug: 'Адрес страницы',
  title: 'Заголовок',
  lead: 'Лид',
  body: 'Текст',
  category: 'Рубрика',
  author: 'Автор',
  cover: 'Обложка',
  startsAt: 'Дата и время',
  place: 'Место или ссылка',
  description: 'Описание',
  formHeading: 'Заголовок формы регистрации',
  formText: 'Текст у формы регистрации',
  buttonLabel: 'Надпись на кнопке',
  publishAt: 'Дата и время публикации',
};

export const saveMessages = {
  draft: 'Черновик сохранён. На сайте его нет, пока вы его не опубликуете.',
  now: 'Опубликовано. Новые посетители увидят эту версию в течение минуты.',
  at: (moment: string) => `Запланировано: эта версия появится на сайте ${moment}.`,
  restored: (version: number) => `Версия ${version} снова на сайте.`,
  refused: 'Не сохранено: исправьте отмеченное ниже.',
};

export function labelOf(kind: ContentKind, field: string): string | undefined {
  return field === 'title' ? kindWords[kind].titleField : fieldLabels[field];
}
