import type { FormSettings } from '@/content/shared/schema';
import type { CourseInput } from './schema';

/**
 * Pieces several course files share: the cover image convention, form settings and the answers the
 * school gives the same way on every course page (payment, tax deduction, refunds, documents).
 */

export function courseImage(slug: string, alt: string): CourseInput['image'] {
  return { src: `/images/courses/${slug}.webp`, alt, width: 1200, height: 750 };
}

/** Form ids are `course-{slug}` for the base page and `course-{slug}-{variant}` for a variant. */
export function courseForm(slug: string, productName: string, event: FormSettings['event'] = 'application'): FormSettings {
  return { formId: `course-${slug}`, productName, event };
}

/**
 * The study time a week the school names (the FAQ's answer below) and search engines read: the course
 * page's structured data gives the upper figure as its `courseSchedule` (features/course-page/structured-data.ts).
 */
export const weeklyStudyHours = { from: 10, to: 12 } as const;

export const commonFaq = {
  installments: {
    question: 'Можно ли оплатить в рассрочку?',
    answer:
      'Да. Рассрочку без переплат на срок до 24 месяцев оформляют банки-партнёры прямо на странице оплаты — решение приходит за несколько минут, справки о доходах не нужны. Первый платёж — через месяц после оформления.',
  },
  taxDeduction: {
    question: 'Можно ли вернуть 13% стоимости через налоговый вычет?',
    answer:
      'Да. У школы есть образовательная лицензия, поэтому за обучение можно получить социальный налоговый вычет. После оплаты пришлём договор, лицензию и справку об оплате — как оформить вычет, рассказываем на странице «Справка для налогового вычета».',
  },
  refund: {
    question: 'Что если обучение не подойдёт?',
    answer:
      'В первые 14 дней после старта вернём деньги полностью, без вопросов. Позже — за вычетом стоимости пройденных модулей, как указано в договоре-оферте.',
  },
  certificate: {
    question: 'Какой документ я получу?',
    answer:
      'Удостоверение о повышении квалификации установленного образца (если у вас есть среднее профессиональное или высшее образование) или сертификат школы. Оба документа вносятся в реестр и проверяются по номеру.',
  },
  weeklyTime: {
    question: 'Сколько времени нужно на учёбу?',
    answer: `В среднем ${weeklyStudyHours.from}–${weeklyStudyHours.to} часов в неделю: 3–4 часа на уроки и 6–8 часов на практику. Дедлайны мягкие — можно взять паузу до двух месяцев и вернуться в следующий поток.`,
  },
  employment: {
    question: 'Помогаете ли вы с трудоустройством?',
    answer:
      'Да. Карьерный центр помогает составить резюме и портфолио на GitHub, проводит пробные технические собеседования и передаёт резюме выпускников компаниям-партнёрам. Поиск работы — общая задача: в среднем выпускники находят первую работу за 3–4 месяца после защиты диплома.',
  },
  freeAccess: {
    question: 'Курс правда бесплатный?',
    answer: 'Да, полностью: без пробного периода, привязки карты и скрытых платежей. Доступ к урокам остаётся у вас навсегда.',
  },
} as const;
