import { describe, expect, it } from 'vitest';
import { carryQuery } from './links';

const page = 'https://frontend-start.ru/?utm_source=vk&utm_medium=cpc';

describe('carryQuery', () => {
  it.each([
    // [target href, current page, expected]
    ['/products/junior-js', page, '/products/junior-js?utm_source=vk&utm_medium=cpc'],
    ['/products/junior-js#tariff-description', page, '/products/junior-js?utm_source=vk&utm_medium=cpc#tariff-description'],
    ['/products?tab=free', page, '/products?tab=free&utm_source=vk&utm_medium=cpc'],
    ['/products?', page, '/products?utm_source=vk&utm_medium=cpc'],
    ['/products?tab=free&', page, '/products?tab=free&utm_source=vk&utm_medium=cpc'],
    ['https://frontend-start.ru/about', page, 'https://frontend-start.ru/about?utm_source=vk&utm_medium=cpc'],
    ['products/react', 'https://frontend-start.ru/products/?utm_source=vk', 'products/react?utm_source=vk'],
    ['?page=2', 'https://frontend-start.ru/media?utm_source=vk', '?page=2&utm_source=vk'],
  ])('carries the query into the internal link %s', (href, current, expected) => {
    expect(carryQuery(href, current)).toBe(expected);
  });

  it("keeps the target's own values of a key both have", () => {
    expect(carryQuery('/products/react?utm_source=site&utm_campaign=react', page)).toBe('/products/react?utm_source=site&utm_campaign=react&utm_medium=cpc');
  });

  it('keeps every value of a repeated key and encodes what it appends', () => {
    expect(carryQuery('/about', 'https://frontend-start.ru/?tag=a&tag=b&utm_term=курс js')).toBe('/about?tag=a&tag=b&utm_term=%D0%BA%D1%83%D1%80%D1%81+js');
  });

  it("keeps the target's own encoding verbatim", () => {
    expect(carryQuery('/media?q=%D0%B2%D1%83%D0%B5', page)).toBe('/media?q=%D0%B2%D1%83%D0%B5&utm_source=vk&utm_medium=cpc');
  });

  it.each([
    ['#tariff-description'],
    ['https://t.me/frontend_frameworks'],
    ['https://school.getcourse.ru/pl/lite/widget?id=1'],
    ['//evil.example/path'],
    ['http://frontend-start.ru/about'], // another origin: the scheme differs
    ['mailto:support@frontend-start.ru'],
    ['tel:+78003012456'],
    ['javascript:void(0)'],
    [''],
  ])('leaves %s as written', (href) => {
    expect(carryQuery(href, page)).toBe(href);
  });

  it('changes nothing when the current page has no query', () => {
    expect(carryQuery('/products', 'https://frontend-start.ru/')).toBe('/products');
    expect(carryQuery('/products', 'https://frontend-start.ru/?')).toBe('/products');
  });

  it('changes nothing when the target already has every key', () => {
    const href = '/products?utm_source=a&utm_medium=b';
    expect(carryQuery(href, page)).toBe(href);
  });

  it('is idempotent', () => {
    const once = carryQuery('/products/junior-js#tariff-description', page);
    expect(carryQuery(once, page)).toBe(once);
  });

  it('leaves the href alone when the current address cannot be parsed', () => {
    expect(carryQuery('/products', 'not a url')).toBe('/products');
  });
});
