import { SUSPICIOUS_SHARE } from '@/lib/traffic-share';
import type { TrustProblem } from '@/lib/experiments/trust';
import { variantLetter, type VariantProblem, type VariantTexts } from '@/lib/experiments/variants';
import { pluralRu } from '@/lib/plural';
import { priceProblemSentence } from '@/content/validation/price-problems';

/** The split test's labels, exactly as the issue names them. */
export const splitTestLabels = {
  addVariant: 'Добавить вариант',
  removeVariant: 'Убрать вариант',
  saveVariants: 'Сохранить варианты',
  start: 'Начать тест',
  stop: 'Остановить тест',
  keep: (variant: number) => `Оставить вариант ${variantLetter(variant)}`,
  autoKeep: 'Оставить победителя автоматически',
  autoKeepHint:
    'Когда тест придёт к выводу, сайт сам оставит лучший вариант (а если разницы нет или все хуже — вариант A) и напишет туда же, куда приходят уведомления о заявках.',
  confirmKeep: (variant: number) => `Да, оставить вариант ${variantLetter(variant)}`,
  confirmKeepTitle: (variant: number) => `Оставить вариант ${variantLetter(variant)}, не дожидаясь вывода?`,
  cancel: 'Отмена',
  howComputed: 'Как считается',
  results: 'Результаты теста',
  fields: { headline: 'Заголовок', text: 'Текст', buttonLabel: 'Надпись на кнопке' } satisfies Record<keyof VariantTexts, string>,
} as const;

/** «3,2 %». */
export function percent(x: number): string {
  return `${(Math.round(x * 1000) / 10).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;
}

/** A p-value for the table: «< 0,001», «0,034»; `atLeast`: «≥ 0,05». */
export function pValueText(p: number, atLeast = false): string {
  if (atLeast) return `≥ ${p.toLocaleString('ru-RU', { maximumFractionDigits: 3, minimumFractionDigits: 2 })}`;
  if (p < 0.001) return '< 0,001';
  return p.toLocaleString('ru-RU', { maximumFractionDigits: 3, minimumFractionDigits: 3 });
}

export function variantProblemText(problem: VariantProblem): string {
  if (problem.code === 'price_reference') return priceProblemSentence(problem.problem);
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

/** «из 12 сетей», «из 21 сети». */
const fromNetworks = (count: number) => `из ${count.toLocaleString('ru-RU')} ${pluralRu(count, { one: 'сети', few: 'сетей', many: 'сетей' })}`;
/** «20 сетей», «21 сеть», «22 сети». */
const networksText = (count: number) => `${count.toLocaleString('ru-RU')} ${pluralRu(count, { one: 'сеть', few: 'сети', many: 'сетей' })}`;

/** Why the test's figures may not decide by themselves (lib/experiments/trust.ts), one sentence each. */
/** What a test counts its visitors as: a pop-up's shows, a page's visitors. */
export type CountedAs = 'shows' | 'visitors';
const countedWords = {
  shows: { of: 'показов', them: 'Показы' },
  visitors: { of: 'посетителей', them: 'Посетители' },
} as const;

export function trustProblemText(problem: TrustProblem, countedAs: CountedAs = 'shows'): string {
  const words = countedWords[countedAs];
  if (problem.kind === 'suspicious') {
    return `${percent(problem.share)} ${words.of} и заявок теста сайт не учёл как подозрительные (доверять можно, пока их меньше ${percent(SUSPICIOUS_SHARE)}): похоже, тест подталкивают.`;
  }
  const what = problem.what === 'shows' ? words.them : 'Заявки';
  return `${what} варианта ${variantLetter(problem.variant)} пришли всего ${fromNetworks(problem.networks)}, а нужно хотя бы ${networksText(problem.needed)}: похоже, их присылают немногие.`;
}

/** The heading and the first line of the trust note: what the site will not do by itself. */
export function trustNoteTexts(autoKeep: boolean): { title: string; lead: string; choose: string } {
  return {
    title: 'Цифрам теста пока нельзя доверять',
    lead: `Сайт не объявит вывод этого теста${autoKeep ? ' и не оставит победителя сам' : ''}, пока:`,
    choose: 'Решите сами: посмотрите «Подозрительный трафик» ниже. Вариант можно оставить кнопкой «Оставить вариант …» или остановить тест.',
  };
}
