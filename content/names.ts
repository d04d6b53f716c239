/**
 * One Russian name for everything the console, its CSV files and the managers' alerts speak of: every
 * form, pop-up, product, gift and page type, derived from the content it belongs to (the course's title,
 * the pop-up's purpose, the gift's offer, the page's title). Ids stay what the code and the database
 * use; a person reads these names. Adding a course, a landing, an event, a gift or a pop-up names its
 * forms and pages with no edit here; only a form that belongs to no content (the contact and consultation
 * forms) has its name written below. `content/names.test.ts` holds every registered one to a name with
 * no id in it.
 */
import { PAGE_TYPES, pageTypeOf, type PageType } from '@/lib/vitals/page-type';
import type { CollectionPageKind, TitledPage } from './collections/load';
import { coursePages, type CoursePageEntry } from './courses';
import { events } from './events';
import { giftOfferInputs } from './gift-offers';
import { giftPromotion } from './gift-promotion';
import { leadForms } from './lead-forms';
import { aboutInfoPage, welcomeInfoPages } from './pages';
import { popupId, popups, type PopupConfig } from './popups';

/** A form's name in two parts, as the alerts print them: «Страница курса» — «React-разработчик». */
export interface FormNameParts {
  /** What kind of form: «Страница курса», «Поп-ап», «Подарок», … */
  kind: string;
  /** What it is for: the course, event, page, pop-up or gift offer. */
  subject: string;
}

/** GetCourse's deal titles and gift names carry no-break spaces for the page; a list reads them as spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** The forms that belong to no content entry: the site-wide contact forms and the consultation button. */
const siteWideForms: Record<string, FormNameParts> = {
  contact: { kind: 'Контактная форма', subject: 'Заявка с сайта' },
  'contact-modal': { kind: 'Контактная форма', subject: 'Заявка с сайта в окне' },
  consultation: { kind: 'Консультация', subject: 'Заявка на консультацию' },
};

/** A course page's name: the course, and for a landing what it is for (`purpose`, written for the team). */
function coursePageSubject(page: CoursePageEntry): string {
  return plain(page.variant ? `${page.course.title} (лендинг: ${page.variant.purpose})` : page.course.title);
}

/** A pop-up's name from what it is for: the course it discounts, the gift's condition, the channel it announces. */
function popupSubject(config: PopupConfig): string {
  const { content } = config;
  switch (content.kind) {
    case 'promo':
      return `Анонс «${plain(content.heading)}»`;
    case 'gift':
      return `Подарок ${plain(content.offer.condition)}`;
    case 'discount': {
      const courses = [...new Set(config.includePaths.map((path) => coursePages().find((page) => page.path === path)?.course.title))];
      const [course] = courses;
      return courses.length === 1 && course ? `Скидка на курс «${course}»` : `Скидка: ${plain(content.title)}`;
    }
  }
}

const popupNames = new Map(popups.map((config) => [popupId(config), popupSubject(config)]));

function buildFormNames(): Map<string, FormNameParts> {
  const names = new Map<string, FormNameParts>(Object.entries(siteWideForms));
  for (const page of coursePages()) names.set(page.form.formId, { kind: 'Страница курса', subject: coursePageSubject(page) });
  for (const event of events) names.set(event.form.formId, { kind: 'Мероприятие', subject: plain(event.title) });
  for (const page of [aboutInfoPage, ...welcomeInfoPages])
    if (page.leadForm) names.set(page.leadForm.form.formId, { kind: 'Страница сайта', subject: plain(page.title) });
  for (const offer of giftOfferInputs) names.set(offer.formConfig.formId, { kind: 'Подарок', subject: plain(offer.name) });
  for (const config of popups) if (config.formConfig) names.set(config.formConfig.formId, { kind: 'Поп-ап', subject: popupNames.get(popupId(config))! });
  return names;
}

const formNames = buildFormNames();

/**
 * A form's name in two parts. A form no longer on the site (an old lead's) is named by its id, the one
 * case where the id is all there is.
 */
export function formNameParts(formId: string): FormNameParts {
  const known = formNames.get(formId);
  if (known) return known;
  const form = leadForms.find((entry) => entry.id === formId);
  const title = form?.delivery.kind === 'deal' ? form.delivery.productTitle : undefined;
  return { kind: 'Форма', subject: title ? plain(title) : `«${formId}», которой больше нет на сайте` };
}

/** «Страница курса — React-разработчик», «Поп-ап — Скидка на курс «Middle фронтенд-разработчик»». */
export function formName(formId: string): string {
  const { kind, subject } = formNameParts(formId);
  return `${kind} — ${subject}`;
}

/** A pop-up's name: «Скидка на курс «…»», «Анонс «Фреймворки без воды»», «Подарок при покупке курса Junior». */
export function popupName(id: string): string {
  return popupNames.get(id) ?? `Поп-ап «${id}», которого больше нет в файле`;
}

/**
 * A product's name (a lead's `product_name`, the analytics and GetCourse product): what the first form
 * registered with it is for, so `njfd` is «Junior фронтенд-разработчик», the course whose page sends it.
 */
export function productName(product: string): string {
  const form = leadForms.find((entry) => entry.productName === product);
  return form ? formNameParts(form.id).subject : `Продукт «${product}», которого больше нет на сайте`;
}

/** A gift's name: its offer («Курс «Junior Frontend-разработчик»: последний шанс»). */
export function giftName(giftNumber: number): string {
  const offer = giftOfferInputs.find((candidate) => candidate.number === giftNumber);
  return offer ? plain(offer.name) : `Подарок №${giftNumber}, которого больше нет в файле`;
}

/** Page types (lib/vitals/page-type.ts) as the team calls them. */
export const pageTypeNames: Record<PageType, string> = {
  '/': 'Главная',
  '/about': 'О школе',
  '/cooperation': 'Сотрудничество',
  '/docs': 'Документы',
  '/events/new-year-2425': 'Акция «Подарки от Санты»',
  '/events/[slug]': 'Страница мероприятия',
  '/frontend-developer': 'Страница профессии «Фронтенд-разработчик»',
  '/frontend-developer/[variant]': 'Лендинг профессии «Фронтенд-разработчик»',
  '/media': 'Медиа: все статьи',
  '/media/[id]': 'Статья медиа',
  '/media/category/[category]': 'Рубрика медиа',
  '/personal-stories': 'Истории студентов: все',
  '/personal-stories/[id]': 'История студента',
  '/personal-stories/category/[category]': 'Рубрика историй студентов',
  '/products': 'Каталог курсов',
  '/products/[course]': 'Страница курса',
  '/products/[course]/[variant]': 'Лендинг курса',
  '/roadmap/[roadmapAlias]': 'Роадмап',
  '/roadmap/[roadmapAlias]/article/[articleAlias]': 'Статья роадмапа',
  '/roadmap/[roadmapAlias]/topic/[topicAlias]': 'Этап роадмапа',
  '/[page]': 'Страница сайта (лендинг профессии или справка)',
  other: 'Страница, которой нет на сайте',
};

/** A page type's name; a type no longer known (an old report's) by its route. */
export function pageTypeName(type: string): string {
  return (PAGE_TYPES as readonly string[]).includes(type) ? pageTypeNames[type as PageType] : `Тип страниц ${type}`;
}

/**
 * A course page's name: «Страница курса «React-разработчик»»; a landing by its campaign (`purpose`, written
 * for the team in content/courses), never by a pop-up's text, which the console may have changed since:
 * «Лендинг «Реклама в Telegram-каналах» курса «Фронтенд-разработчик с нуля до middle»».
 */
function coursePageName(page: CoursePageEntry): string {
  return plain(page.variant ? `Лендинг «${page.variant.purpose}» курса «${page.course.title}»` : `Страница курса «${page.course.title}»`);
}

/**
 * Whether a page's address is a secret: a landing that carries a page-bound pop-up by its marker (the gift
 * page, content/courses giftPopupPath), given only to those it is for. Never offered in a list of pages.
 */
export function isSecretPage(path: string): boolean {
  return coursePages().some((page) => page.path === path && page.variant?.popupMarker !== undefined);
}

/** The site's fixed pages, by the names the team uses. */
const fixedPageNames: readonly (readonly [path: string, name: string])[] = [
  ['/', 'Главная'],
  ['/products', 'Каталог курсов'],
  ['/about', 'О школе'],
  ['/cooperation', 'Сотрудничество'],
  ['/docs', 'Документы'],
  ['/media', 'Медиа: все статьи'],
  ['/personal-stories', 'Истории студентов: все'],
  [giftPromotion.path, `Акция «${plain(giftPromotion.title)}»`],
];

function buildPageNames(): Map<string, string> {
  const names = new Map<string, string>(fixedPageNames);
  for (const page of coursePages()) names.set(page.path, coursePageName(page));
  for (const event of events) names.set(`/events/${event.slug}`, `Мероприятие «${plain(event.title)}»`);
  for (const page of welcomeInfoPages) names.set(page.path, plain(page.title));
  return names;
}

const pageNames = buildPageNames();

/** The words before a collection page's title: «Статья «CSS Grid за вечер»», «Рубрика медиа «Инструменты»». */
const collectionPageWords: Record<CollectionPageKind, string> = {
  roadmap: 'Роадмап',
  'roadmap-topic': 'Этап роадмапа',
  'roadmap-article': 'Статья роадмапа',
  'media-category': 'Рубрика медиа',
  'media-article': 'Статья',
  'story-category': 'Рубрика историй студентов',
  story: 'История студента',
};

/**
 * The names of the Markdown collections' pages (articles by title, stories, roadmaps, categories), path →
 * name. The server reads the collections (server/site-pages.ts) and passes these to `pageName` and its kin;
 * this module stays free of the file system, so a test or a script can name the pages of the content files.
 */
export type CollectionPageNames = ReadonlyMap<string, string>;

export function collectionPageNames(pages: readonly TitledPage[]): CollectionPageNames {
  return new Map(pages.map((page) => [page.path, `${collectionPageWords[page.kind]} «${plain(page.title)}»`]));
}

const noCollectionNames: CollectionPageNames = new Map();

/**
 * A page's name: the course, landing, event, page or (given the collections' names) article it is
 * (`exact`), or else the name of its type, to be shown with its path.
 */
export function pageName(path: string, collection: CollectionPageNames = noCollectionNames): { name: string; exact: boolean } {
  const clean = (path.split(/[?#]/, 1)[0] ?? '').replace(/(.)\/+$/, '$1') || '/';
  const known = pageNames.get(clean) ?? collection.get(clean);
  return known ? { name: known, exact: true } : { name: pageTypeName(pageTypeOf(clean)), exact: false };
}

/** A page's name in one line: its name, or its type's with the path beside when it has none of its own. */
export function pageLabel(path: string, collection: CollectionPageNames = noCollectionNames): string {
  const { name, exact } = pageName(path, collection);
  return exact ? name : `${name} (${path.split(/[?#]/, 1)[0]})`;
}

/** What a test runs on, as the autopilot's console and its weekly message name it: «Поп-ап «…»», or the page's name. */
export function testedPlaceName(kind: 'popup' | 'page', place: string): string {
  return kind === 'popup' ? `Поп-ап «${popupName(place)}»` : pageLabel(place);
}

/**
 * A whole section of pages, as a pop-up's prefix pattern chooses it: «Весь сайт», «Все страницы курсов»,
 * «Все лендинги курса «…»»; null for a pattern that is no section the team knows by name.
 */
function sectionName(pattern: string): string | null {
  if (pattern === '/*') return 'Все страницы сайта';
  const fixed = sectionPatterns.find(([known]) => known === pattern);
  if (fixed) return fixed[1];
  for (const course of coursePages().filter((page) => !page.variant)) {
    const placement = pattern === `${course.path}/*` ? 'nested' : pattern === `${course.path}-*` ? 'suffix' : null;
    if (!placement) continue;
    // A course with landings of both kinds has two sections; their names say which.
    const both = new Set(course.course.variants.map((variant) => variant.placement)).size > 1;
    if (!both) return plain(`Все лендинги курса «${course.course.title}»`);
    return plain(`Лендинги курса «${course.course.title}» с адресом ${placement === 'nested' ? 'внутри адреса курса' : 'рядом с адресом курса'}`);
  }
  return null;
}

const sectionPatterns: readonly (readonly [pattern: string, name: string])[] = [
  ['/products/*', 'Все страницы курсов'],
  ['/events/*', 'Все страницы мероприятий'],
  ['/media/*', 'Все статьи и рубрики медиа'],
  ['/personal-stories/*', 'Все истории студентов'],
  ['/roadmap/*', 'Все роадмапы'],
];

/** A page she chooses by its name; `value` is what the pop-up stores (a path, or a section's pattern). */
export interface PageChoice {
  value: string;
  name: string;
}

export interface PageChoiceGroup {
  label: string;
  choices: PageChoice[];
}

/**
 * The pages the console offers, by name, in groups: whole sections first (a prefix pattern each), then
 * the main pages, courses, landings (by campaign), events and the collections' pages. A secret page is
 * never among them. Only what reaches a page of the site (`paths`, the pages a visitor can open) is offered.
 */
export function pageChoices(paths: readonly string[], collection: CollectionPageNames = noCollectionNames): PageChoiceGroup[] {
  const open = new Set(paths.filter((path) => !isSecretPage(path)));
  const reaches = (pattern: string) => [...open].some((path) => (pattern === '/*' ? true : path.startsWith(pattern.slice(0, -1))));
  const named = (filter: (path: string) => boolean): PageChoice[] =>
    [...open].filter(filter).map((path) => ({ value: path, name: pageLabel(path, collection) }));
  const byName = (choices: PageChoice[]) => choices.sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  const landings = new Set(
    coursePages()
      .filter((page) => page.variant)
      .map((page) => page.path),
  );
  const courses = new Set(
    coursePages()
      .filter((page) => !page.variant)
      .map((page) => page.path),
  );
  const sectionCandidates = [
    '/*',
    ...sectionPatterns.map(([pattern]) => pattern),
    ...coursePages()
      .filter((page) => !page.variant)
      .flatMap((page) => [`${page.path}/*`, `${page.path}-*`]),
  ];
  const sections = sectionCandidates.filter(reaches).map((pattern) => ({ value: pattern, name: sectionName(pattern)! }));
  const groups: PageChoiceGroup[] = [
    { label: 'Разделы целиком', choices: sections },
    { label: 'Главные страницы', choices: named((path) => pageNames.has(path) && !courses.has(path) && !landings.has(path) && !path.startsWith('/events/')) },
    { label: 'Курсы', choices: byName(named((path) => courses.has(path))) },
    { label: 'Лендинги', choices: byName(named((path) => landings.has(path))) },
    { label: 'Мероприятия', choices: byName(named((path) => path.startsWith('/events/') && pageNames.has(path))) },
    { label: 'Статьи, истории и роадмапы', choices: byName(named((path) => !pageNames.has(path))) },
  ];
  return groups.filter((group) => group.choices.length > 0);
}

/** A pop-up's path or pattern in words: a section, a page by its name, or (a prefix no section is) where the addresses begin. */
export function patternName(pattern: string, collection: CollectionPageNames = noCollectionNames): string {
  return sectionName(pattern) ?? (pattern.endsWith('*') ? `Все страницы, адрес которых начинается с ${pattern.slice(0, -1)}` : pageLabel(pattern, collection));
}

/**
 * Where a pop-up shows, in words, one line a rule of its pages: «Все страницы сайта», «Все страницы
 * курсов», «Все лендинги курса «…»», a page by its name (its path when it has none), and the page its
 * marker binds it to (the gift page, whose address is secret).
 */
export function pagesInWords(
  targeting: { includePaths: readonly string[]; excludePaths: readonly string[]; pageMarker?: string },
  collection: CollectionPageNames = noCollectionNames,
): {
  shown: string[];
  excepted: string[];
} {
  const phrase = (pattern: string) => patternName(pattern, collection);
  const shown = targeting.includePaths.map(phrase);
  if (targeting.pageMarker) {
    const marked = coursePages().find((page) => page.variant?.popupMarker === targeting.pageMarker);
    shown.push(marked ? `${coursePageName(marked)} — по метке страницы, адрес секретный` : 'Страницы с меткой этого поп-апа');
  }
  return { shown, excepted: targeting.excludePaths.map(phrase) };
}

/** The path of the page a pop-up's marker binds it to (the gift page, whose address is secret: only the console shows it); null for none. */
export function markedPagePath(marker: string): string | null {
  return coursePages().find((page) => page.variant?.popupMarker === marker)?.path ?? null;
}

/**
 * A row of «Кампании» by what it groups: a pop-up or form by its name, a landing by its page's name (its
 * path beside when the name is only its type's), a campaign or source as tagged; «без метки» for none.
 */
export function funnelKeyName(
  by: 'campaign' | 'source' | 'landing' | 'popup' | 'form',
  key: string,
  collection: CollectionPageNames = noCollectionNames,
): string {
  if (key === '') return 'без метки';
  if (by === 'popup') return popupName(key);
  if (by === 'form') return formName(key);
  if (by === 'landing') return pageLabel(key, collection);
  return key;
}
