import { describe, expect, it } from 'vitest';
import { coursePages, courses } from '@/content/courses';
import { popupId, popups } from '@/content/popups';
import { indexablePagePaths } from '@/content/site-paths';
import { popupProblemText } from './popup-labels';
import { applyPopupForm, formOf, parseMoscowDateTime, popupCoverage, type PopupForm } from '@/lib/popups/edit-check';
import type { ManagedPopupConfig } from '@/lib/popups/managed';

const managed = (index: number): ManagedPopupConfig => ({ ...popups[index]!, enabled: true, startsAt: null, endsAt: null });
const all = popups.map((popup, index) => ({ id: popupId(popup), config: managed(index) }));
const site = { paths: [...indexablePagePaths(), ...coursePages().map((page) => page.path)], courses: courses() };
const discountIndex = popups.findIndex((popup) => popupId(popup) === 'popup-junior-discount');
const giftIndex = popups.findIndex((popup) => popup.content.kind === 'gift');

function check(index: number, change: Partial<PopupForm>) {
  const base = managed(index);
  const result = applyPopupForm(base, { ...formOf(base), ...change }, site);
  return { ...result, texts: result.problems.map((problem) => [problem.field, popupProblemText(problem)]) };
}

describe('the console check of a pop-up', () => {
  it('turns the form back into the same pop-up when nothing changed', () => {
    for (const [index] of popups.entries()) {
      const base = managed(index);
      expect(applyPopupForm(base, formOf(base), site)).toEqual({ config: base, problems: [] });
    }
  });

  it('takes whole seconds and stores milliseconds', () => {
    const { config } = check(discountIndex, { delaySeconds: '15', headline: 'Новая скидка' });
    expect(config).toMatchObject({ showDelayMs: 15_000, content: { kind: 'discount', title: 'Новая скидка' } });
  });

  it.each([
    [{ delaySeconds: '-5' }, 'delaySeconds', 'Задержка не может быть отрицательной: 0 — показать сразу'],
    [{ delaySeconds: '601' }, 'delaySeconds', 'Задержка — не больше 600 секунд (10 минут): позже поп-ап почти никто не увидит'],
    [{ delaySeconds: '1.5' }, 'delaySeconds', 'Задержка — целое число секунд: 0 — показать сразу, 30 — через полминуты'],
    [
      { includePaths: '/products/junior-js/cvrna\n/products/junoir-js' },
      'includePaths',
      'На сайте нет страницы «/products/junoir-js»; может быть, /products/junior-js?',
    ],
    [{ excludePaths: '/blog/*' }, 'excludePaths', 'На сайте нет страницы «/blog/*» и страниц, которые так начинаются'],
    [{ includePaths: 'products/git' }, 'includePaths', expect.stringContaining('«products/git»: путь пишется от корня сайта')],
    [{ includePaths: '' }, 'includePaths', 'Укажите хотя бы одну страницу: иначе поп-ап нигде не покажется'],
    [{ startsAt: '2026-12-20T10:00', endsAt: '2026-12-19T10:00' }, 'endsAt', 'Конец показа должен быть позже начала'],
    [{ startsAt: '2026-02-30T10:00' }, 'startsAt', 'Нужны дата и время, которые есть в календаре'],
    [{ headline: '   ' }, 'headline', 'Заполните это поле'],
    [{ buttonLabel: '' }, 'buttonLabel', 'Заполните это поле'],
  ])('refuses %j', (change, field, text) => {
    const result = check(discountIndex, change);
    expect(result.config).toBeNull();
    expect(result.texts).toEqual([[field, text]]);
  });

  it('refuses a gift price above the struck-out one, looked up in the course the struck-out price refers to', () => {
    expect(formOf(managed(giftIndex)).oldPrice).toBe('{цена advanced-js}');
    expect(check(giftIndex, { price: '20000' }).texts).toEqual([
      ['price', 'Цена подарка (20\u00a0000\u00a0₽) должна быть ниже зачёркнутой цены (13\u00a0790\u00a0₽)'],
    ]);
    // Stored as typed: the figure is looked up whenever the pop-up is shown.
    expect(check(giftIndex, { price: '990' }).config).toMatchObject({ content: { offer: { price: 990, oldPrice: '{цена advanced-js}' } } });
    expect(check(giftIndex, { oldPrice: '{цена typescript} + {цена git}' }).config).toMatchObject({
      content: { offer: { oldPrice: '{цена typescript} + {цена git}' } },
    });
    expect(check(giftIndex, { oldPrice: '15000' }).config).toMatchObject({ content: { offer: { oldPrice: 15_000 } } });
  });

  it.each([
    [
      { oldPrice: '13790' },
      'oldPrice',
      '«13790» — это цена курса: напишите {цена advanced-js}, и сайт будет брать цену из курса (она поменяется вместе с ним)',
    ],
    [{ oldPrice: '{цена advanced-jss}' }, 'oldPrice', 'В {цена advanced-jss} курс «advanced-jss», а такого курса нет в content/courses/'],
    [{ oldPrice: '{цена advanced-js 3}' }, 'oldPrice', 'В {цена advanced-js 3} тариф 3, а у курса «advanced-js» тарифов 2'],
    [{ oldPrice: '{цена junior-js}' }, 'oldPrice', 'Подарок оплачивается сразу, а этот тариф курса — помесячно: сошлитесь на тариф с оплатой сразу'],
    [{ oldPrice: 'тринадцать тысяч' }, 'oldPrice', 'Цена — целое число рублей без пробелов и копеек, или ссылка на цену курса: {цена advanced-js}'],
    [
      { text: 'Курс за 13 790 ₽ в подарок' },
      'text',
      '«13 790 ₽» — это цена курса: напишите {цена advanced-js}, и сайт будет брать цену из курса (она поменяется вместе с ним)',
    ],
    [{ text: 'Вместо {цена от нет-такого}' }, 'text', expect.stringContaining('курс «нет-такого», а такого курса нет')],
  ])('refuses on the gift pop-up %j', (change, field, text) => {
    const result = check(giftIndex, change);
    expect(result.config).toBeNull();
    expect(result.texts).toEqual([[field, text]]);
  });

  it('takes a price reference in a text, and a sum that is no course price', () => {
    expect(check(discountIndex, { text: 'Junior — {цена от junior-js}, и ещё 5%' }).problems).toEqual([]);
    expect(check(discountIndex, { text: 'Скидка 1 000 ₽' }).problems).toEqual([]);
  });

  it('reads Moscow time', () => {
    expect(parseMoscowDateTime('2026-12-20T10:00')).toBe(Date.parse('2026-12-20T07:00:00Z'));
    expect(parseMoscowDateTime('2026-12-20')).toBeNull();
  });

  it('lists the pages a pop-up shows on and where another one wins', () => {
    const career = all.find((popup) => popup.id === 'promo-career')!;
    const coverage = popupCoverage(career.id, career.config, all, site.paths);
    expect(coverage.pages).toContain('/products/react-developer');
    expect(coverage.lostTo).toContainEqual({ path: '/products/react-developer/cvrna', winner: 'popup-react-developer-discount' });
    expect(coverage.pages).not.toContain('/products/react-developer/cvrna');
  });
});
