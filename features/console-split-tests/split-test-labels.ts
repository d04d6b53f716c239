import type { Verdict } from '@/lib/experiments/sequential';
import { MIN_LEADS, MIN_SHOWS } from '@/lib/experiments/sequential';
import { variantLetter, type VariantProblem, type VariantTexts } from '@/lib/experiments/variants';
import { pluralRu } from '@/lib/plural';

/** The split test's labels, exactly as the issue names them. */
export const splitTestLabels = {
  addVariant: 'Добавить вариант',
  removeVariant: 'Убрать вариант',
  saveVariants: 'Сохранить варианты',
  start: 'Начать тест',
  stop: 'Остановить тест',
  keep: (variant: number) => `Оставить вариант ${variantLetter(variant)}`,
  results: 'Результаты теста',
  fields: { headline: 'Заголовок', text: 'Текст', buttonLabel: 'Надпись на кнопке' } satisfies Record<keyof VariantTexts, string>,
} as const;

/** «+12,3 %», «−4 %»; without the sign of per cent when `bare` («+5,2», the range's first end). */
export function signedPercent(x: number, bare = false): string {
  const value = Math.round(x * 1000) / 10;
  const text = Math.abs(value).toLocaleString('ru-RU', { maximumFractionDigits: 1 });
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${text}${bare ? '' : ' %'}`;
}

/** «(от +5,2 до +37,4 %)». */
export const range = (low: number, high: number) => `(от ${signedPercent(low, true)} до ${signedPercent(high)})`;

/** «3,2 %». */
export function percent(x: number): string {
  return `${(Math.round(x * 1000) / 10).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;
}

/** A p-value for the table: «< 0,001», «0,034». */
export function pValueText(p: number): string {
  if (p < 0.001) return '< 0,001';
  return p.toLocaleString('ru-RU', { maximumFractionDigits: 3, minimumFractionDigits: 3 });
}

/** The plain-Russian verdict. */
export function verdictText(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'early':
      return verdict.daysToFloor === null
        ? 'Пока рано судить'
        : `Пока рано судить: нужно хотя бы ${MIN_SHOWS} показов и ${MIN_LEADS} заявок у каждого варианта; при нынешнем потоке — примерно через ${verdict.daysToFloor} ${pluralRu(verdict.daysToFloor, { one: 'день', few: 'дня', many: 'дней' })}`;
    case 'srm':
      return 'Показы разделились между вариантами неравномерно, хотя должны поровну: так бывает, когда один вариант ломается или его чаще пропускают. Вывод скрыт, пока разделение не выровняется; проверьте поп-ап на сайте.';
    case 'better':
      return `Вариант ${variantLetter(verdict.variant)} лучше A: ${signedPercent(verdict.estimate)} ${range(verdict.low, verdict.high)}`;
    case 'worse':
      return `Вариант ${variantLetter(verdict.variant)} хуже A: ${signedPercent(verdict.estimate)} ${range(verdict.low, verdict.high)}`;
    case 'no_difference':
      return verdict.reachedHorizon
        ? 'Разницы нет: тест набрал запланированные показы, а заметной разницы между вариантами не нашлось'
        : 'Разницы нет: разница между вариантами, если она есть, меньше 10 %';
  }
}

export function variantProblemText(problem: VariantProblem): string {
  if (problem.code === 'price_reference') return `${problem.message.charAt(0).toUpperCase()}${problem.message.slice(1)}`;
  return problem.code === 'empty' ? 'Заполните это поле' : `Не длиннее ${problem.max} знаков`;
}

export const splitTestMessages: Record<string, string> = {
  started: 'Тест начат: новые посетители поровну делятся между вариантами.',
  stopped: 'Тест остановлен: все видят вариант A.',
  decided: 'Тест завершён: выбранный вариант стал текстом поп-апа.',
  decided_conflict: 'Тест завершён, но тексты не сохранены: кто-то изменил поп-ап одновременно. Перенесите тексты варианта вручную.',
  running: 'Тест уже идёт.',
  not_running: 'Этот тест уже не идёт.',
  not_form: 'Тест возможен только для поп-апа с формой заявки: считаются заявки.',
  no_variants: 'Сначала добавьте и сохраните хотя бы один вариант.',
  not_found: 'Поп-ап не найден.',
};

export const variantsOutcomeText: Record<'invalid' | 'conflict' | 'not_found' | 'running', string> = {
  invalid: 'Проверьте отмеченные поля',
  conflict: 'Кто-то сохранил поп-ап одновременно с вами: обновите страницу',
  not_found: 'Поп-ап не найден',
  running: 'Пока идёт тест, варианты менять нельзя: остановите его',
};
