import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coursePageAt, coursePages, courses, getCourse, parseCourses } from './courses';
import { professionCourses } from './courses/professions';
import { ContentError } from './shared/schema';

/** Product pages of spec 2.1 (perspectives has only variants there; its base page exists too). */
const specProductSlugs = [
  'html-css-free', 'html-css-free-mini', 'junior-js', 'middle-js', 'diagnostics', 'advanced-js', 'git',
  'typescript', 'html-css', 'advanced-html-css', 'ai', 'ai-for-dev', 'base-programming', 'first-stage',
  'javascript-learn', 'react', 'react-developer', 'state-managers', 'junior', 'frontend-upgrade', 'vue-predzap',
];

/** "Paths that pop-ups refer to" (spec 2.1), except the gift token path, checked separately. */
const popupPaths = [
  '/products/typescript', '/products/git', '/products/react', '/products/state-managers', '/products/frontend-upgrade',
  '/products/advanced-js', '/products/react-developer', '/products/react-developer/t8a3', '/products/middle-js',
  '/products/middle-js/b1', '/products/middle-js/cvrna', '/products/junior-js/cvrna', '/frontend-developer/cvrna',
  '/products/first-stage/cvrna', '/products/react-developer/cvrna', '/products/advanced-html-css/cvrna',
];

function validCourse() {
  return structuredClone(professionCourses.find((course) => course.slug === 'junior-js')!);
}

describe('course content', () => {
  it('has every product page of spec 2.1', () => {
    for (const slug of specProductSlugs) expect(coursePageAt(`/products/${slug}`), slug).toBeDefined();
    expect(coursePageAt('/frontend-developer')).toBeDefined();
  });

  it('has every page pop-ups refer to', () => {
    for (const popupPath of popupPaths) expect(coursePageAt(popupPath), popupPath).toBeDefined();
  });

  it('has at least one /frontend-developer-{variant} page and perspectives variants', () => {
    expect(coursePages().some((page) => /^\/frontend-developer-[a-z0-9-]+$/.test(page.path))).toBe(true);
    expect(coursePages().filter((page) => page.path.startsWith('/products/perspectives/')).length).toBeGreaterThan(0);
  });

  it('uses the product names of spec 3 for the pop-up courses, on the base page and every variant', () => {
    const expected: Record<string, string> = {
      'junior-js': 'njfd',
      'middle-js': 'mfd',
      'frontend-developer': 'jmfd',
      'first-stage': 'stage_1',
      'react-developer': 'react_developer',
      'advanced-html-css': 'layout',
    };
    for (const [slug, productName] of Object.entries(expected)) {
      const pages = coursePages().filter((page) => page.course.slug === slug);
      expect(pages.length, slug).toBeGreaterThan(1);
      for (const page of pages) expect(page.form.productName, page.path).toBe(productName);
    }
  });

  it('gives each variant its own form id derived from the course form', () => {
    const page = coursePageAt('/products/middle-js/b1')!;
    expect(page.variant?.id).toBe('b1');
    expect(page.form.formId).toBe('course-middle-js-b1');
    expect(coursePageAt('/products/middle-js')!.form.formId).toBe('course-middle-js');
  });

  it('prices free courses at 0 and paid ones above 0', () => {
    for (const course of courses) {
      const prices = course.tariffs.map((tariff) => tariff.price);
      if (course.category === 'free') expect(prices.every((price) => price === 0), course.slug).toBe(true);
      else expect(prices.every((price) => price > 0), course.slug).toBe(true);
    }
  });

  it('keeps the prices the gift offers and the gift pop-up quote', () => {
    expect(getCourse('advanced-js')!.tariffs[0]!.price).toBe(13790);
    expect(getCourse('diagnostics')!.tariffs[0]!.price).toBe(2990);
    expect(getCourse('base-programming')!.tariffs[0]!.price).toBe(2990);
    const combo = ['typescript', 'git', 'react'].reduce((sum, slug) => sum + getCourse(slug)!.tariffs[0]!.price, 0);
    expect(combo).toBe(36640);
  });

  it('ships every cover image it names', () => {
    for (const course of courses) {
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
    broken.variants = [{ id: 'a', purpose: 'x' }, { id: 'a', purpose: 'y' }];
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
    await expect(import('./courses')).rejects.toThrow('курс «junior-js», вариант 2, поле «id»');
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
