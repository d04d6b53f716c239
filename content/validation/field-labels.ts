/**
 * Russian names of the content's fields, for error messages: `tariffs.1.price` is read as
 * «тариф 2, поле «цена» (price)». `item` names one element of a list. A field missing here is shown by its
 * key, so a new field still gets a Russian message, only with its English name. `parent.key` names a
 * field that means something else inside one object.
 */
interface FieldLabel {
  /** The field itself: «цена». */
  field: string;
  /** One element of a list field: «тариф» (then «тариф 2»). */
  item?: string;
}

const labels: Record<string, FieldLabel> = {
  // Shared
  slug: { field: 'адрес (slug)' },
  id: { field: 'id' },
  path: { field: 'путь страницы' },
  title: { field: 'заголовок' },
  name: { field: 'название' },
  description: { field: 'описание' },
  summary: { field: 'краткое описание' },
  text: { field: 'текст' },
  heading: { field: 'заголовок' },
  label: { field: 'подпись' },
  value: { field: 'значение' },
  href: { field: 'ссылка' },
  image: { field: 'картинка' },
  src: { field: 'файл картинки' },
  alt: { field: 'описание картинки (alt)' },
  width: { field: 'ширина' },
  height: { field: 'высота' },
  faq: { field: 'вопросы и ответы', item: 'вопрос' },
  question: { field: 'вопрос' },
  answer: { field: 'ответ' },
  form: { field: 'форма заявки' },
  formId: { field: 'id формы' },
  productName: { field: 'продукт в аналитике' },
  event: { field: 'событие аналитики' },
  leadForm: { field: 'текст над формой заявки' },
  // Pages
  sections: { field: 'разделы', item: 'раздел' },
  paragraphs: { field: 'абзацы', item: 'абзац' },
  slugs: { field: 'список' },
  salary: { field: 'зарплата' },
  from: { field: 'от' },
  to: { field: 'до' },
  // Courses and their variants
  category: { field: 'категория' },
  badge: { field: 'плашка' },
  facts: { field: 'факты', item: 'факт' },
  hero: { field: 'первый экран' },
  eyebrow: { field: 'надзаголовок' },
  headline: { field: 'заголовок' },
  lead: { field: 'текст под заголовком' },
  cta: { field: 'текст кнопки' },
  priceLine: { field: 'строка с ценой' },
  programCta: { field: 'текст кнопки программы' },
  audience: { field: 'для кого', item: 'пункт «для кого»' },
  modules: { field: 'программа', item: 'модуль' },
  duration: { field: 'длительность' },
  topics: { field: 'темы', item: 'тема' },
  project: { field: 'проект' },
  outcomes: { field: 'результаты', item: 'результат' },
  tools: { field: 'инструменты', item: 'инструмент' },
  tariffs: { field: 'тарифы', item: 'тариф' },
  price: { field: 'цена' },
  oldPrice: { field: 'зачёркнутая цена' },
  monthly: { field: 'оплата помесячно' },
  months: { field: 'число месяцев' },
  features: { field: 'что входит', item: 'пункт' },
  recommended: { field: 'рекомендуемый' },
  variants: { field: 'варианты страницы', item: 'вариант' },
  placement: { field: 'размещение' },
  purpose: { field: 'назначение' },
  popupMarker: { field: 'метка поп-апа' },
  // Events
  kind: { field: 'вид' },
  status: { field: 'статус' },
  schedule: { field: 'расписание' },
  dates: { field: 'даты' },
  start: { field: 'первый день' },
  end: { field: 'последний день' },
  program: { field: 'программа' },
  items: { field: 'пункты', item: 'пункт' },
  benefits: { field: 'что получит участник', item: 'пункт' },
  rules: { field: 'правила', item: 'правило' },
  results: { field: 'итоги', item: 'итог' },
  relatedCourses: { field: 'связанные курсы', item: 'связанный курс' },
  // Pop-ups
  popupName: { field: 'имя поп-апа' },
  includePaths: { field: 'где показывать', item: 'путь показа' },
  excludePaths: { field: 'где не показывать', item: 'путь-исключение' },
  pageMarker: { field: 'метка страницы' },
  showDelayMs: { field: 'задержка показа, мс' },
  content: { field: 'содержимое' },
  actionLabel: { field: 'текст кнопки' },
  actionHref: { field: 'ссылка кнопки' },
  submitLabel: { field: 'текст кнопки отправки' },
  offer: { field: 'предложение' },
  condition: { field: 'условие' },
  formConfig: { field: 'настройки формы' },
  // Gift offers
  number: { field: 'номер' },
  isMonthlyPayment: { field: 'оплата помесячно' },
  discount: { field: 'скидка' },
  statedDiscount: { field: 'заявленная скидка' },
  oldPriceFrom: { field: 'откуда зачёркнутая цена', item: 'тариф' },
  course: { field: 'курс' },
  tariff: { field: 'номер тарифа' },
  // Markdown front matter
  publishedAt: { field: 'дата публикации' },
  updatedAt: { field: 'дата обновления' },
  author: { field: 'автор' },
  tags: { field: 'теги', item: 'тег' },
  related: { field: 'читать также', item: 'ссылка' },
  order: { field: 'порядковый номер' },
  student: { field: 'студент' },
  city: { field: 'город' },
  before: { field: 'кем был' },
  after: { field: 'кем стал' },
  quote: { field: 'цитата' },
  'student.name': { field: 'имя' },
};

function labelOf(key: string, parent?: PropertyKey): FieldLabel {
  return (typeof parent === 'string' ? labels[`${parent}.${key}`] : undefined) ?? labels[key] ?? { field: key };
}

/** `поле «цена» (price)`, or `поле «newField»` for a key without a Russian name. */
export function fieldName(key: string, parent?: PropertyKey): string {
  const { field } = labelOf(key, parent);
  return field === key ? `поле «${key}»` : `поле «${field}» (${key})`;
}

/**
 * A path in an entry, positions counted from 1: `['tariffs', 1, 'price']` -> `тариф 2, поле «цена» (price)`,
 * `['hero', 'lead']` -> `первый экран (hero), поле «текст под заголовком» (lead)`. Empty for the whole entry.
 */
export function fieldPath(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (let index = 0; index < path.length; index += 1) {
    const segment = path[index];
    const next = path[index + 1];
    if (typeof segment === 'number') {
      parts.push(`элемент ${segment + 1}`);
      continue;
    }
    const key = String(segment);
    const parent = path[index - 1];
    const label = labelOf(key, parent);
    if (typeof next === 'number') {
      parts.push(`${label.item ?? `«${label.field}», элемент`} ${next + 1}`);
      index += 1;
    } else if (index === path.length - 1) {
      parts.push(fieldName(key, parent));
    } else {
      parts.push(label.field === key ? `«${key}»` : `${label.field} (${key})`);
    }
  }
  return parts.join(', ');
}
