import { variantLetter } from '@/lib/experiments/variants';
import type { PageTestProblem, PageVariantField } from '@/lib/page-tests/variants';

/** The page tests' labels, exactly as the team names them. */
export const pageTestLabels = {
  title: 'Тесты страниц',
  create: 'Новый тест страницы',
  page: 'Страница',
  save: 'Сохранить варианты',
  createButton: 'Создать тест',
  start: 'Начать тест',
  stop: 'Остановить тест',
  keep: (variant: number) => `Оставить вариант ${variantLetter(variant)}`,
  keepConfirm: (variant: number) => `Да, оставить вариант ${variantLetter(variant)}`,
  cancel: 'Отмена',
  results: 'Результаты теста',
  original: 'Как на странице',
  fields: {
    headline: 'Заголовок',
    subheadline: 'Подзаголовок',
    buttonLabel: 'Надпись на кнопке',
    leadTariff: 'Цена на первом месте',
  } satisfies Record<PageVariantField, string>,
  status: { draft: 'черновик', running: 'идёт', stopped: 'остановлен', kept: 'завершён' } as Record<string, string>,
} as const;

export function pageTestProblemText(problem: PageTestProblem): string {
  switch (problem.code) {
    case 'too_long':
      return `Не длиннее ${problem.max} знаков`;
    case 'unknown_tariff':
      return 'На этой странице нет такого тарифа';
    case 'no_change':
      return 'Измените в варианте хотя бы одно поле';
    case 'unknown_page':
      return 'Выберите страницу курса или кампании';
    case 'no_variants':
      return 'Добавьте хотя бы один вариант (B): измените в нём заголовок, подзаголовок, надпись на кнопке или цену на первом месте';
  }
}

/** What a page of the console says after an action (`?done=<code>`). */
export const pageTestMessages: Record<string, string> = {
  created: 'Тест создан. Проверьте варианты и нажмите «Начать тест».',
  saved: 'Варианты сохранены: на всех серверах сайта они появятся в течение минуты.',
  started: 'Тест начат: новые посетители поровну делятся между вариантами.',
  running: 'На этой странице уже идёт другой тест: остановите его, чтобы начать новый.',
  stopped: 'Тест остановлен: все видят страницу как есть (вариант A).',
  kept: 'Тест завершён. Перенесите тексты выбранного варианта на страницу курса (content/courses) — до этого все видят страницу как есть.',
  not_running: 'Этот тест уже не идёт.',
  not_found: 'Такого теста нет.',
  conflict: 'Тест изменили одновременно с вами: откройте его заново.',
};

/** «12 345 ₽» from kopecks. */
export function rubles(kopecks: number): string {
  return `${Math.round(kopecks / 100).toLocaleString('ru-RU')} ₽`;
}
