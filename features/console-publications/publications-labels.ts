import { formatMoscowMoment } from '@/lib/calendar';
import type { DueEntry, ReleaseRun } from '@/server/repositories/release-runs';
import type { Publication, PublicationKind } from './schedule';

/** «Публикации» in the marketing team's words. */
export const publicationKindLabels: Record<PublicationKind, string> = {
  article: 'Статья',
  story: 'История студента',
  roadmap: 'Статья дорожной карты',
  event: 'Событие',
  popup: 'Поп-ап',
  gift: 'Подарок',
  price: 'Цена курса',
};

export const publicationChangeLabels: Record<Publication['change'], string> = {
  appears: 'появится',
  changes: 'изменится',
  ends: 'закончится',
};

/** «16 декабря, 00:10 МСК, с выпуском по таймеру» for a dated entry; the moment alone otherwise. */
export function publicationMoment(publication: Publication, now: number): string {
  const moment = formatMoscowMoment(publication.at, now);
  return publication.withRelease ? `${moment}, с выпуском по таймеру` : moment;
}

function dueList(due: readonly DueEntry[]): string {
  return due.map((entry) => `${publicationKindLabels[entry.kind].toLowerCase()} «${entry.title}»`).join(', ');
}

/** What the timer's last run did, in a sentence. */
export function lastRunText(run: ReleaseRun | null, now: number): string {
  // Nothing wrong: the timer releases only what files date, and the console's publications need no release.
  if (!run) return 'Запусков пока не было. Таймер нужен только статьям и событиям, дата которых записана в файлах; опубликованное в консоли выходит само.';
  const when = formatMoscowMoment(run.ranAt, now);
  return run.outcome === 'release' ? `${when}: вышли ${dueList(run.due)} — сайт пересобран.` : `${when}: публиковать было нечего, сайт не пересобирался.`;
}

export function nextRunText(next: number, now: number): string {
  return `${formatMoscowMoment(next, now)}: выпуск будет, если на этот день что-то запланировано.`;
}

/** What «Отменить» will do, said in its dialog. */
export function cancelWords(publication: Publication): string {
  switch (publication.target?.source) {
    case 'content':
      return publication.change === 'changes'
        ? 'Эта версия не выйдет: на сайте останется то, что там сейчас. Она останется в истории, её можно будет вернуть.'
        : 'Эта версия не выйдет: страница не появится. Версия останется в истории, её можно будет опубликовать позже.';
    case 'price':
      return 'Эти цены не вступят в силу: на сайте останутся нынешние. Версия останется в истории курса в «Ценах».';
    case 'popup':
      return publication.change === 'appears'
        ? 'Поп-ап будет выключен и не появится. Включить его снова можно на его странице в «Поп-апах».'
        : 'Поп-ап не закончится в это время, а будет показываться дальше.';
    case 'gift':
      return 'Окно подарка будет удалено целиком: подарок в это время не появится.';
    default:
      return '';
  }
}

/** What the page says after «Отменить» or «Перенести». */
export const publicationNotices = {
  cancelled: 'Публикация отменена.',
  moved: 'Публикация перенесена.',
  gone: 'Этой публикации уже нет в списке: возможно, она уже вышла или её отменили.',
};
