import { z } from '@/lib/validation/zod';
import { liveContent, type LiveEvent } from './live/state';
import { calendarDateMessage, isCalendarDate, moscowToday } from '@/lib/calendar';
import { courses } from './courses';
import { fieldPath } from './validation/field-labels';
import { quoted, throwProblems } from './validation/problems';
import {
  assertUnique,
  entryLabel,
  type EntrySource,
  faqItemSchema,
  formSettingsSchema,
  imageSchema,
  leadFormTextSchema,
  parseEntries,
  slugSchema,
  textSchema,
  titledTextSchema,
} from './shared/schema';

/**
 * School events under /events/{slug}: quests, marathons and free demo access. The gift promotion
 * (/events/new-year-2425) is its own feature and is not listed here.
 */
export const eventSchema = z.object({
  slug: slugSchema,
  title: textSchema,
  /** What kind of event it is, shown above the title: "Квест", "Марафон", "Демо-доступ". */
  kind: textSchema,
  /** `finished` pages stay up as a record and invite visitors to the next one. */
  status: z.enum(['open', 'upcoming', 'finished']),
  schedule: textSchema,
  /**
   * The first and last day (Moscow time) that `schedule` describes, for search engines' event data; left
   * out for events one can join any day (demo access). A content test checks the two agree.
   */
  dates: z
    .object({ start: z.iso.date(), end: z.iso.date() })
    .refine((dates) => dates.start <= dates.end, { message: 'последний день не может быть раньше первого', path: ['end'] })
    .optional(),
  /**
   * The day (Moscow time, YYYY-MM-DD) the event's page appears, as an article's `publishedAt`: a build
   * before that day leaves it out of every list, the sitemap and its own address (404), and the release
   * timer releases on that morning (scripts/release-due.ts). Left out: the page is there from now on.
   */
  publishedAt: z.string().refine(isCalendarDate, calendarDateMessage).optional(),
  summary: textSchema.max(200, 'не длиннее 200 символов: это описание для поисковиков (meta description)'),
  image: imageSchema,
  hero: z.object({ lead: textSchema, cta: textSchema }),
  facts: z
    .array(z.object({ label: textSchema, value: textSchema }))
    .min(2)
    .max(5),
  /** Left out by an event written in the console, whose page then has no programme, benefits, FAQ or courses. */
  program: z.object({ heading: textSchema, items: z.array(titledTextSchema).min(2) }).optional(),
  benefits: z.array(textSchema).default([]),
  rules: z.array(textSchema).default([]),
  /** What happened, for a finished event. */
  results: z.array(textSchema).default([]),
  faq: z.array(faqItemSchema).default([]),
  relatedCourses: z.array(slugSchema).default([]),
  form: formSettingsSchema,
  leadForm: leadFormTextSchema,
});
export type SchoolEvent = z.infer<typeof eventSchema>;
type EventInput = z.input<typeof eventSchema>;

export const eventStatusLabels: Record<SchoolEvent['status'], string> = {
  open: 'Идёт набор',
  upcoming: 'Скоро',
  finished: 'Завершено',
};

const entries: EventInput[] = [
  {
    slug: 'snow-quest',
    title: 'Снежный квест: 12 задач на JavaScript',
    kind: 'Квест',
    status: 'upcoming',
    schedule: 'С 15 декабря 2026 по 15 января 2027 года',
    dates: { start: '2026-12-15', end: '2027-01-15' },
    summary:
      'Новогодний квест для начинающих и опытных: каждый день открывается задача на JavaScript. Решайте, поднимайтесь в таблице лидеров и выигрывайте курсы школы.',
    image: { src: '/images/events/snow-quest.webp', alt: 'Снежинки на голубом фоне', width: 1200, height: 750 },
    hero: {
      lead: 'Двенадцать зимних задач — от разминки до настоящей головоломки. Решайте в браузере в своём темпе: каждое решение проверяется автоматически, а лучшие получат курсы школы в подарок.',
      cta: 'Зарегистрироваться на квест',
    },
    facts: [
      { label: 'Даты', value: '15 декабря — 15 января' },
      { label: 'Формат', value: 'онлайн, задачи в браузере' },
      { label: 'Уровень', value: 'от новичка до middle' },
      { label: 'Участие', value: 'бесплатно' },
    ],
    program: {
      heading: 'Как устроен квест',
      items: [
        {
          title: 'Задачи открываются по расписанию',
          text: 'Новая задача появляется каждые два-три дня в 10:00 по Москве. Пропустили день — не страшно: все задачи остаются открытыми до конца квеста.',
        },
        {
          title: 'Три уровня сложности',
          text: 'Первые четыре задачи — для тех, кто только начал учить JavaScript, следующие четыре — на работу с массивами и объектами, последние — на асинхронность и алгоритмы.',
        },
        {
          title: 'Автоматическая проверка',
          text: 'Решение проверяют тесты: вы сразу видите, какие случаи прошли, а какие нет, и можете отправлять решение сколько угодно раз.',
        },
        { title: 'Разбор в прямом эфире', text: '16 января наставники разберут все задачи в прямом эфире и покажут несколько элегантных решений участников.' },
      ],
    },
    benefits: [
      'Практика на 12 задачах, похожих на задачи с собеседований',
      'Разбор решений от наставников школы',
      'Сертификат участника за 6 и более решённых задач',
      'Призы для первой двадцатки таблицы лидеров',
    ],
    rules: [
      'Главный приз — курс «Продвинутый JavaScript»; места со 2-го по 5-е — курс «TypeScript для фронтенд-разработчика», с 6-го по 20-е — курс «Git и GitHub».',
      'Место в таблице определяется числом решённых задач, при равенстве — суммарным временем решения от открытия задачи.',
      'Решения проверяются на самостоятельность: одинаковые решения у разных участников снимаются с зачёта.',
      'Итоги объявим 16 января 2027 года в эфире и на этой странице.',
    ],
    faq: [
      {
        question: 'Я только начал учить JavaScript. Есть ли смысл участвовать?',
        answer: 'Да. Первые задачи рассчитаны на тех, кто знает переменные, условия и циклы, а к каждой задаче есть подсказка со ссылкой на нужную тему.',
      },
      {
        question: 'Можно ли решать на TypeScript?',
        answer: 'Нет, в этот раз только JavaScript: проверяющая система запускает решения в одном окружении для всех.',
      },
      { question: 'Как получить приз?', answer: 'Победителям напишем на почту, указанную при регистрации, в течение трёх дней после объявления итогов.' },
    ],
    relatedCourses: ['advanced-js', 'javascript-learn', 'junior-js'],
    form: { formId: 'event-snow-quest', productName: 'snow_quest', event: 'lead' },
    leadForm: { heading: 'Зарегистрируйтесь на квест', description: 'Оставьте контакты — пришлём ссылку на первую задачу 15 декабря и напомним о разборе.' },
  },
  {
    slug: 'spring-2025',
    title: 'Весенний марафон вёрстки 2025',
    kind: 'Марафон',
    status: 'finished',
    schedule: 'Прошёл с 14 по 20 апреля 2025 года',
    dates: { start: '2025-04-14', end: '2025-04-20' },
    summary: 'Семь дней — семь блоков одной страницы: бесплатный марафон по HTML и CSS, в котором участники сверстали адаптивный лендинг по макету.',
    image: { src: '/images/events/spring-2025.webp', alt: 'Весенние цветы на зелёном фоне', width: 1200, height: 750 },
    hero: {
      lead: 'Весной 2025 года мы провели марафон для тех, кто хотел попробовать вёрстку: каждый день участники добавляли к странице новый блок и к воскресенью опубликовали готовый лендинг. Марафон завершён — оставьте контакты, и мы позовём вас на следующий.',
      cta: 'Узнать о следующем марафоне',
    },
    facts: [
      { label: 'Даты', value: '14–20 апреля 2025' },
      { label: 'Участников', value: '3 412' },
      { label: 'Дошли до финала', value: '1 157' },
      { label: 'Участие', value: 'было бесплатным' },
    ],
    program: {
      heading: 'Программа марафона',
      items: [
        { title: 'День 1. Разметка', text: 'Структура страницы, семантические теги и первый экран.' },
        { title: 'День 2. Типографика', text: 'Шрифты, размеры, межстрочные интервалы и ритм текста.' },
        { title: 'День 3. Flexbox', text: 'Карточки преимуществ и навигация.' },
        { title: 'День 4. Grid', text: 'Галерея и блок с тарифами.' },
        { title: 'День 5. Адаптивность', text: 'Вёрстка для телефонов, планшетов и больших экранов.' },
        { title: 'День 6. Формы', text: 'Форма заявки и состояния полей.' },
        { title: 'День 7. Публикация', text: 'Деплой на GitHub Pages и разбор лучших работ.' },
      ],
    },
    benefits: [
      'Готовый адаптивный лендинг в портфолио',
      'Проверка работ наставниками в чате марафона',
      'Запись всех эфиров',
      'Скидка на курсы по вёрстке для участников',
    ],
    results: [
      '1 157 участников опубликовали итоговый лендинг — это треть от зарегистрировавшихся, в два раза больше, чем на осеннем марафоне 2024 года.',
      'Наставники проверили больше 5 800 домашних заданий и ответили на 9 000 вопросов в чате.',
      'Лучшие 10 работ получили курс «Продвинутая вёрстка: HTML и CSS», а 214 участников продолжили обучение на курсах школы.',
    ],
    faq: [
      {
        question: 'Можно ли пройти марафон сейчас?',
        answer: 'Живой марафон завершён, но его уроки вошли в бесплатный курс «HTML и CSS с нуля» — он доступен в любое время.',
      },
      { question: 'Когда следующий марафон?', answer: 'Марафоны проходят два раза в год, весной и осенью. Оставьте контакты — сообщим о дате первыми.' },
    ],
    relatedCourses: ['html-css-free', 'advanced-html-css', 'html-css'],
    form: { formId: 'event-spring-2025', productName: 'spring_marathon', event: 'lead' },
    leadForm: { heading: 'Узнайте о следующем марафоне первыми', description: 'Оставьте контакты — пришлём приглашение за две недели до старта.' },
  },
  {
    slug: 'demo5days',
    title: '5 дней демо-доступа к курсу «Junior фронтенд-разработчик»',
    kind: 'Демо-доступ',
    status: 'open',
    schedule: 'В любой день — доступ открывается сразу после заявки',
    summary: 'Бесплатно пройдите первые уроки профессии: пять дней доступа к платформе, урокам, тренажёру и чату с наставником курса Junior.',
    image: { src: '/images/events/demo5days.webp', alt: 'Календарь с пятью отмеченными днями', width: 1200, height: 750 },
    hero: {
      lead: 'Лучший способ выбрать курс — поучиться на нём. За пять дней вы пройдёте первые уроки, решите задачи в тренажёре и зададите вопросы наставнику. Если решите продолжить — прогресс сохранится.',
      cta: 'Получить демо-доступ',
    },
    facts: [
      { label: 'Длительность', value: '5 дней' },
      { label: 'Формат', value: 'полный доступ к платформе' },
      { label: 'Старт', value: 'сразу после заявки' },
      { label: 'Стоимость', value: 'бесплатно' },
    ],
    program: {
      heading: 'Что успеете за пять дней',
      items: [
        { title: 'День 1. Знакомство', text: 'Как устроен веб, настройка редактора и первая страница.' },
        { title: 'День 2. Вёрстка', text: 'Теги, стили и блочная модель — с практикой в тренажёре.' },
        { title: 'День 3. Первая программа', text: 'Переменные, условия и первые задачи на JavaScript.' },
        { title: 'День 4. Практика', text: 'Мини-проект: интерактивная карточка товара.' },
        { title: 'День 5. Обратная связь', text: 'Наставник проверит проект и ответит на вопросы о профессии и обучении.' },
      ],
    },
    benefits: [
      'Первые 12 уроков курса Junior',
      'Тренажёр с автопроверкой',
      'Проверка мини-проекта наставником',
      'Скидка на курс при оплате в течение демо-периода',
    ],
    rules: ['Демо-доступ можно получить один раз на один адрес почты.', 'Прогресс сохраняется, если вы продолжите обучение на курсе.'],
    faq: [
      { question: 'Нужно ли привязывать карту?', answer: 'Нет. Демо-доступ бесплатный и ни к чему не обязывает: через пять дней он просто закроется.' },
      {
        question: 'Что будет после демо-доступа?',
        answer: 'Менеджер спросит о впечатлениях и расскажет об условиях обучения. Если решите продолжить, пройденные уроки засчитаются.',
      },
    ],
    relatedCourses: ['junior-js', 'frontend-developer'],
    form: { formId: 'event-demo5days', productName: 'njfd', event: 'lead' },
    leadForm: { heading: 'Получите 5 дней демо-доступа', description: 'Оставьте контакты — доступ к платформе придёт на почту в течение нескольких минут.' },
  },
  {
    slug: 'demo5js1',
    title: 'Демо-доступ: 5 дней JavaScript',
    kind: 'Демо-доступ',
    status: 'open',
    schedule: 'В любой день — доступ открывается сразу после заявки',
    summary: 'Пять дней бесплатного доступа к первым урокам курса «Первая ступень: JavaScript с нуля»: уроки, тренажёр и проверка задач.',
    image: { src: '/images/events/demo5js1.webp', alt: 'Календарь и надпись JS', width: 1200, height: 750 },
    hero: {
      lead: 'Попробуйте программировать на JavaScript вместе с нами: пять дней, короткие уроки по 15 минут и задачи, которые проверяются автоматически.',
      cta: 'Начать пять дней JavaScript',
    },
    facts: [
      { label: 'Длительность', value: '5 дней' },
      { label: 'Время', value: '30–40 минут в день' },
      { label: 'Старт', value: 'сразу после заявки' },
      { label: 'Стоимость', value: 'бесплатно' },
    ],
    program: {
      heading: 'Программа пяти дней',
      items: [
        { title: 'День 1. Как думает программист', text: 'Алгоритмы на бытовых примерах и первая строчка кода.' },
        { title: 'День 2. Переменные и типы', text: 'Числа, строки и логические значения.' },
        { title: 'День 3. Условия', text: 'Программа, которая принимает решения.' },
        { title: 'День 4. Циклы', text: 'Повторяем действия и решаем задачи на подсчёт.' },
        { title: 'День 5. Функции', text: 'Собираем мини-игру «Угадай число».' },
      ],
    },
    benefits: ['Пять уроков и 25 задач', 'Мини-игра в портфолио', 'Чат с наставником', 'Скидка на «Первую ступень» для участников'],
    faq: [
      { question: 'Нужен ли опыт?', answer: 'Нет, демо-доступ рассчитан на полных новичков.' },
      { question: 'Можно ли заниматься с телефона?', answer: 'Смотреть уроки — да, а задачи удобнее решать на компьютере.' },
    ],
    relatedCourses: ['first-stage', 'javascript-learn'],
    form: { formId: 'event-demo5js1', productName: 'stage_1', event: 'lead' },
    leadForm: { heading: 'Получите пять дней JavaScript', description: 'Оставьте контакты — пришлём доступ к первому уроку на почту.' },
  },
  {
    slug: 'demo5html1',
    title: 'Демо-доступ: 5 дней вёрстки',
    kind: 'Демо-доступ',
    status: 'open',
    schedule: 'В любой день — доступ открывается сразу после заявки',
    summary: 'Пять дней бесплатного доступа к курсу «Продвинутая вёрстка»: Grid, анимации и проверка вёрстки по макету.',
    image: { src: '/images/events/demo5html1.webp', alt: 'Календарь и надпись HTML', width: 1200, height: 750 },
    hero: {
      lead: 'Проверьте, подходит ли вам курс продвинутой вёрстки: пять дней доступа к урокам о Grid, анимациях и архитектуре стилей и автоматическая проверка вёрстки по макету.',
      cta: 'Получить доступ к вёрстке',
    },
    facts: [
      { label: 'Длительность', value: '5 дней' },
      { label: 'Уровень', value: 'знаете основы HTML и CSS' },
      { label: 'Старт', value: 'сразу после заявки' },
      { label: 'Стоимость', value: 'бесплатно' },
    ],
    program: {
      heading: 'Программа пяти дней',
      items: [
        { title: 'День 1. Grid', text: 'Области сетки и авторазмещение.' },
        { title: 'День 2. Сложные сетки', text: 'Журнальная раскладка и subgrid.' },
        { title: 'День 3. Контейнерные запросы', text: 'Компоненты, которые подстраиваются под место на странице.' },
        { title: 'День 4. Анимации', text: 'Переходы, keyframes и уважение к настройкам пользователя.' },
        { title: 'День 5. Проверка по макету', text: 'Сдаёте блок страницы и получаете отчёт о расхождениях с макетом.' },
      ],
    },
    benefits: ['Пять уроков курса «Продвинутая вёрстка»', 'Автопроверка вёрстки по макету', 'Чат с наставником', 'Скидка на курс для участников'],
    faq: [
      { question: 'Я только начинаю. Мне подойдёт?', answer: 'Лучше начать с бесплатного курса «HTML и CSS с нуля», а затем вернуться сюда.' },
      { question: 'Что понадобится?', answer: 'Компьютер, браузер и редактор кода — например, бесплатный VS Code.' },
    ],
    relatedCourses: ['advanced-html-css', 'html-css'],
    form: { formId: 'event-demo5html1', productName: 'layout', event: 'lead' },
    leadForm: { heading: 'Получите пять дней вёрстки', description: 'Оставьте контакты — пришлём доступ к урокам на почту.' },
  },
];

const eventsFile = 'content/events.ts';
const eventSource: EntrySource = { file: eventsFile, kind: 'событие' };

export const events: readonly SchoolEvent[] = parseEvents(entries);

export function parseEvents(input: readonly unknown[]): SchoolEvent[] {
  const parsed = parseEntries(eventSource, eventSchema, input);
  assertUnique(
    eventSource,
    'slug',
    parsed.map((event) => event.slug),
  );
  assertUnique(
    eventSource,
    'formId',
    parsed.map((event) => event.form.formId),
  );
  throwProblems(
    parsed.flatMap((event) =>
      event.relatedCourses.flatMap((slug, index) =>
        courses().some((course) => course.slug === slug)
          ? []
          : [
              {
                file: eventsFile,
                entry: entryLabel('событие', event),
                field: fieldPath(['relatedCourses', index]),
                message: `нет курса ${quoted(slug)} в content/courses/`,
              },
            ],
      ),
    ),
  );
  return parsed;
}

/** The file's event of this slug as written (the console starts its first version from it). */
export function fileEvent(slug: string): SchoolEvent | undefined {
  return events.find((event) => event.slug === slug);
}

/** Whether the event's page is out on `today` (YYYY-MM-DD, Moscow): no `publishedAt`, or that day has come. */
export function isEventPublished(event: Pick<SchoolEvent, 'publishedAt'>, today: string): boolean {
  return event.publishedAt === undefined || event.publishedAt <= today;
}

/** The fields of an event the console saves (lib/console-content/fields.ts `EventFields`, its cover as served). */
interface ConsoleEventFields {
  title: string;
  startsAt: number;
  place: string;
  description: string;
  formHeading: string;
  formText: string;
  buttonLabel: string;
  cover?: { src: string; width: number; height: number };
}

/** The facts the console writes: when and where, first on the page. */
const consoleFactLabels = ['Когда', 'Где'];
/** A file's facts the console's replace (the event's dates and format). */
const replacedFactLabels = new Set([...consoleFactLabels, 'Даты', 'Дата', 'Формат', 'Место']);

const eventMoment = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', year: 'numeric' });
const eventClock = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });

/** «20 декабря 2026 г., 19:00 по Москве». */
export function eventStartText(at: number): string {
  return `${eventMoment.format(at)}, ${eventClock.format(at)} по Москве`;
}

/** A description cut for search engines (200 characters) at a word. */
function summaryOf(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  if (flat.length <= 200) return flat;
  return `${flat.slice(0, 199).replace(/\s+\S*$/, '')}…`;
}

/**
 * An event the console wrote, as an entry of this file: laid over the file's event of the same slug
 * (`base`: what the console's form does not hold stays the file's), or a new event. Checked by
 * `eventSchema` like the file's; the problems otherwise, in Russian.
 */
export function consoleEvent(slug: string, live: Record<string, unknown>, base?: EventInput): { event: SchoolEvent } | { problems: string[] } {
  const fields = live as unknown as ConsoleEventFields;
  const when = eventStartText(fields.startsAt);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(fields.startsAt);
  const otherFacts = (base?.facts ?? []).filter((fact) => !replacedFactLabels.has(fact.label));
  const entry: EventInput = {
    ...(base ?? {
      kind: 'Событие',
      status: 'open',
      form: { formId: `event-${slug}`, productName: `event_${slug.replace(/-/g, '_')}`, event: 'lead' },
    }),
    slug,
    title: fields.title,
    schedule: when,
    dates: { start: day, end: base?.dates && base.dates.end >= day ? base.dates.end : day },
    // The console's own moment decides when it is on the site.
    publishedAt: undefined,
    summary: summaryOf(fields.description),
    hero: { lead: fields.description, cta: fields.buttonLabel },
    facts: [
      { label: consoleFactLabels[0]!, value: when },
      { label: consoleFactLabels[1]!, value: fields.place },
    ]
      .concat(otherFacts)
      .slice(0, 5),
    leadForm: { heading: fields.formHeading, description: fields.formText },
    image: fields.cover ? { ...fields.cover, alt: fields.title } : (base?.image as EventInput['image']),
  };
  const parsed = eventSchema.safeParse(entry);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => `${fieldPath(issue.path)}: ${issue.message}`) };
  return { event: parsed.data };
}

let withConsole: { generation: string; events: SchoolEvent[] } | undefined;

/**
 * The events as the site shows them: the file's, with the console's in effect (content/live/state.ts) laid
 * over them (one with a file's slug replaces it, a new one is added); computed again when what is in effect
 * changes. One that breaks a rule (a later release may have tightened one) stays off the site.
 */
export function currentEvents(): readonly SchoolEvent[] {
  const { generation, events: live } = liveContent();
  if (live.length === 0) return events;
  if (withConsole?.generation !== generation) withConsole = { generation, events: overlaid(live) };
  return withConsole.events;
}

function overlaid(live: readonly LiveEvent[]): SchoolEvent[] {
  const bySlug = new Map(events.map((event) => [event.slug, event]));
  const formIds = new Set(events.map((event) => event.form.formId));
  for (const { slug, entry } of live) {
    const base = entries.find((candidate) => candidate.slug === slug);
    const built = consoleEvent(slug, entry, base);
    if ('problems' in built) {
      console.warn(`content.console_event_left_out: ${slug}: ${built.problems.join('; ')}`);
      continue;
    }
    // A new event's form may not take another's id (its leads would be counted as that event's).
    if (!base && formIds.has(built.event.form.formId)) continue;
    bySlug.set(slug, built.event);
  }
  return [...bySlug.values()];
}

/** The events a build made on `today` (Moscow; the day of the build by default) has pages for. */
export function publishedEvents(today: string = moscowToday()): SchoolEvent[] {
  return currentEvents().filter((event) => isEventPublished(event, today));
}

/** The events dated after `today`: checked like the others, left out until a build on their day. */
export function scheduledEvents(today: string = moscowToday()): SchoolEvent[] {
  return currentEvents().filter((event) => !isEventPublished(event, today));
}

/** A published event by its slug (a scheduled one is no page yet). */
export function getEvent(slug: string, today: string = moscowToday()): SchoolEvent | undefined {
  return publishedEvents(today).find((event) => event.slug === slug);
}
