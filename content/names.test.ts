import { describe, expect, it } from 'vitest';
import { PAGE_TYPES } from '@/lib/vitals/page-type';
import { coursePages, giftPopupPath } from './courses';
import { giftOfferInputs as giftOffers } from './gift-offers';
import { leadForms } from './lead-forms';
import {
  collectionPageNames,
  formName,
  formNameParts,
  giftName,
  isSecretPage,
  pageChoices,
  pageLabel,
  pageName,
  pagesInWords,
  pageTypeName,
  patternName,
  popupName,
  productName,
  testedPlaceName,
} from './names';
import { allPagePaths } from './site-paths';
import { popupId, popups } from './popups';

/** Every id a name must not show: forms, pop-ups and products (a word of Latin letters, digits, `-` and `_`). */
const ids = [...new Set([...leadForms.map((form) => form.id), ...leadForms.map((form) => form.productName), ...popups.map(popupId)])];
const containsId = (text: string) => ids.find((id) => new RegExp(`(^|[^\\w-])${id.replace(/[-]/g, '\\-')}($|[^\\w-])`).test(text));
const russian = /[а-яё]/i;

function expectNamed(names: readonly [id: string, name: string][]) {
  for (const [id, name] of names) {
    expect(name, id).toMatch(russian);
    expect(containsId(name), `${id}: «${name}»`).toBeUndefined();
  }
  const byName = new Map<string, string>();
  for (const [id, name] of names) {
    expect(byName.get(name), `«${name}» names both ${byName.get(name)} and ${id}`).toBeUndefined();
    byName.set(name, id);
  }
}

describe('one Russian name for everything the console shows', () => {
  it('names every registered form, each differently, with no id in it', () => {
    expectNamed(leadForms.map((form) => [form.id, formName(form.id)]));
  });

  it('names every pop-up by its purpose', () => {
    expectNamed(popups.map((config) => [popupId(config), popupName(popupId(config))]));
    expect(popupName('popup-junior-discount')).toBe('Скидка на курс «Junior фронтенд-разработчик»');
    expect(popupName('promo-frameworks')).toBe('Анонс «Фреймворки без воды»');
    expect(popupName('popup-junior-gift')).toBe('Подарок при покупке курса Junior');
  });

  it('names every product by the course, event, page or offer its first form belongs to', () => {
    const products = [...new Set(leadForms.map((form) => form.productName))];
    expectNamed(products.map((product) => [product, productName(product)]));
    expect(productName('njfd')).toBe('Junior фронтенд-разработчик');
    expect(productName('contact')).toBe('Заявка с сайта');
  });

  it('names every gift by its offer, and every page type', () => {
    expectNamed(giftOffers.map((offer) => [`gift ${offer.number}`, giftName(offer.number)]));
    expect(giftName(5)).toBe('Курс «Junior Frontend-разработчик»: последний шанс');
    expectNamed(PAGE_TYPES.map((type) => [type, pageTypeName(type)]));
  });

  it('keeps the alerts’ words: the kind of form, then the course', () => {
    expect(formNameParts('course-react-developer')).toEqual({ kind: 'Страница курса', subject: 'React-разработчик' });
    expect(formName('contact')).toBe('Контактная форма — Заявка с сайта');
    expect(formName('gift-1')).toBe('Подарок — Курс «Основы программирования»');
    expect(formName('popup-middle-discount')).toBe('Поп-ап — Скидка на курс «Middle фронтенд-разработчик»');
    expect(formName('course-middle-js-b1')).toMatch(/^Страница курса — Middle фронтенд-разработчик \(лендинг: Рекламная кампания B1/);
  });

  it('names a form, pop-up or product that left the site by its id, saying so', () => {
    expect(formName('course-retired')).toBe('Форма — «course-retired», которой больше нет на сайте');
    expect(popupName('promo-old')).toBe('Поп-ап «promo-old», которого больше нет в файле');
    expect(productName('old_product')).toBe('Продукт «old_product», которого больше нет на сайте');
  });

  it('names a page by its course, landing or event, and any other by its type', () => {
    expect(pageName('/products/react-developer')).toEqual({ name: 'Страница курса «React-разработчик»', exact: true });
    expect(pageName('/products/react-developer/?utm_source=vk')).toEqual({ name: 'Страница курса «React-разработчик»', exact: true });
    expect(pageName('/')).toEqual({ name: 'Главная', exact: true });
    expect(pageName('/media/css-grid')).toEqual({ name: 'Статья медиа', exact: false });
    expect(pageName('/no/such/page/here')).toEqual({ name: 'Страница, которой нет на сайте', exact: false });
    for (const page of coursePages()) expect(pageName(page.path).exact, page.path).toBe(true);
  });

  it('says where a pop-up shows in words', () => {
    expect(pagesInWords({ includePaths: ['/products/*', '/', '/products/git'], excludePaths: ['/products/middle-js/*'] })).toEqual({
      shown: ['Все страницы курсов', 'Главная', 'Страница курса «Git и GitHub для командной разработки»'],
      excepted: ['Все лендинги курса «Middle фронтенд-разработчик»'],
    });
    const gift = popups.find((config) => config.content.kind === 'gift')!;
    expect(pagesInWords(gift).shown).toEqual([
      'Лендинг «Подарок к покупке Junior по секретной ссылке» курса «Junior фронтенд-разработчик» — по метке страницы, адрес секретный',
    ]);
    expect(pagesInWords({ includePaths: ['/*', '/nowhere'], excludePaths: [] }).shown).toEqual([
      'Все страницы сайта',
      'Страница сайта (лендинг профессии или справка) (/nowhere)',
    ]);
  });

  it('names a landing by its campaign, short and never after a pop-up text (which the console may have replaced)', () => {
    expect(pageName('/products/junior-js/cvrna').name).toBe('Лендинг «Скидка во всплывающем окне» курса «Junior фронтенд-разработчик»');
    const popupTexts = popups.flatMap(({ content }) =>
      content.kind === 'promo'
        ? [content.heading, content.text]
        : content.kind === 'gift'
          ? [content.title, content.offer.condition]
          : [content.title, content.text],
    );
    for (const page of coursePages().filter((entry) => entry.variant)) {
      const name = pageName(page.path).name;
      expect(page.variant!.purpose.length, page.path).toBeLessThanOrEqual(60);
      for (const text of popupTexts) expect(name, page.path).not.toContain(text);
    }
  });

  it('offers every page but the secret ones by name, each name once, and whole sections by their patterns', () => {
    const paths = allPagePaths(['/media', '/media/css-grid']);
    const groups = pageChoices(paths, collectionPageNames([{ path: '/media/css-grid', title: 'CSS Grid за вечер', kind: 'media-article' }]));
    const choices = groups.flatMap((group) => group.choices);
    const values = choices.map((choice) => choice.value);
    expect(isSecretPage(giftPopupPath)).toBe(true);
    expect(values).not.toContain(giftPopupPath);
    expect(JSON.stringify(groups)).not.toContain(giftPopupPath.split('/').at(-1));
    for (const path of paths.filter((path) => !isSecretPage(path))) expect(values, path).toContain(path);
    // No two choices read alike: the four pages of the same course are told apart by their campaigns.
    expect(new Set(choices.map((choice) => choice.name)).size).toBe(choices.length);
    const frontend = choices.filter((choice) => choice.name.includes('«Фронтенд-разработчик с нуля до middle»') && !choice.value.endsWith('*'));
    expect(frontend.map((choice) => choice.name).sort()).toEqual([
      'Лендинг «Реклама в Telegram-каналах» курса «Фронтенд-разработчик с нуля до middle»',
      'Лендинг «Скидка во всплывающем окне» курса «Фронтенд-разработчик с нуля до middle»',
      'Лендинг «Участники вебинара «Как стать фронтенд-разработчиком»» курса «Фронтенд-разработчик с нуля до middle»',
      'Страница курса «Фронтенд-разработчик с нуля до middle»',
    ]);
    expect(choices).toContainEqual({ value: '/media/css-grid', name: 'Статья «CSS Grid за вечер»' });
    const sections = groups.find((group) => group.label === 'Разделы целиком')!.choices;
    expect(sections).toEqual(
      expect.arrayContaining([
        { value: '/*', name: 'Все страницы сайта' },
        { value: '/products/*', name: 'Все страницы курсов' },
        { value: '/products/middle-js/*', name: 'Все лендинги курса «Middle фронтенд-разработчик»' },
        { value: '/frontend-developer-*', name: 'Лендинги курса «Фронтенд-разработчик с нуля до middle» с адресом рядом с адресом курса' },
      ]),
    );
    // Every section reaches a page, and the pop-up's words for it are the list's.
    for (const section of sections) expect(patternName(section.value), section.value).toBe(section.name);
  });

  it('names an article by its title when the collections are read, and by its type and path otherwise', () => {
    const collection = collectionPageNames([{ path: '/media/css-grid', title: 'CSS Grid за вечер', kind: 'media-article' }]);
    expect(pageLabel('/media/css-grid?utm_source=vk', collection)).toBe('Статья «CSS Grid за вечер»');
    expect(pageLabel('/media/css-grid?utm_source=vk')).toBe('Статья медиа (/media/css-grid)');
    expect(patternName('/products/react*')).toBe('Все страницы, адрес которых начинается с /products/react');
  });
});

it('names what a test runs on: a pop-up by its name, a page by its own', () => {
  expect(testedPlaceName('popup', 'popup-react-developer-discount')).toBe('Поп-ап «Скидка на курс «React-разработчик»»');
  expect(testedPlaceName('page', '/products/typescript')).toBe('Страница курса «TypeScript для фронтенд-разработчика»');
});
