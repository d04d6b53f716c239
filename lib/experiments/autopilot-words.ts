/**
 * The autopilot's words: the elements a test changes, why a test is proposed, how a test ended, and the
 * weekly message to Telegram and e-mail (what was decided, what runs, what is proposed). Pure.
 */
import type { AutopilotElement, Opportunity } from './autopilot';

/** The elements in the console's words (the pop-up's «Текст», the page's «Подзаголовок» and «Цена на первом месте»). */
export const elementLabels: Record<AutopilotElement, string> = {
  headline: 'Заголовок',
  subheadline: 'Подзаголовок',
  text: 'Текст',
  buttonLabel: 'Надпись на кнопке',
  leadTariff: 'Цена на первом месте',
};

const integer = (n: number) =>
  Math.round(n)
    .toLocaleString('ru-RU')
    .replace(/\u00a0/g, ' ');
const percent = (x: number) => `${(x * 100).toFixed(1).replace('.', ',')} %`;

/** Why the autopilot proposes a test, in one sentence. */
export function proposalReason(o: Pick<Opportunity, 'missed' | 'rate' | 'daysNeeded' | 'source'>): string {
  const source = o.source === 'learned' ? 'вариант победил в тесте на другой странице' : 'вариант из шаблонов команды';
  return `За четыре недели ${integer(o.missed)} посетителей ушли без заявки (конверсия ${percent(o.rate)}); ${source}; тесту нужно около ${integer(o.daysNeeded)} дн.`;
}

/** How an autopilot's test ended (`autopilot_proposals.end_reason`). */
export const endReasons = ['result', 'futility', 'horizon', 'by_hand'] as const;
export type EndReason = (typeof endReasons)[number];

export function endReasonText(reason: EndReason, kept: boolean): string {
  if (reason === 'futility') return 'остановлен: шансов увидеть разницу почти нет (правило бесполезности)';
  if (reason === 'horizon') return 'закончен: разницы не видно за весь плановый срок';
  if (reason === 'by_hand') return 'остановлен вручную';
  return kept ? 'закончен выводом, победитель оставлен' : 'закончен выводом';
}

export interface WeeklyLine {
  /** The place's name (content/names.ts). */
  place: string;
  element: AutopilotElement;
  /** What B tries. */
  text: string;
}

/**
 * The weekly message: what was decided in the week, what runs, what is proposed and waits for
 * «Запустить». Null when there is nothing to say (the autopilot off and nothing done).
 */
export function weeklyMessage(input: {
  decided: (WeeklyLine & { reason: EndReason; kept: boolean })[];
  running: WeeklyLine[];
  proposed: WeeklyLine[];
}): string | null {
  if (input.decided.length + input.running.length + input.proposed.length === 0) return null;
  const line = (l: WeeklyLine) => `• ${l.place}: ${elementLabels[l.element].toLowerCase()} «${l.text}»`;
  const section = (title: string, lines: string[]) => [title, ...(lines.length > 0 ? lines : ['• ничего'])].join('\n');
  return [
    'Автопилот тестов: итоги недели',
    section(
      'Решено:',
      input.decided.map((d) => `${line(d)} — ${endReasonText(d.reason, d.kept)}`),
    ),
    section('Идёт:', input.running.map(line)),
    section('Предложено (ждёт «Запустить»):', input.proposed.map(line)),
  ].join('\n\n');
}
