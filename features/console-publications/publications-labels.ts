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
};

export const publicationChangeLabels: Record<Publication['change'], string> = {
  appears: 'появится',
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
  if (!run) return 'Таймер выпусков ещё не запускался с этой базой данных.';
  const when = formatMoscowMoment(run.ranAt, now);
  return run.outcome === 'release' ? `${when}: вышли ${dueList(run.due)} — сайт пересобран.` : `${when}: публиковать было нечего, сайт не пересобирался.`;
}

export function nextRunText(next: number, now: number): string {
  return `${formatMoscowMoment(next, now)}: выпуск будет, если на этот день что-то запланировано.`;
}
