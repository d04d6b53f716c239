import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coursePageAt, coursePages, courses, getCourse, parseCourses } from './courses';
import { professionCourses } from './courses/professions';
import { giftOffer } from './gift-offer-prices';
import { popups } from './popups';
import { resolvePriceValue } from '@/lib/price-references';
import { ContentError } from './shared/schema';

function validCourse() {
  return structuredClone(professionCourses.find((course) => course.slug === 'junior-js')!);
}

describe('course content', () => {
  // The product pages, pop-up paths and product names the spec fixes: content/spec-conformance.test.ts.

  it('gives each variant its own form id derived from the course form unless it names one', () => {
    const variantPages = coursePages().filter((page) => page.variant);
    expect(variantPages.length).toBeGreaterThan(0);
    for (const page of variantPages) {
      expect(page.form.formId, page.path).toBe(page.variant!.formId ?? `${page.course.form.formId}-${page.variant!.id}`);
      expect(page.form.productName, page.path).toBe(page.course.form.productName);
    }
    for (const course of courses()) expect(coursePageAt(course.path)!.form.formId).toBe(course.form.formId);
  });

  it('prices free courses at 0 and paid ones above 0', () => {
    for (const course of courses()) {
      const prices = course.tariffs.map((tariff) => tariff.price);
      if (course.category === 'free')
        expect(
          prices.every((price) => price === 0),
          course.slug,
        ).toBe(true);
      else
        expect(
          prices.every((price) => price > 0),
          course.slug,
        ).toBe(true);
    }
  });

  // A struck-out price that quotes a course must be that course's price, or the offer would lie.
  it('costs what the gift offers and the gift pop-up strike out as its price', () => {
    const price = (slug: string) => getCourse(slug)!.tariffs[0]!.price;
    const giftPopup = popups.find((popup) => popup.content.kind === 'gift')!.content;
    // The gift pop-up refers to the tariff (lib/price-references.ts): the figure is the course's own by construction.
    expect(giftPopup.kind === 'gift' && resolvePriceValue(giftPopup.offer.oldPrice, courses())).toEqual({
      amount: price('advanced-js'),
      monthly: false,
      reference: true,
    });
    expect(giftOffer(1)!.oldPrice).toBe(price('base-programming'));
    expect(giftOffer(3)!.oldPrice).toBe(price('diagnostics'));
    expect(giftOffer(13)!.oldPrice, 'offer 13: the TypeScript, Git and React combo').toBe(price('typescript') + price('git') + price('react'));
  });

  it('ships every cover image it names', () => {
    for (const course of courses()) {
      const file = path.join(process.cwd(), 'public', course.image.src);
      expect(fs.existsSync(file), file).toBe(true);
    }
  });
});

describe('course validation', () => {
  it('accepts the real content', () => {
    expect(() => parseCourses([validCourse()])).not.toThrow();
  });

  it('names the file, the course and the field of a broken entry in Russian, counting from 1', () => {
    const broken = validCourse();
    broken.tariffs[1]!.price = -5;
    expect(() => parseCourses([broken])).toThrow(ContentError);
    expect(() => parseCourses([broken])).toThrow(
      'content/courses/professions.ts, курс «junior-js», тариф 2, поле «цена» (price): должно быть не меньше 0; сейчас -5',
    );
  });

  it('reports a missing required field', () => {
    const broken: Record<string, unknown> = validCourse();
    delete broken.faq;
    expect(() => parseCourses([broken])).toThrow('курс «junior-js», поле «вопросы и ответы» (faq): обязательное поле, не заполнено');
  });

  it('rejects an old price that is not above the price', () => {
    const broken = validCourse();
    broken.tariffs[0]!.oldPrice = broken.tariffs[0]!.price;
    expect(() => parseCourses([broken])).toThrow('тариф 1, поле «зачёркнутая цена» (oldPrice): зачёркнутая цена должна быть выше цены тарифа');
  });

  it('rejects a monthly tariff without the number of months', () => {
    const broken = validCourse();
    delete broken.tariffs[0]!.months;
    expect(() => parseCourses([broken])).toThrow('тариф 1, поле «число месяцев» (months)');
  });

  it('rejects a path that does not match the slug', () => {
    const broken = validCourse();
    broken.path = '/products/other';
    expect(() => parseCourses([broken])).toThrow('поле «путь страницы» (path): путь курса — /products/{slug} или /{slug}');
  });

  it('rejects duplicate slugs and duplicate variant ids', () => {
    expect(() => parseCourses([validCourse(), validCourse()])).toThrow('курс «junior-js», поле «адрес (slug)» (slug): значение «junior-js» встречается дважды');
    const broken = validCourse();
    broken.variants = [
      { id: 'a', purpose: 'x' },
      { id: 'a', purpose: 'y' },
    ];
    expect(() => parseCourses([broken])).toThrow('поле «варианты страницы» (variants): у каждого варианта курса свой id');
  });

  it('rejects a variant id that is not a URL slug', () => {
    const broken = validCourse();
    broken.variants = [{ id: 'Has Space', purpose: 'x' }];
    expect(() => parseCourses([broken])).toThrow('вариант 1, поле «id»: только строчные латинские буквы и цифры');
  });

  it('reports every broken entry at once', () => {
    const first = validCourse();
    first.title = ' ';
    const second = { ...validCourse(), slug: 'second', path: '/products/second', summary: '' };
    const error = (() => {
      try {
        parseCourses([first, second]);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toContain('курс «junior-js», поле «заголовок» (title): не должно быть пустым');
    expect(error?.message).toContain('курс «second», поле «краткое описание» (summary): не должно быть пустым');
  });
});

describe('gift pop-up page', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('has a token segment outside a build when GIFT_POPUP_TOKEN is not set', async () => {
    vi.stubEnv('GIFT_POPUP_TOKEN', '');
    vi.resetModules();
    const { giftPopupPath, coursePageAt: pageAt } = await import('./courses');
    expect(giftPopupPath).toBe('/products/junior-js/gift-unset');
    expect(pageAt(giftPopupPath)?.course.slug).toBe('junior-js');
  });

  it('takes the token segment from GIFT_POPUP_TOKEN', async () => {
    vi.stubEnv('GIFT_POPUP_TOKEN', 'secret-2027');
    vi.resetModules();
    const { giftPopupPath, coursePageAt: pageAt } = await import('./courses');
    expect(giftPopupPath).toBe('/products/junior-js/secret-2027');
    const page = pageAt(giftPopupPath)!;
    // The form id does not carry the token, so the lead API cannot confirm a guessed one.
    expect(page.form).toEqual({ formId: 'course-junior-js-gift', productName: 'njfd', event: 'application' });
    expect(page.leadForm.heading).toContain('Продвинутый JavaScript');
  });

  it('fails the build on a token that is not a URL segment', async () => {
    vi.stubEnv('GIFT_POPUP_TOKEN', 'no/slashes');
    vi.resetModules();
    // Whatever the gift variant's position among the course's landings.
    await expect(import('./courses')).rejects.toThrow(/курс «junior-js», вариант \d+, поле «id»/);
  });
});

describe('lead form registry', () => {
  it('accepts the form of every course page, variant, event and welcome page', async () => {
    const { findLeadForm } = await import('./lead-forms');
    const { events } = await import('./events');
    for (const page of coursePages()) {
      expect(findLeadForm(page.form.formId), page.path).toMatchObject({
        productName: page.form.productName,
        event: page.form.event,
        delivery: { kind: 'deal', productTitle: page.course.title },
      });
    }
    for (const event of events) expect(findLeadForm(event.form.formId), event.slug).toBeDefined();
    expect(findLeadForm('page-study-developer-start')?.productName).toBe('perspectives');
  });
});
