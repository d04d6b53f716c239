/**
 * The content mistakes the marketing team makes most, each fed in and the Russian line the build prints asserted whole (file,
 * entry, field): prices in running text written as digits, a landing price line that disagrees with the
 * tariffs, a pop-up delay in seconds, a syntax mistake in a content file. And the point of references: a
 * price written once cannot disagree with the text that repeats it.
 */
import { describe, expect, it } from 'vitest';
import { loadCollections } from '@/content/collections/load';
import { courses, parseCourses } from '@/content/courses';
import { freeCourses } from '@/content/courses/free';
import { professionCourses } from '@/content/courses/professions';
import { skillCourses } from '@/content/courses/skills';
import { giftOfferInputs } from '@/content/gift-offers';
import { popups } from '@/content/popups';
import { coursePriceLine } from '@/lib/price-references';
import { allPagePaths } from '@/content/site-paths';
import { formatPrice } from '@/lib/money';
import { markdownDoc, roadmapFiles, contentTree } from '@/tests/support/content-tree';
import { giftOfferProblems } from './gift-offers';
import { popupProblems } from './popups';
import { ContentError, problemLine } from './problems';
import { syntaxProblems } from './syntax';

const nbsp = '\u00a0';
const everyCourse = () => structuredClone([...professionCourses, ...skillCourses, ...freeCourses]);
const juniorOf = (list: ReturnType<typeof everyCourse>) => list.find((course) => course.slug === 'junior-js')!;
/** «вариант N» of junior-js's gift landing, counted from 1 (a landing added before it moves it). */
const giftVariant = (list: ReturnType<typeof everyCourse>) =>
  `вариант ${juniorOf(list).variants!.findIndex((variant) => variant.formId === 'course-junior-js-gift') + 1}`;
const lastVariant = (list: ReturnType<typeof everyCourse>) => `вариант ${juniorOf(list).variants!.length}`;
const site = { paths: allPagePaths([]), markers: ['gift-junior'], courses: courses() };
const promoFrameworks = popups.find((popup) => popup.popupName === 'promo-frameworks')!;

function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ContentError) return error.problems.map(problemLine);
    throw error;
  }
  return [];
}

describe('a price in running text is written once', () => {
  it('a course text refers to another course price, and a price change reaches the text', () => {
    const list = everyCourse();
    const gift = () => juniorOf(list).variants!.find((variant) => variant.formId === 'course-junior-js-gift')!;
    expect(gift().leadForm!.description).toContain('{цена advanced-js}');
    expect(
      parseCourses(list)
        .find((course) => course.slug === 'junior-js')!
        .variants.find((variant) => variant.formId === 'course-junior-js-gift')!.leadForm!.description,
    ).toContain(`стоимостью ${formatPrice(list.find((course) => course.slug === 'advanced-js')!.tariffs![0]!.price)} бесплатно`);

    list.find((course) => course.slug === 'advanced-js')!.tariffs![0]!.price = 14490;
    const text = parseCourses(list)
      .find((course) => course.slug === 'junior-js')!
      .variants.find((variant) => variant.formId === 'course-junior-js-gift')!.leadForm!.description;
    expect(text).toContain(`стоимостью 14${nbsp}490${nbsp}₽ бесплатно`);
  });

  it('a rouble sum written as digits in a course text', () => {
    const list = everyCourse();
    const gift = juniorOf(list).variants!.find((variant) => variant.formId === 'course-junior-js-gift')!;
    gift.leadForm = { ...gift.leadForm!, description: 'Получите курс «Продвинутый JavaScript» стоимостью 13 790 ₽ бесплатно.' };
    expect(problemsOf(() => parseCourses(list))).toEqual([
      `content/courses/professions.ts, курс «junior-js», ${giftVariant(list)}, текст над формой заявки (leadForm), поле «описание» (description): сумма «13 790 ₽» написана цифрами: напишите ссылку на цену, которую она повторяет, например {цена junior-js} или {цена от junior-js}, и сайт подставит цену из тарифа (тогда она не разойдётся с тарифами); если это не цена школы (зарплата, вычет), отметьте так: {не цена: 13 790 ₽}`,
    ]);
  });

  it('a sum marked as not a price of ours passes and is shown without the mark', () => {
    const parsed = parseCourses(everyCourse()).find((course) => course.slug === 'junior-js')!;
    const salary = parsed.faq.find((item) => item.answer.includes('hh.ru'))!.answer;
    expect(salary).toContain('предлагают от 70 000 до 120 000 ₽ в месяц');
    expect(salary).not.toContain('{');
  });

  it('a reference to a course or tariff that does not exist', () => {
    const list = everyCourse();
    const gift = juniorOf(list).variants!.find((variant) => variant.formId === 'course-junior-js-gift')!;
    gift.leadForm = { ...gift.leadForm!, description: 'Курс стоимостью {цена advanced-jss} или {цена advanced-js 5} бесплатно.' };
    expect(problemsOf(() => parseCourses(list))).toEqual([
      `content/courses/professions.ts, курс «junior-js», ${giftVariant(list)}, текст над формой заявки (leadForm), поле «описание» (description): в {цена advanced-jss} курс «advanced-jss», а такого курса нет в content/courses/`,
      `content/courses/professions.ts, курс «junior-js», ${giftVariant(list)}, текст над формой заявки (leadForm), поле «описание» (description): в {цена advanced-js 5} тариф 5, а у курса «advanced-js» тарифов ${courses().find((course) => course.slug === 'advanced-js')!.tariffs.length}`,
    ]);
  });

  it("a landing's price line that disagrees with the course's tariffs", () => {
    const list = everyCourse();
    juniorOf(list).variants!.push({ id: 'price-check', purpose: 'Весна', hero: { priceLine: '{не цена: от 3 490 ₽/мес.}' } });
    const cheapest = coursePriceLine(juniorOf(list) as { tariffs: { price: number; monthly: boolean }[] })
      .replace(/^от /, '')
      .replace(/\u00a0/g, ' ');
    expect(problemsOf(() => parseCourses(list))).toEqual([
      `content/courses/professions.ts, курс «junior-js», ${lastVariant(list)}, первый экран (hero), поле «строка с ценой» (priceLine): строка с ценой говорит «от 3 490 ₽», а самый дешёвый тариф курса — ${cheapest}: напишите {цена от} (сейчас это «от ${cheapest}»)`,
    ]);
  });

  it("a landing's price line written as digits, even when it agrees today", () => {
    const list = everyCourse();
    const agreeing = coursePriceLine(juniorOf(list) as { tariffs: { price: number; monthly: boolean }[] }).replace(/\u00a0/g, ' ');
    const sum = agreeing.replace(/^от /, '').replace('/мес.', '');
    juniorOf(list).variants!.push({ id: 'price-check', purpose: 'Весна', hero: { priceLine: `${agreeing} до 1 апреля` } });
    expect(problemsOf(() => parseCourses(list))).toEqual([
      `content/courses/professions.ts, курс «junior-js», ${lastVariant(list)}, первый экран (hero), поле «строка с ценой» (priceLine): сумма «${sum}» написана цифрами: напишите ссылку на цену, которую она повторяет, например {цена junior-js} или {цена от junior-js}, и сайт подставит цену из тарифа (тогда она не разойдётся с тарифами); если это не цена школы (зарплата, вычет), отметьте так: {не цена: ${sum}}`,
    ]);
    const written = everyCourse();
    juniorOf(written).variants!.push({ id: 'price-check', purpose: 'Весна', hero: { priceLine: '{цена от} до 1 апреля' } });
    const variant = parseCourses(written)
      .find((course) => course.slug === 'junior-js')!
      .variants.find((entry) => entry.id === 'price-check')!;
    expect(variant.hero!.priceLine).toBe(`${coursePriceLine(juniorOf(written) as { tariffs: { price: number; monthly: boolean }[] })} до 1 апреля`);
  });

  it('a rouble sum in a pop-up text', () => {
    const problems = popupProblems(
      [{ ...promoFrameworks, content: { ...promoFrameworks.content, text: 'Курс за 2 990 ₽ — только сегодня' } } as typeof promoFrameworks],
      site,
    ).map(problemLine);
    expect(problems).toEqual([
      'content/popups.ts, поп-ап «promo-frameworks», содержимое (content), поле «текст» (text): сумма «2 990 ₽» написана цифрами: напишите ссылку на цену, которую она повторяет, например {цена advanced-js}, и сайт подставит цену из тарифа (тогда она не разойдётся с тарифами); если это не цена школы (зарплата, вычет), отметьте так: {не цена: 2 990 ₽}',
    ]);
  });

  it('a rouble sum in a gift offer text', () => {
    const offers = giftOfferInputs.map((offer) => (offer.number === 4 ? { ...offer, description: `${offer.description} Всего 4 648 руб. в месяц.` } : offer));
    expect(giftOfferProblems(offers, courses()).map(problemLine)).toEqual([
      'content/gift-offers.ts, подарок 4, поле «описание» (description): сумма «4 648 руб.» написана цифрами в тексте подарка: цену показывают поля price и oldPrice (oldPrice — ссылка на цену тарифа), а в тексте её не повторяйте',
    ]);
  });

  it('a rouble sum in an article, and a reference written in', () => {
    const front = 'title: "Курс за вечер"\ndescription: "О курсе"\ncategory: tools\nauthor: maria-lebedeva\npublishedAt: 2026-11-02';
    const tree = (body: string) =>
      contentTree({ ...roadmapFiles, 'media/course.md': markdownDoc(front, body), 'media/other.md': markdownDoc(front.replace('Курс за вечер', 'Другая')) });
    expect(problemsOf(() => loadCollections(tree('Курс стоит 13 790 ₽, а код `const price = "100 ₽"` не в счёт.'), { today: '2026-11-23' }))).toEqual([
      'content/media/course.md, статья «Курс за вечер»: текст статьи: сумма «13 790 ₽» написана цифрами: напишите ссылку на цену, которую она повторяет, например {цена advanced-js}, и сайт подставит цену из тарифа (тогда она не разойдётся с тарифами); если это не цена школы (зарплата, вычет), отметьте так: {не цена: 13 790 ₽}',
    ]);
    const collections = loadCollections(tree('Курс стоит {цена advanced-js}.'), { today: '2026-11-23' });
    expect(collections.media.items.find((entry) => entry.path.endsWith('/course'))!.html).toContain(`13${nbsp}790${nbsp}₽`);
  });
});

describe('the last gaps', () => {
  it('a pop-up delay under one second: seconds written for milliseconds', () => {
    expect(popupProblems([{ ...promoFrameworks, showDelayMs: 15 }], site).map(problemLine)).toEqual([
      'content/popups.ts, поп-ап «promo-frameworks», поле «задержка показа, мс» (showDelayMs): задержка меньше секунды — похоже, записаны секунды вместо миллисекунд: 15 секунд пишутся 15000, показать сразу — 0; сейчас 15',
    ]);
    expect(popupProblems([{ ...promoFrameworks, showDelayMs: 0 }], site)).toEqual([]);
  });

  const file = 'content/courses/professions.ts';
  it.each([
    ['a missing comma', "export const x = [\n  { slug: 'a', title: 'A' }\n  { slug: 'b', title: 'B' },\n];\n", 'строка 3, символ 3: пропущена запятая'],
    ['a missing bracket', "export const x = [\n  { slug: 'a', title: 'A' },\n;\n", 'строка 3, символ 1: не закрыта скобка или пропущена запятая'],
    [
      'a missing brace',
      "export const x = [\n  { slug: 'a', title: 'A' ,\n];\n",
      'строка 3, символ 1: внутри записи { … } здесь ждали поле (имя: значение): не закрыта фигурная скобка }',
    ],
    ['a missing quote', "export const x = [\n  { slug: 'a', title: 'A },\n];\n", 'строка 2, символ 28: строка не закрыта кавычкой'],
  ])('%s in a content file: Russian, with the file and the line', (_name, text, expected) => {
    const lines = syntaxProblems(file, text).map(problemLine);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${file}, ${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(lines[0]).not.toMatch(/expected/);
  });
});
