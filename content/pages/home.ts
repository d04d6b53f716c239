import { z } from '@/lib/validation/zod';
import { imageSchema, internalHrefSchema, linkSchema, slugSchema, textSchema, titledTextSchema } from '@/content/shared/schema';

/** Texts of the home page; the course cards themselves come from content/courses. */
export const homeSchema = z.object({
  hero: z.object({ eyebrow: textSchema, title: textSchema, lead: textSchema, primary: linkSchema, secondary: linkSchema, image: imageSchema }),
  stats: z.array(z.object({ value: textSchema, label: textSchema })).min(3),
  professions: z.object({ heading: textSchema, intro: textSchema, slugs: z.array(slugSchema).min(2), more: linkSchema }),
  skills: z.object({ heading: textSchema, intro: textSchema, slugs: z.array(slugSchema).min(2), more: linkSchema }),
  free: z.object({ heading: textSchema, intro: textSchema, slugs: z.array(slugSchema).min(2), more: linkSchema }),
  advantages: z.object({ heading: textSchema, items: z.array(titledTextSchema).min(3) }),
  roadmaps: z.object({
    heading: textSchema,
    intro: textSchema,
    items: z.array(z.object({ title: textSchema, text: textSchema, href: internalHrefSchema })).min(2),
  }),
  reading: z.object({
    heading: textSchema,
    items: z
      .array(z.object({ collection: z.enum(['stories', 'media']), title: textSchema, text: textSchema, href: internalHrefSchema, label: textSchema }))
      .min(2),
  }),
  events: z.object({ heading: textSchema, slugs: z.array(slugSchema).min(1) }),
  cta: z.object({ heading: textSchema, text: textSchema, primary: linkSchema, secondary: linkSchema }),
});
export type HomeContent = z.infer<typeof homeSchema>;

export const homeContent: z.input<typeof homeSchema> = {
  hero: {
    eyebrow: 'Онлайн-школа фронтенд-разработки',
    title: 'Станьте фронтенд-разработчиком — с нуля до middle',
    lead: 'Курсы с наставниками из индустрии, код-ревью каждого проекта и карьерным центром. 18 000 выпускников с 2019 года: учатся параллельно с работой и выходят на первую работу за 8–12 месяцев.',
    primary: { label: 'Выбрать профессию', href: '/products#professions' },
    secondary: { label: 'Начать бесплатно', href: '/products#free' },
    image: { src: '/images/home/hero.webp', alt: 'Иллюстрация: редактор кода и макет сайта', width: 1200, height: 900 },
  },
  stats: [
    { value: '18 000', label: 'выпускников' },
    { value: '73%', label: 'нашли работу за 6 месяцев после диплома' },
    { value: '140', label: 'наставников из IT-компаний' },
    { value: '4,8', label: 'средняя оценка курсов' },
  ],
  professions: {
    heading: 'Профессии',
    intro: 'Большие программы с наставником, дипломным проектом и помощью с трудоустройством.',
    slugs: ['frontend-developer', 'junior-js', 'middle-js', 'react-developer'],
    more: { label: 'Все профессии', href: '/products#professions' },
  },
  skills: {
    heading: 'Курсы по технологиям',
    intro: 'Закройте пробел или подготовьтесь к собеседованию за несколько недель.',
    slugs: ['typescript', 'advanced-js', 'react', 'state-managers', 'git', 'advanced-html-css'],
    more: { label: 'Все курсы', href: '/products#skills' },
  },
  free: {
    heading: 'Попробуйте бесплатно',
    intro: 'Бесплатные курсы и консультация — чтобы понять, ваше ли это, ничем не рискуя.',
    slugs: ['html-css-free', 'javascript-learn', 'ai', 'perspectives'],
    more: { label: 'Все бесплатные материалы', href: '/products#free' },
  },
  advantages: {
    heading: 'Почему у нас получается',
    items: [
      { title: 'Наставники из индустрии', text: 'Проекты проверяют действующие разработчики — так же строго и полезно, как на работе.' },
      { title: 'Практика с первого дня', text: 'Две трети времени вы пишете код. К диплому в портфолио 8–14 проектов.' },
      { title: 'Учёба вместе с работой', text: '10–12 часов в неделю, мягкие дедлайны и академический отпуск, если жизнь внесла коррективы.' },
      { title: 'Карьерный центр', text: 'Резюме, портфолио, пробные собеседования и рекомендации компаниям-партнёрам.' },
    ],
  },
  roadmaps: {
    heading: 'Роадмапы: карта профессии',
    intro: 'Что учить и в каком порядке — с пояснениями к каждой теме и ссылками на статьи.',
    items: [
      { title: 'Роадмап фронтенд-разработчика', text: 'От HTML и CSS до фреймворков, тестов и производительности.', href: '/roadmap/frontend' },
      { title: 'Роадмап React-разработчика', text: 'Компоненты, состояние, маршрутизация, Next.js и экосистема React.', href: '/roadmap/react' },
    ],
  },
  reading: {
    heading: 'Почитать',
    items: [
      {
        collection: 'stories',
        title: 'Истории студентов',
        text: 'Как бухгалтеры, учителя и инженеры становились фронтенд-разработчиками — с цифрами и честными трудностями.',
        href: '/personal-stories',
        label: 'Читать истории',
      },
      {
        collection: 'media',
        title: 'Медиа',
        text: 'Статьи о технологиях, карьере и собеседованиях от наставников школы.',
        href: '/media',
        label: 'Читать статьи',
      },
    ],
  },
  events: { heading: 'Ближайшие события', slugs: ['snow-quest', 'demo5days', 'demo5js1'] },
  cta: {
    heading: 'Не знаете, с чего начать?',
    text: 'Запишитесь на бесплатную консультацию: эксперт разберёт ваш опыт и цели и предложит план первых шагов.',
    primary: { label: 'Записаться на консультацию', href: '/products/perspectives' },
    secondary: { label: 'Пошаговый план для новичка', href: '/study-developer-start' },
  },
};
