/**
 * The content check as the marketing team meets it: each everyday mistake is fed in and the Russian
 * line the build prints is asserted whole, naming the file, the entry and the field (positions from 1).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { datedPathsOf, loadCollections, pathsOf } from '@/content/collections/load';
import { courses, parseCourses } from '@/content/courses';
import { professionCourses } from '@/content/courses/professions';
import { priceGiftOffers } from '@/content/gift-offer-prices';
import { giftOfferInputs } from '@/content/gift-offers';
import { type LeadFormPopupConfig, popups } from '@/content/popups';
import { allPagePaths } from '@/content/site-paths';
import { moscowToday } from '@/lib/calendar';
import { resolvePopupPrices } from '@/lib/popups/prices';
import { runScheduleCommand } from '@/server/gift-schedule/command';
import type { Repositories } from '@/server/repositories';
import { markdownDoc, roadmapFiles, contentTree } from '@/tests/support/content-tree';
import { checkContent } from './check';
import { giftOfferProblems } from './gift-offers';
import { popupProblems } from './popups';
import { ContentError, problemLine } from './problems';

const article = (frontMatter: Record<string, string>, body?: string) =>
  markdownDoc(
    Object.entries({
      title: 'Как читать стектрейс',
      description: 'Разбор ошибок',
      category: 'tools',
      author: 'maria-lebedeva',
      publishedAt: '2026-11-02',
      ...frontMatter,
    })
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n'),
    body,
  );

/** The lines a Markdown tree is rejected with, as the build prints them. */
function collectionProblems(files: Record<string, string>, today = '2026-11-23'): string[] {
  try {
    loadCollections(contentTree({ ...roadmapFiles, ...files }), { today });
  } catch (error) {
    if (error instanceof ContentError) return error.problems.map(problemLine);
    throw error;
  }
  return [];
}

const site = { paths: allPagePaths([]), markers: ['gift-junior'], courses: courses() };
const promoFrameworks = popups.find((popup) => popup.popupName === 'promo-frameworks')!;
const juniorJs = () => structuredClone(professionCourses.find((course) => course.slug === 'junior-js')!);
const withOffer = (number: number, change: object) => giftOfferInputs.map((offer) => (offer.number === number ? { ...offer, ...change } : offer));

describe('the real content', () => {
  it('passes every check', async () => {
    const { problems } = await checkContent({ root: path.join(process.cwd(), 'content'), today: moscowToday() });
    expect(problems.map(problemLine)).toEqual([]);
  });
});

describe('each mistake, in Russian, with the file, the entry and the field', () => {
  it('a negative pop-up delay', () => {
    const problems = popupProblems([{ ...promoFrameworks, showDelayMs: -5000 }], site).map(problemLine);
    expect(problems).toEqual([
      'content/popups.ts, поп-ап «promo-frameworks», поле «задержка показа, мс» (showDelayMs): задержка не может быть отрицательной: 0 — показать сразу, 30000 — через 30 секунд; сейчас -5000',
    ]);
  });

  it('a pop-up delay past the sane maximum', () => {
    const problems = popupProblems([{ ...promoFrameworks, showDelayMs: 3_000_000 }], site).map(problemLine);
    expect(problems).toEqual([
      'content/popups.ts, поп-ап «promo-frameworks», поле «задержка показа, мс» (showDelayMs): задержка — не больше 600000 мс (10 минут): позже поп-ап почти никто не увидит; сейчас 3000000',
    ]);
  });

  it('a pop-up target path that reaches no page, with the page it probably meant', () => {
    const problems = popupProblems([{ ...promoFrameworks, includePaths: ['/', '/products/junoir-js'], excludePaths: ['/blog/*'] }], site).map(problemLine);
    expect(problems).toEqual([
      'content/popups.ts, поп-ап «promo-frameworks», путь показа 2: на сайте нет страницы «/products/junoir-js»; может быть, /products/junior-js?',
      'content/popups.ts, поп-ап «promo-frameworks», путь-исключение 1: на сайте нет страницы «/blog/*» и страниц, которые так начинаются',
    ]);
  });

  it("a pop-up path against the targeting's path rules", () => {
    const problems = popupProblems([{ ...promoFrameworks, includePaths: ['products/git', '/products/*/cvrna'] }], site).map(problemLine);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^content\/popups\.ts, поп-ап «promo-frameworks», путь показа 1: путь пишется от корня сайта, .*; сейчас «products\/git»$/);
    expect(problems[1]).toMatch(/^content\/popups\.ts, поп-ап «promo-frameworks», путь показа 2: .*звёздочка — только в конце/);
  });

  it('31 November in an article', () => {
    expect(collectionProblems({ 'media/stack-traces.md': article({ publishedAt: '2026-11-31' }) })).toEqual([
      'content/media/stack-traces.md, статья «Как читать стектрейс», поле «дата публикации» (publishedAt): нужна дата, которая есть в календаре, в виде ГГГГ-ММ-ДД (например, 2026-12-01); сейчас «2026-11-31»',
    ]);
    // Quoted or not, the same day; an update date is checked alike.
    expect(collectionProblems({ 'media/stack-traces.md': article({ updatedAt: '"2026-02-29"' }) })).toEqual([
      expect.stringMatching(
        /^content\/media\/stack-traces\.md, статья «Как читать стектрейс», поле «дата обновления» \(updatedAt\): нужна дата, которая есть в календаре.*; сейчас «2026-02-29»$/,
      ),
    ]);
  });

  it('31 November in the schedule command: refused with exit code 2 before the database is touched', async () => {
    const err: string[] = [];
    const untouched = {} as Repositories;
    const code = await runScheduleCommand(['add', '4', '2026-11-31T10:00', '2026-12-01T10:00'], untouched, {
      out: () => {},
      err: (line) => void err.push(line),
    });
    expect(code).toBe(2);
    expect(err[0]).toMatch(/^Ошибка: начало: такой даты нет в календаре: 2026-11-31\.\n\nКак пользоваться:/);
  });

  it('a negative tariff price', () => {
    const course = juniorJs();
    course.tariffs[1]!.price = -100;
    expect(() => parseCourses([course])).toThrow(
      'content/courses/professions.ts, курс «junior-js», тариф 2, поле «цена» (price): должно быть не меньше 0; сейчас -100',
    );
  });

  it.each([
    {
      mistake: 'a gift price above its struck-out price',
      change: { price: 7000 },
      line: 'content/gift-offers.ts, подарок 4, поле «цена» (price): цена подарка 7\u00a0000\u00a0₽/мес. должна быть ниже зачёркнутой цены {цена junior-js 2}: 6\u00a0710\u00a0₽/мес.',
    },
    {
      mistake: 'a discount typed by hand that disagrees with the prices',
      change: { discount: 34 },
      line: 'content/gift-offers.ts, подарок 4, поле «скидка» (discount): скидку не пишут руками: она считается из цены (price) и зачёркнутой цены (oldPrice); уберите поле. Написано 34%, а цены 4648 и 6710 дают 31%',
    },
    {
      mistake: 'a stated discount left behind when a price changes',
      change: { price: 4500 },
      line: 'content/gift-offers.ts, подарок 4, поле «заявленная скидка» (statedDiscount): скидка 34% заявлена для цен 4648 и 6710, а цены теперь 4500 и 6710 (по ним скидка 33%): уберите statedDiscount или заявите скидку для новых цен',
    },
  ])('$mistake', ({ change, line }) => {
    expect(giftOfferProblems(withOffer(4, change), courses()).map(problemLine)).toEqual([line]);
  });

  it("a gift offer's struck-out price follows the course tariff it refers to: no second edit", () => {
    const changed = courses().map((course) =>
      course.slug === 'junior-js' ? { ...course, tariffs: course.tariffs.map((tariff, index) => (index === 1 ? { ...tariff, price: 6990 } : tariff)) } : course,
    );
    expect(giftOfferInputs.find((offer) => offer.number === 4)!.oldPrice).toBe('{цена junior-js 2}');
    // The stated «−34 %» was for 6 710 ₽: it lapses by itself, and the discount is the prices' again.
    expect(giftOfferProblems(giftOfferInputs, changed).map(problemLine)).toEqual([]);
    expect(priceGiftOffers(giftOfferInputs, changed).find((offer) => offer.number === 4)).toMatchObject({ price: 4648, oldPrice: 6990, discount: 34 });
    expect(priceGiftOffers(giftOfferInputs, courses()).find((offer) => offer.number === 4)).toMatchObject({ price: 4648, oldPrice: 6710, discount: 34 });
  });

  it.each([
    {
      mistake: 'a reference to a course that is not there',
      change: { oldPrice: '{цена junior-jss 2}' },
      line: 'content/gift-offers.ts, подарок 4, поле «зачёркнутая цена» (oldPrice): в {цена junior-jss 2} курс «junior-jss», а такого курса нет в content/courses/',
    },
    {
      mistake: 'a reference to a tariff the course does not have',
      change: { oldPrice: '{цена junior-js 7}' },
      line: 'content/gift-offers.ts, подарок 4, поле «зачёркнутая цена» (oldPrice): в {цена junior-js 7} тариф 7, а у курса «junior-js» тарифов 3',
    },
    {
      mistake: 'a reference to a tariff paid at once for an instalment gift',
      change: { oldPrice: '{цена advanced-js}' },
      line: 'content/gift-offers.ts, подарок 4, поле «зачёркнутая цена» (oldPrice): подарок оплачивается помесячно, а {цена advanced-js} — тариф с оплатой сразу: сошлитесь на тариф в рассрочку',
    },
    {
      mistake: 'a struck-out price typed as the number a tariff has',
      change: { oldPrice: 6710 },
      line: "content/gift-offers.ts, подарок 4, поле «зачёркнутая цена» (oldPrice): 6710 — это цена тарифа: напишите '{цена junior-js 2}', и зачёркнутая цена будет браться из курса (тогда после изменения цены курса её не нужно править здесь)",
    },
    {
      mistake: 'a gift not cheaper than the tariff it refers to',
      change: { price: 6710, statedDiscount: undefined },
      line: 'content/gift-offers.ts, подарок 4, поле «цена» (price): цена подарка 6\u00a0710\u00a0₽/мес. должна быть ниже зачёркнутой цены {цена junior-js 2}: 6\u00a0710\u00a0₽/мес.',
    },
  ])('$mistake', ({ change, line }) => {
    expect(giftOfferProblems(withOffer(4, change), courses()).map(problemLine)).toEqual([line]);
  });

  it('the old way of tying a struck-out price to tariffs (oldPriceFrom) is refused with what to write instead', () => {
    const old = withOffer(6, { oldPrice: 10792, oldPriceFrom: [{ course: 'middle-js', tariff: 2 }] });
    expect(giftOfferProblems(old, courses()).map(problemLine)).toEqual([
      'content/gift-offers.ts, подарок 6, поле «откуда зачёркнутая цена» (oldPriceFrom): поле oldPriceFrom больше не пишется: напишите в oldPrice ссылку на цену тарифа, например {цена junior-js 2} (для набора курсов — {цена typescript} + {цена git}), и уберите oldPriceFrom',
      "content/gift-offers.ts, подарок 6, поле «зачёркнутая цена» (oldPrice): 10792 — это цена тарифа: напишите '{цена middle-js 2}', и зачёркнутая цена будет браться из курса (тогда после изменения цены курса её не нужно править здесь)",
    ]);
  });

  it("the gift pop-up's struck-through price follows its course's tariff: no second edit", () => {
    const giftPopup = popups.find((popup) => popup.content.kind === 'gift')!;
    const changed = courses().map((course) =>
      course.slug === 'advanced-js' ? { ...course, tariffs: [{ ...course.tariffs[0]!, price: 14990 }, ...course.tariffs.slice(1)] } : course,
    );
    expect(popupProblems([giftPopup], { ...site, courses: changed })).toEqual([]);
    expect(resolvePopupPrices({ ...giftPopup, enabled: true, startsAt: null, endsAt: null }, changed).config?.content).toMatchObject({
      offer: { oldPrice: 14990 },
    });
  });

  it("a gift pop-up's price reference that names no tariff, or a monthly one", () => {
    const giftPopup = popups.find((popup) => popup.content.kind === 'gift')! as LeadFormPopupConfig;
    const withOldPrice = (oldPrice: string) =>
      ({ ...giftPopup, content: { ...giftPopup.content, offer: { price: 0, oldPrice, condition: 'при покупке курса Junior' } } }) as LeadFormPopupConfig;
    expect(
      [...popupProblems([withOldPrice('{цена advanced-js 5}')], site), ...popupProblems([withOldPrice('{цена junior-js}')], site)].map(problemLine),
    ).toEqual([
      'content/popups.ts, поп-ап «popup-junior-gift», содержимое (content), предложение (offer), поле «зачёркнутая цена» (oldPrice): в {цена advanced-js 5} тариф 5, а у курса «advanced-js» тарифов 2',
      'content/popups.ts, поп-ап «popup-junior-gift», содержимое (content), предложение (offer), поле «зачёркнутая цена» (oldPrice): подарок оплачивается сразу, а этот тариф — помесячно: сошлитесь на тариф с оплатой сразу',
    ]);
  });

  it('an unknown media category', () => {
    expect(collectionProblems({ 'media/stack-traces.md': article({ category: 'debugging' }) })).toEqual([
      'content/media/stack-traces.md, статья «Как читать стектрейс», поле «категория» (category): нет такой категории; есть: career, javascript, tools, learning. Новая категория добавляется в content/media/categories.ts; сейчас «debugging»',
    ]);
  });
});

describe('a future-dated article', () => {
  const files = {
    'media/published.md': article({ title: 'Уже вышла', category: 'career' }),
    'media/scheduled.md': article({ title: 'Выйдет в декабре', category: 'career', publishedAt: '2026-12-01' }),
  };

  it('is scheduled: checked, but absent from the lists, the categories, its page and the sitemap until its day', () => {
    const before = loadCollections(contentTree(files), { today: '2026-11-30' });
    expect(before.media.items.map((item) => item.id)).toEqual(['published']);
    expect(pathsOf(before)).not.toContain('/media/scheduled');
    expect(datedPathsOf(before).find((page) => page.path === '/media')?.lastModified).toBe('2026-11-02');
    expect(before.scheduled).toEqual([{ file: 'content/media/scheduled.md', path: '/media/scheduled', title: 'Выйдет в декабре', publishedAt: '2026-12-01' }]);

    const onItsDay = loadCollections(contentTree(files), { today: '2026-12-01' });
    expect(onItsDay.media.items.map((item) => item.id)).toEqual(['scheduled', 'published']);
    expect(datedPathsOf(onItsDay)).toContainEqual({ path: '/media/scheduled', lastModified: '2026-12-01' });
    expect(onItsDay.scheduled).toEqual([]);
  });

  it('is still checked like the others, and a published article may not link to it yet', () => {
    expect(collectionProblems({ 'media/scheduled.md': article({ category: 'career', publishedAt: '2026-12-01', author: 'nobody' }) }, '2026-11-30')).toEqual([
      expect.stringMatching(/^content\/media\/scheduled\.md, статья «Как читать стектрейс», поле «автор» \(author\): нет такого сотрудника/),
    ]);
    expect(collectionProblems({ ...files, 'media/published.md': article({ category: 'career' }, 'Скоро: [статья](/media/scheduled).') }, '2026-11-30')).toEqual(
      [
        'content/media/published.md, статья «Как читать стектрейс»: текст статьи: ссылка на «/media/scheduled», а эта статья (content/media/scheduled.md) запланирована на 2026-12-01: до этого дня её страницы нет',
      ],
    );
  });
});
