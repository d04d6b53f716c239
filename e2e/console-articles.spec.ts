import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { withE2eDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';

/**
 * «Статьи», «События» and «Публикации» as the marketing team uses them: a refused save says why in Russian
 * and stores nothing; a draft is previewed as a visitor would see it and is not on the site; «Опубликовать
 * сейчас» puts it on its page and in the sitemap; «Вернуть эту версию» brings the earlier text back; an
 * event published for later is cancelled and moved in «Публикации», and appears at its new minute. Each
 * entry has an address of its own (tests run in parallel, the stack's database is shared).
 */

async function seriousAxeProblems(page: Page) {
  return new AxeBuilder({ page }).seriousViolations();
}

const versionsOf = (kind: 'article' | 'event', slug: string) => withE2eDatabase(({ repos }) => repos.contentVersions.history(kind, slug));

/** A moment in Moscow as a `datetime-local` value. */
function moscowInput(at: number): string {
  return new Date(at + 3 * 3_600_000).toISOString().slice(0, 16);
}

async function coverFile() {
  const buffer = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  return { name: 'cover.png', mimeType: 'image/png', buffer };
}

/** The public page's status and its h1, read by a fresh request (the site reads the console's content within its refresh). */
async function publicHeading(page: Page, path: string): Promise<string | null> {
  const response = await page.request.get(path);
  if (response.status() !== 200) return null;
  return (
    (await response.text())
      .match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .replace(/\u00a0/g, ' ') ?? ''
  );
}

test('«Статьи»: refused with a reason, a draft previewed and not on the site, published, an earlier version back', async ({ page }) => {
  const slug = `e2e-article-${Date.now().toString(36)}`;
  await signIn(page, await newOperator('articles'));
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Статьи' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Статьи' })).toBeVisible();
  expect(await seriousAxeProblems(page)).toEqual([]);
  await page.getByRole('link', { name: 'Новая статья' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новая статья' })).toBeVisible();

  await page.getByLabel('Адрес страницы').fill(slug);
  await page.getByLabel('Заголовок').fill('Первая работа: план на месяц');
  await page.getByLabel('Лид').fill('Что делать каждую неделю, чтобы к концу месяца получить первое приглашение.');
  await page.getByLabel('Текст', { exact: true }).fill('# Неделя первая\n\nСоставьте резюме.');
  await page.getByLabel('Рубрика').selectOption({ label: 'Карьера' });
  await page.getByLabel('Автор').selectOption({ index: 1 });

  // «Предпросмотр» of the text: the same rule as the files' (no «# …» in the body), said in Russian.
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  const preview = page.getByRole('region', { name: 'Предпросмотр текста' });
  await expect(preview).toContainText('главный заголовок страницы — title');

  // Refused: the problem in Russian, the typed text kept, nothing stored.
  await page.getByRole('button', { name: 'Опубликовать сейчас' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Не сохранено' });
  await expect(refusal).toContainText('заголовок «# …» в тексте');
  await expect(page.getByLabel('Текст', { exact: true })).toHaveValue('# Неделя первая\n\nСоставьте резюме.');
  expect(await versionsOf('article', slug)).toHaveLength(0);
  expect(await seriousAxeProblems(page)).toEqual([]);

  await page.getByLabel('Текст', { exact: true }).fill('## Неделя первая\n\nСоставьте резюме и попросите наставника его прочитать.');
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(preview.getByRole('heading', { level: 2, name: 'Неделя первая' })).toBeVisible();
  await page.getByLabel('Обложка').setInputFiles(await coverFile());
  await expect(page.getByRole('img', { name: 'Загруженная обложка' })).toBeVisible();

  // A draft: saved, not on the site; previewed as a visitor would see it.
  await page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(page.getByRole('status')).toContainText('Черновик сохранён');
  expect(await publicHeading(page, `/media/${slug}`)).toBeNull();
  await page.getByRole('status').getByRole('link', { name: 'Посмотреть как на сайте' }).click();
  await expect(page.getByRole('note', { name: 'Предпросмотр' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Первая работа: план на месяц');
  await expect(page.getByRole('heading', { level: 2, name: 'Неделя первая' })).toBeVisible();
  expect(await seriousAxeProblems(page)).toEqual([]);
  await page.getByRole('link', { name: 'Вернуться к редактированию' }).click();

  // Published now, with a new title: on its page and in the sitemap.
  await page.getByLabel('Заголовок').fill('Первая работа: план на четыре недели');
  await page.getByRole('button', { name: 'Опубликовать сейчас' }).click();
  await expect(page.getByRole('status')).toContainText('Опубликовано');
  await expect.poll(() => publicHeading(page, `/media/${slug}`), { timeout: 30_000 }).toBe('Первая работа: план на четыре недели');
  await expect.poll(async () => (await page.request.get('/sitemap.xml')).text(), { timeout: 30_000 }).toContain(`/media/${slug}`);

  // «Вернуть эту версию»: the draft's text is on the site again, as a new version.
  const history = page.getByRole('table', { name: 'Версии, новые сверху' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('на сайте');
  await history
    .getByRole('row')
    .nth(2)
    .getByRole('button', { name: /^Вернуть эту версию/ })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Вернуть версию/ })
    .click();
  await expect(page.getByRole('status')).toContainText('снова на сайте');
  await expect(page.getByLabel('Заголовок')).toHaveValue('Первая работа: план на месяц');
  await expect.poll(() => publicHeading(page, `/media/${slug}`), { timeout: 30_000 }).toBe('Первая работа: план на месяц');
  expect(await versionsOf('article', slug)).toHaveLength(3);

  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Журнал' }).click();
  await expect(page.getByText('Статья «Первая работа: план на месяц»: возвращена версия', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Статья «Первая работа: план на четыре недели»: опубликована новая версия').first()).toBeVisible();
});

test('«События» and «Публикации»: an event for later is cancelled, then moved and appears at its minute', async ({ page }) => {
  test.setTimeout(240_000);
  const slug = `e2e-event-${Date.now().toString(36)}`;
  const tomorrow = moscowInput(Date.now() + 86_400_000);
  await signIn(page, await newOperator('events'));
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'События' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'События' })).toBeVisible();
  await page.getByRole('link', { name: 'Новое событие' }).click();

  await page.getByLabel('Адрес страницы').fill(slug);
  await page.getByLabel('Название').fill('Встреча выпускников');
  await page.getByLabel('Дата и время', { exact: true }).fill(moscowInput(Date.now() + 7 * 86_400_000));
  await page.getByLabel('Место или ссылка').fill('https://school.example/live');
  await page.getByLabel('Описание').fill('Выпускники рассказывают, как нашли первую работу, и отвечают на вопросы.');
  await page.getByLabel('Заголовок формы регистрации').fill('Запишитесь на встречу');
  await page.getByLabel('Текст у формы регистрации').fill('Пришлём ссылку на трансляцию за день.');
  await page.getByLabel('Надпись на кнопке').fill('Записаться');
  await page.getByLabel('Дата и время публикации').fill(tomorrow);

  // A new event needs its cover: refused, nothing stored.
  await page.getByRole('button', { name: /^Опубликовать \d/ }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Не сохранено' });
  await expect(refusal).toContainText('Загрузите обложку события');
  // Said once, in the marketer's words: not again by the site's content rules, in zod's English.
  await expect(refusal.getByRole('listitem')).toHaveText(['Обложка: Загрузите обложку события: она стоит в начале его страницы']);
  expect(await versionsOf('event', slug)).toHaveLength(0);

  await page.getByLabel('Обложка').setInputFiles(await coverFile());
  await expect(page.getByRole('img', { name: 'Загруженная обложка' })).toBeVisible();
  await page.getByRole('button', { name: /^Опубликовать \d/ }).click();
  await expect(page.getByRole('status')).toContainText('Запланировано');
  expect(await publicHeading(page, `/events/${slug}`)).toBeNull();

  // «Публикации»: «Отменить» says what it does; the row goes.
  await page.getByRole('navigation', { name: 'Разделы консоли' }).getByRole('link', { name: 'Публикации' }).click();
  const row = () =>
    page
      .getByRole('row')
      .filter({ hasText: 'Встреча выпускников' })
      .filter({ hasText: `/events/${slug}` });
  await expect(row()).toContainText('появится');
  expect(await seriousAxeProblems(page)).toEqual([]);
  await row()
    .getByRole('button', { name: /^Отменить/ })
    .click();
  await expect(page.getByRole('dialog')).toContainText('Эта версия не выйдет');
  await page.getByRole('dialog').getByRole('button', { name: 'Отменить публикацию' }).click();
  await expect(page.getByRole('status')).toHaveText('Публикация отменена.');
  await expect(row()).toHaveCount(0);

  // Scheduled again, then moved: a moment in the past is refused in the dialog, the next minutes taken.
  await page.goto(`/admin/events/${slug}`);
  await page.getByLabel('Дата и время публикации').fill(tomorrow);
  await page.getByRole('button', { name: /^Опубликовать \d/ }).click();
  await expect(page.getByRole('status')).toContainText('Запланировано');
  await page.goto('/admin/publications');
  await row()
    .getByRole('button', { name: /^Перенести/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Новые дата и время').fill(moscowInput(Date.now() - 3_600_000));
  await dialog.getByRole('button', { name: 'Перенести' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Это время уже прошло: выберите время впереди');
  // The next whole minute at least 15 s ahead (the dialog takes minutes): a wait of 15 to 75 s.
  const soon = Math.ceil((Date.now() + 15_000) / 60_000) * 60_000;
  await dialog.getByLabel('Новые дата и время').fill(moscowInput(soon));
  await dialog.getByRole('button', { name: 'Перенести' }).click();
  await expect(page.getByRole('status')).toHaveText('Публикация перенесена.');
  await expect(row()).toContainText(`${new Date(soon + 3 * 3_600_000).toISOString().slice(11, 16)} МСК`);

  // Its minute comes: the page, its form and the sitemap.
  expect(await publicHeading(page, `/events/${slug}`)).toBeNull();
  await expect.poll(() => publicHeading(page, `/events/${slug}`), { timeout: 120_000, intervals: [2_000] }).toBe('Встреча выпускников');
  await page.goto(`/events/${slug}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Запишитесь на встречу' })).toBeVisible();
  await expect(page.getByText('https://school.example/live')).toBeVisible();
  await expect.poll(async () => (await page.request.get('/sitemap.xml')).text(), { timeout: 30_000 }).toContain(`/events/${slug}`);
});
