import { getCourse, variantPath } from '../content/courses';
import { campaignLandingFixture } from '../content/courses/fixtures';
import { resolvePriceReferences } from '../lib/price-references';
import { leadsOf } from './support/database';
import { expect, test } from './support/fixtures';

/**
 * A campaign landing (a course variant with its own first screen) in the real build: the test build
 * carries the landing of content/courses/fixtures.ts (CONTENT_FIXTURES=e2e, e2e/support/env.ts). Its
 * texts are read from that entry, so editing the fixture never needs this file changed.
 */

const { courseSlug, variant } = campaignLandingFixture;
const course = getCourse(courseSlug)!;
const landingPath = variantPath(course, { id: variant.id, placement: 'nested' });
const visitor = { name: 'Вера Кампанова', email: 'vera.campaign@example.ru', phone: '9161234599' };

/** Text as the visitor reads it: the typography's no-break spaces count as spaces. */
const spaced = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}\\s*$`);

test('a campaign landing shows its own first screen and form texts, stays noindex and records leads under its own form id', async ({ page, consoleErrors }) => {
  const response = await page.goto(landingPath);
  expect(response?.status()).toBe(200);

  const hero = page.locator('section[aria-labelledby="course-title"]');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(spaced(variant.hero.headline));
  await expect(hero.getByText(spaced(variant.hero.lead))).toBeVisible();
  await expect(hero.getByRole('link', { name: spaced(variant.hero.cta) })).toHaveAttribute('href', /#lead-form$/);
  await expect(hero.getByRole('link', { name: spaced(variant.hero.programCta) })).toHaveAttribute('href', /#program$/);
  // The price line names the price it repeats ({цена от}); the page shows it written in from the tariffs.
  const priceLine = resolvePriceReferences(variant.hero.priceLine, [course], course.slug).text;
  await expect(hero.getByText(spaced(priceLine.replace(/[\u00a0\u202f]/g, ' ')))).toBeVisible();
  // The rest of the page is the course's own: the breadcrumb still names the course.
  await expect(hero.getByRole('navigation', { name: 'Хлебные крошки' }).getByText(spaced(course.title))).toBeVisible();

  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

  const section = page.locator('#lead-form');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(spaced(variant.leadForm.heading));
  await expect(section).toHaveAttribute('data-form-id', variant.formId);
  await expect(section).toHaveAttribute('data-variant-id', variant.id);

  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('[data-form-ready]')).toHaveCount(1);
  await section.getByPlaceholder('Имя').fill(visitor.name);
  await section.getByPlaceholder('E-mail').fill(visitor.email);
  await section.getByPlaceholder('Телефон').fill(visitor.phone);
  await section.getByRole('button', { name: /^Отправить/ }).click();
  await expect(section.getByRole('status')).toContainText('Заявка отправлена!');

  const leads = (await leadsOf(visitor.email)).map(({ formId, variantId, pagePath }) => ({ formId, variantId, pagePath }));
  expect(leads).toEqual([{ formId: variant.formId, variantId: variant.id, pagePath: landingPath }]);
  expect(consoleErrors).toEqual([]);
});
