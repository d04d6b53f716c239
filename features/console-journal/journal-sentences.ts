/**
 * «Журнал» in sentences: each kind of action says what was done to what, by names (content/names.ts),
 * from the row's subject and details («Изменён поп-ап «Скидка на курс «…»»: заголовок»). The row as
 * stored stays under «Технические подробности». An action with no sentence here (a new kind) is said by
 * its label (journal-labels.ts) and its subject.
 */
import { giftName, popupName } from '@/content/names';
import { moscowDayTime } from '@/components/console/moscow-time';
import type { AuditAction, AuditEntry } from '@/server/repositories/audit';
import { auditActionText, isFoldedAction } from './journal-labels';

type Entry = Pick<AuditEntry, 'action' | 'count' | 'subject' | 'details' | 'at'>;

const numberOf = (entry: Entry, key: string): number | null => (typeof entry.details?.[key] === 'number' ? (entry.details[key] as number) : null);
const textOf = (entry: Entry, key: string): string | null => (typeof entry.details?.[key] === 'string' ? (entry.details[key] as string) : null);
const listOf = (entry: Entry, key: string): string[] => (Array.isArray(entry.details?.[key]) ? (entry.details[key] as unknown[]).map(String) : []);

/** The pop-up of the row (its subject is the pop-up's id), by name. */
const popup = (entry: Entry) => `«${popupName(entry.subject ?? '')}»`;
/** `lead 12` → `№12`. */
const leadNumber = (entry: Entry) => `№${/\d+/.exec(entry.subject ?? '')?.[0] ?? '?'}`;

/** The pop-up form's fields (popup-actions.ts `fields`) and, for older rows, the stored keys (`changes`), in words. */
const popupFieldWords: Record<string, string> = {
  headline: 'заголовок',
  text: 'текст',
  buttonLabel: 'надпись на кнопке',
  delaySeconds: 'задержка',
  includePaths: 'страницы показа',
  excludePaths: 'страницы-исключения',
  startsAt: 'начало показа',
  endsAt: 'конец показа',
  price: 'цена подарка',
  oldPrice: 'зачёркнутая цена',
  content: 'тексты или цены',
  showDelayMs: 'задержка',
  variants: 'варианты для теста',
};

function popupChanges(entry: Entry): string {
  const fields = listOf(entry, 'fields');
  const words = (fields.length > 0 ? fields : listOf(entry, 'changes')).map((key) => {
    if (key === 'enabled') return entry.details?.enabled === false ? 'выключен' : entry.details?.enabled === true ? 'включён' : 'показ';
    return popupFieldWords[key] ?? 'другие настройки';
  });
  return words.length > 0 ? `: ${[...new Set(words)].join(', ')}` : ' без изменений';
}

/** A gift window of the row: «Курс «…»»: 16 декабря, 10:00 МСК – 17 декабря, 10:00 МСК; an older row by its stored text. */
function giftWindow(entry: Entry): string {
  const [gift, start, end] = [numberOf(entry, 'giftNumber'), numberOf(entry, 'startTimestamp'), numberOf(entry, 'endTimestamp')];
  if (gift !== null && start !== null && end !== null) return ` «${giftName(gift)}»: ${moscowDayTime(start, entry.at)} – ${moscowDayTime(end, entry.at)}`;
  const stored = textOf(entry, 'window');
  return stored ? `: ${stored}` : entry.subject ? ` (${entry.subject})` : '';
}

const alertFieldWords: Record<string, string> = {
  telegramChats: 'Telegram-чаты',
  emails: 'адреса e-mail',
  openMinute: 'часы работы',
  closeMinute: 'часы работы',
  days: 'рабочие дни',
  withoutPersonalData: '«Без личных данных»',
};

/** ISO weekdays, 1 Monday … 7 Sunday, as the «Уведомления» page writes them. */
const weekdays = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];

function alertSettings(entry: Entry): string {
  const changed = [...new Set(listOf(entry, 'changed').map((key) => alertFieldWords[key] ?? 'другие настройки'))];
  const parts = [
    changed.length > 0 ? `изменены ${changed.join(', ')}` : 'без изменений',
    `Telegram-чатов ${numberOf(entry, 'telegramChats') ?? 0}, адресов e-mail ${numberOf(entry, 'emails') ?? 0}`,
    `часы ${textOf(entry, 'hours') ?? '—'}, дни ${
      (textOf(entry, 'days') ?? '')
        .split(',')
        .map((day) => weekdays[Number(day) - 1])
        .filter(Boolean)
        .join(', ') || '—'
    }`,
  ];
  if (entry.details?.withoutPersonalData === true) parts.push('без личных данных');
  const moved = numberOf(entry, 'heldMoved');
  const dropped = numberOf(entry, 'dropped');
  if (moved) parts.push(`ночных уведомлений перенесено на новые часы: ${moved}`);
  if (dropped) parts.push(`уведомлений убранным получателям удалено: ${dropped}`);
  return parts.join('; ');
}

/** The course of a price row, by its title. */
const priceCourse = (entry: Entry) => `«${textOf(entry, 'title') ?? entry.subject ?? '?'}»`;
/** The figures of a price row as saved, in words: «Базовый» 4 990 ₽/мес. на 12 мес.; … */
const priceFigures = (entry: Entry) => textOf(entry, 'prices') ?? '—';

/** ` с 16 декабря, 10:00 МСК` for a version scheduled ahead of its save; nothing for one in effect at once. */
function priceStart(entry: Entry): string {
  const from = numberOf(entry, 'effectiveFrom');
  return from !== null && entry.details?.scheduled === true ? ` с ${moscowDayTime(from, entry.at)}` : '';
}

/** An article's or event's row: «Статья «…»», «Событие «…»». */
const contentName = (entry: Entry) => `${textOf(entry, 'kind') === 'event' ? 'Событие' : 'Статья'} «${textOf(entry, 'title') ?? entry.subject ?? '?'}»`;

function contentSaved(entry: Entry): string {
  const at = numberOf(entry, 'publishAt');
  if (textOf(entry, 'status') === 'draft' || at === null) return `${contentName(entry)}: сохранён черновик`;
  return at <= entry.at ? `${contentName(entry)}: опубликована новая версия` : `${contentName(entry)}: новая версия выйдет ${moscowDayTime(at, entry.at)}`;
}

/** A scheduled change of «Публикации» (its `name` says what it is: «статья «…»», «цена курса «…»»). */
const publication = (entry: Entry) => textOf(entry, 'name') ?? entry.subject ?? '?';
const momentOf = (entry: Entry, key: string) => {
  const at = numberOf(entry, key);
  return at === null ? '?' : moscowDayTime(at, entry.at);
};

const variantLetter = (index: number | null) => (index === null ? '?' : ('ABCD'[index] ?? String(index + 1)));

const sentences: Partial<Record<AuditAction, (entry: Entry) => string>> = {
  sign_in: () => 'Вход в консоль',
  sign_out: () => 'Выход из консоли',
  export: (entry) =>
    entry.details && 'funnel' in entry.details
      ? 'Выгружен CSV «Кампании»'
      : entry.details?.format === 'xlsx'
        ? 'Выгружен файл Excel с заявками'
        : 'Выгружен CSV заявок',
  resend: (entry) => `Заявка ${leadNumber(entry)} отправлена в GetCourse заново`,
  resend_all: (entry) =>
    entry.subject === 'уведомления'
      ? `Отправлены заново недоставленные уведомления менеджерам: ${numberOf(entry, 'alerts') ?? 0}`
      : `Отправлены заново все недоставленные заявки: ${numberOf(entry, 'count') ?? 0}`,
  erase: (entry) => `Удалены данные посетителя ${entry.subject ?? ''}: заявок ${numberOf(entry, 'leads') ?? 0}, отправок ${numberOf(entry, 'deliveries') ?? 0}`,
  spam: (entry) => `Заявка ${leadNumber(entry)} отмечена как спам`,
  not_spam: (entry) => `С заявки ${leadNumber(entry)} снята отметка «спам»`,
  withheld_release: (entry) =>
    entry.subject
      ? `Заявка ${leadNumber(entry)} из «Похоже на спам» выпущена: отправлена в GetCourse и менеджерам`
      : `Выпущены заявки из «Похоже на спам»: ${numberOf(entry, 'leads') ?? 0}, отправлены в GetCourse и менеджерам`,
  withheld_delete: (entry) =>
    entry.subject
      ? `Заявка ${leadNumber(entry)} из «Похоже на спам» удалена безвозвратно`
      : `Удалены безвозвратно заявки из «Похоже на спам»: ${numberOf(entry, 'leads') ?? 0}`,
  schedule_add: (entry) => `Добавлено окно подарка${giftWindow(entry)}`,
  schedule_edit: (entry) => `Изменено окно подарка${giftWindow(entry)}`,
  schedule_remove: (entry) => `Удалено окно подарка${giftWindow(entry)}`,
  popup_save: (entry) => `Изменён поп-ап ${popup(entry)}${popupChanges(entry)}`,
  popup_rollback: (entry) =>
    `Поп-ап ${popup(entry)}: возвращена версия ${numberOf(entry, 'restoredFrom') ?? '?'} (теперь это версия ${numberOf(entry, 'version') ?? '?'})`,
  alerts_save: (entry) => `Уведомления о заявках изменены: ${alertSettings(entry)}`,
  alerts_test: (entry) => `Пробное уведомление отправлено: доставлено ${numberOf(entry, 'delivered') ?? 0} из ${numberOf(entry, 'recipients') ?? 0}`,
  popup_variants_save: (entry) => `Поп-ап: сохранены варианты для теста (${popup(entry)}), вариантов вместе с A: ${numberOf(entry, 'variants') ?? '?'}`,
  popup_test_start: (entry) => `Поп-ап: тест начат (${popup(entry)}), вариантов: ${numberOf(entry, 'variants') ?? '?'}`,
  popup_test_stop: (entry) => `Поп-ап: тест остановлен (${popup(entry)})`,
  price_save: (entry) => `Цены курса ${priceCourse(entry)}${priceStart(entry)}: ${priceFigures(entry)}`,
  price_restore: (entry) => {
    const from = numberOf(entry, 'restoredFrom');
    return `Цены курса ${priceCourse(entry)}: возвращена версия${from === null ? '' : ` от ${moscowDayTime(from, entry.at)}`}: ${priceFigures(entry)}`;
  },
  price_cancel: (entry) => `Отменены цены курса ${priceCourse(entry)}${priceStart(entry)}: ${priceFigures(entry)}`,
  content_save: contentSaved,
  content_restore: (entry) => `${contentName(entry)}: возвращена версия ${numberOf(entry, 'restoredFrom') ?? '?'}`,
  publication_cancel: (entry) => `Отменена публикация: ${publication(entry)} (была назначена на ${momentOf(entry, 'at')})`,
  publication_reschedule: (entry) => `Перенесена публикация: ${publication(entry)} — с ${momentOf(entry, 'from')} на ${momentOf(entry, 'to')}`,
  popup_test_decide: (entry) => `Поп-ап: тест завершён, оставлен вариант ${variantLetter(numberOf(entry, 'variant'))} (${popup(entry)})`,
};

/** What the journal says a row did, as one sentence. */
export function auditSentence(entry: Entry): string {
  const sentence = sentences[entry.action];
  if (sentence) return sentence(entry);
  const label = auditActionText(entry);
  return entry.subject && !isFoldedAction(entry.action) ? `${label}: ${entry.subject}` : label;
}
