import { pluralRu } from '@/lib/plural';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2025-03-14" -> "14 марта 2025 г." Content dates are calendar days, so they are read and shown in UTC. */
export function formatDay(isoDay: string): string {
  return dateFormat.format(new Date(`${isoDay}T00:00:00Z`));
}

const minuteForms = { one: 'минута', few: 'минуты', many: 'минут' };

/** "1 минута чтения", "4 минуты чтения", "12 минут чтения". */
export function readingTime(minutes: number): string {
  return `${minutes} ${pluralRu(minutes, minuteForms)} чтения`;
}

const articleForms = { one: 'статья', few: 'статьи', many: 'статей' };

/** "1 статья", "3 статьи", "5 статей". */
export function articleCount(count: number): string {
  return `${count} ${pluralRu(count, articleForms)}`;
}

/** "Мария Лебедева, руководитель образовательных программ": the byline of an article. */
export function authorLine(author: { name: string; role: string }): string {
  return `${author.name}, ${author.role.charAt(0).toLowerCase()}${author.role.slice(1)}`;
}
