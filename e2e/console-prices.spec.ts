import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import { courseEntries } from '../content/courses';
import { withE2eDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';

/**
 * «Цены» as the marketing manager uses it, by keyboard and mouse: a refused save says why in Russian and
 * stores nothing, a good one is on the site now and in the history, one scheduled for tomorrow waits
 * under «Запланировано» until «Отменить», «Вернуть эту версию» brings earlier figures back, and «Журнал»
 * says each. The course is «junior» (Junior-комбо): no gift, pop-up or text of the site refers to its
 * tariffs, so the other specs' figures stay as they are; the test ends with the file's figures saved
 * again. A visitor's page (plain HTTP, no JavaScript), the catalogue and the structured data show each
 * price in effect as soon as the console saved it (the instance refreshes its live content at once).
 */
const course = courseEntries.find((entry) => entry.slug === 'junior')!;
const [combo, mentor] = course.tariffs as [(typeof course.tariffs)[number], (typeof course.tariffs)[number]];

async function seriousAxeProblems(page: Page) {
  return new AxeBuilder({ page }).seriousViolations();
}

const versionsOfCourse = () => withE2eDatabase(({ repos }) => repos.priceVersions.list(course.slug));

/** `5 490 ₽/мес.` as the console writes it (plain spaces: the page's no-break ones are matched by \s). */
const monthly = (price: number) => new RegExp(`${price.toLocaleString('ru-RU').replace(/\s/g, '\\s')}\\s₽/мес\\.`);

/** What a visitor gets for `path` without JavaScript: the HTML, no-break spaces read as spaces. */
async function served(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.text()).replace(/[\u00a0\u202f]/g, ' ');
}

/** Tomorrow at 10:00 in Moscow, as a `datetime-local` value. */
function tomorrowInMoscow(): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    Date.now() + 86_400_000,
  );
  return `${day}T10:00`;
}

test('«Цены»: a refused save changes nothing, a good one is on the site and in the history, a scheduled one is cancelled, an earlier version comes back', async ({
  page,
}) => {
  test.slow();
  const operator = await newOperator('prices');
  await signIn(page, operator);
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Цены' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Цены' })).toBeVisible();
  expect(await seriousAxeProblems(page)).toEqual([]);
  await page.getByRole('link', { name: course.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Цены курса «${course.title}»` })).toBeVisible();
  const comboFields = page.getByRole('group', { name: `Тариф «${combo.name}» (оплата помесячно)` });
  await expect(comboFields.getByText(/^Сейчас на сайте: /)).toHaveText(/^Сейчас на сайте: 5\s737\s₽\/мес\. на 18 мес\., зачёркнутая 8\s196\s₽\/мес\.$/);
  expect(await seriousAxeProblems(page)).toEqual([]);
  const versionsBefore = (await versionsOfCourse()).length;

  try {
    // A struck-out price below the price: refused by the content check, nothing stored.
    await comboFields.getByLabel('Зачёркнутая цена').fill('5000');
    await comboFields.getByLabel('Зачёркнутая цена').press('Enter');
    const refusal = page.getByRole('alert').filter({ hasText: 'Не сохранено, на сайте прежние цены' });
    await expect(refusal).toContainText('Не сохранено, на сайте прежние цены');
    await expect(refusal).toContainText(`Тариф «${combo.name}», «Зачёркнутая цена»: зачёркнутая цена должна быть выше цены тарифа`);
    await expect(comboFields.getByLabel('Зачёркнутая цена')).toHaveValue('5000');
    await expect(comboFields.getByLabel('Зачёркнутая цена')).toHaveAttribute('aria-invalid', 'true');
    expect(await versionsOfCourse()).toHaveLength(versionsBefore);

    // Not a whole number of roubles: refused in the browser with the server's own schema, never posted.
    await comboFields.getByLabel('Зачёркнутая цена').fill('8196');
    await comboFields.getByLabel('Цена', { exact: true }).fill('5 490,50');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(refusal).toContainText(`Тариф «${combo.name}», «Цена»: нужно целое число рублей`);
    expect(await versionsOfCourse()).toHaveLength(versionsBefore);

    // A good save: on the site now, first in the history.
    await comboFields.getByLabel('Цена', { exact: true }).fill('5 490');
    await page.getByRole('button', { name: 'Сохранить' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Сохранено. Посетители увидят новые цены в течение минуты.');
    await expect(comboFields.getByText(/^Сейчас на сайте: /)).toHaveText(/^Сейчас на сайте: 5\s490\s₽\/мес\. на 18 мес\., зачёркнутая 8\s196\s₽\/мес\.$/);
    const history = page.getByRole('table', { name: 'Версии цен курса, новые сверху' });
    await expect(history.getByRole('row').nth(1)).toContainText(monthly(5490));
    await expect(history.getByRole('row').nth(1)).toContainText('на сайте');
    await expect(history.getByRole('row').nth(1)).toContainText(operator.email);
    expect(await versionsOfCourse()).toHaveLength(versionsBefore + 1);
    // On the site: the course page, its structured data, the catalogue's card.
    await expect.poll(() => served(page, course.path)).toContain('5 490 ₽/мес.');
    expect(await served(page, course.path)).toContain('"price":5490');
    await expect.poll(() => served(page, '/products')).toContain('от 5 490 ₽/мес.');

    // Scheduled for tomorrow: waits under «Запланировано», the site keeps 5 490 ₽; «Отменить» drops it.
    await comboFields.getByLabel('Цена', { exact: true }).fill('5390');
    await page.getByLabel('Действует с').fill(tomorrowInMoscow());
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByRole('status')).toContainText(/Сохранено\. Цены начнут действовать \d{1,2} [а-я]+( \d{4})?, 10:00 МСК\./);
    const scheduled = page.getByRole('table', { name: 'Цены, которые начнут действовать позже' });
    await expect(scheduled.getByRole('row').nth(1)).toContainText(monthly(5390));
    await expect(comboFields.getByText(/^Сейчас на сайте: /)).toContainText(monthly(5490));
    expect(await served(page, course.path)).not.toContain('5 390 ₽');
    await scheduled.getByRole('button', { name: /^Отменить цены с / }).click();
    await expect(page.getByRole('status')).toHaveText('Запланированные цены отменены.');
    await expect(page.getByText('Запланированных цен нет.')).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: 'отменена' })).toContainText(monthly(5390));

    // Another price now, then «Вернуть эту версию» of the 5 490 ₽ one.
    await comboFields.getByLabel('Цена', { exact: true }).fill('5590');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(comboFields.getByText(/^Сейчас на сайте: /)).toContainText(monthly(5590));
    const earlier = history
      .getByRole('row')
      .filter({ hasText: 'прежняя' })
      .filter({ hasText: monthly(5490) });
    await earlier.getByRole('button', { name: /^Вернуть эту версию от / }).click();
    await expect(page.getByRole('status')).toHaveText('Версия возвращена: эти цены снова на сайте, посетители увидят их в течение минуты.');
    await expect(comboFields.getByText(/^Сейчас на сайте: /)).toContainText(monthly(5490));
    const onSite = history.getByRole('row').filter({ hasText: 'на сайте' });
    await expect(onSite).toHaveCount(1);
    await expect(onSite).toContainText(monthly(5490));
    await expect(history.getByRole('row').filter({ hasText: monthly(5590) })).toContainText('прежняя');
    await expect.poll(() => served(page, course.path)).toContain('5 490 ₽/мес.');
    expect(await served(page, course.path)).not.toContain('5 590 ₽');
    expect(await seriousAxeProblems(page)).toEqual([]);

    // «Журнал» says each, by the course's title.
    await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Журнал' }).click();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Цены курса «${course.title}»` })
        .filter({ hasText: 'возвращена версия' })
        .first(),
    ).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Отменены цены курса «${course.title}» с ` })
        .first(),
    ).toBeVisible();
  } finally {
    // The file's figures again, through the console, so the site shows what the other specs expect.
    await page.goto(`/admin/prices/${course.slug}`);
    for (const [tariff, fields] of [
      [combo, comboFields],
      [mentor, page.getByRole('group', { name: `Тариф «${mentor.name}» (оплата помесячно)` })],
    ] as const) {
      await fields.getByLabel('Цена', { exact: true }).fill(String(tariff.price));
      await fields.getByLabel('Зачёркнутая цена').fill(String(tariff.oldPrice));
      await fields.getByLabel('Месяцев').fill(String(tariff.months));
    }
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(comboFields.getByText(/^Сейчас на сайте: /)).toHaveText(/^Сейчас на сайте: 5\s737\s₽\/мес\. на 18 мес\., зачёркнутая 8\s196\s₽\/мес\.$/);
    await expect.poll(() => served(page, course.path)).toContain('5 737 ₽/мес.');
  }
});
