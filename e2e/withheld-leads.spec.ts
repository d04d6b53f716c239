import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import type { ReceivedRequest } from '../tests/support/fake-getcourse';
import { withheldLead } from '../server/testing/seed';
import { leadsOf, withE2eDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';

/** Whether the fake GetCourse got a deal of `email`. */
const dealOf = (received: ReceivedRequest[], email: string) =>
  received.some((request) => request.path === '/pl/api/deals' && JSON.stringify(request.params).includes(email));

const seriousProblems = (page: Page) => new AxeBuilder({ page }).seriousViolations();

/** Presses a control as a keyboard user does: focus on it, then Enter. */
async function pressEnterOn(page: Page, control: ReturnType<Page['getByRole']>) {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press('Enter');
}

test('a lead held as «Похоже на спам»: counted on «Обзор», labelled in «Заявки», released and deleted by keyboard, written to «Журнал»', async ({
  page,
  fakeGetCourse,
}) => {
  // The held leads as the lead API stores them (the stack's thresholds are out of the suite's reach).
  const tag = `withheld-e2e-${Date.now()}`;
  const [real, junk, rest] = await withE2eDatabase(async (database) => [
    await withheldLead(database, { email: `${tag}-real@example.com`, name: 'Настоящая Посетительница' }),
    await withheldLead(database, { email: `${tag}-junk@example.com`, name: 'Акция Скидкин' }),
    await withheldLead(database, { email: `${tag}-rest@example.com`, name: 'Акция Скидкин' }),
  ]);

  await signIn(page, await newOperator('withheld'));
  // «Обзор»: how many wait, as a link to them.
  const waiting = page.getByRole('link', { name: 'Похоже на спам: задержаны, ждут решения' });
  await pressEnterOn(page, waiting);
  await expect(page).toHaveURL(/\/admin\/leads\?spam=withheld$/);
  await expect(page.getByRole('heading', { name: 'Похоже на спам', level: 2 })).toBeVisible();
  const realRow = page.getByRole('row').filter({ hasText: real.email });
  await expect(realRow.getByRole('cell').last()).toHaveText('Похоже на спам');
  await expect(page.getByRole('row').filter({ hasText: junk.email })).toHaveCount(1);
  expect(await seriousProblems(page)).toEqual([]);

  // A real visitor among them: its page says why it was held, and one press releases it.
  await pressEnterOn(page, realRow.getByRole('link'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заявка №${real.id}`);
  await expect(
    page.getByRole('heading', { name: 'Похоже на спам: много заявок с одного адреса за 10 минут; почты по одному шаблону (anna1@…, anna2@…)' }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'задержана: похоже на спам' })).toHaveCount(1);
  expect(await seriousProblems(page)).toEqual([]);
  expect(dealOf(await fakeGetCourse.received(), real.email)).toBe(false);
  await pressEnterOn(page, page.getByRole('button', { name: 'Выпустить: это не спам' }));
  await fakeGetCourse.waitFor((received) => dealOf(received, real.email));
  await expect(page.getByRole('heading', { name: /^Похоже на спам/ })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'доставлена' })).toHaveCount(1, { timeout: 20_000 });

  // A junk lead from its page: asked first, in a named dialog, then erased.
  await page.goto(`/admin/leads/${junk.id}`);
  await pressEnterOn(page, page.getByRole('button', { name: 'Удалить заявку' }));
  const dialog = page.getByRole('dialog', { name: 'Удалить эту заявку?' });
  await expect(dialog).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await pressEnterOn(page, dialog.getByRole('button', { name: 'Удалить безвозвратно' }));
  await expect(page).toHaveURL(/\/admin\/leads\?spam=withheld$/);
  expect(await leadsOf(junk.email)).toEqual([]);

  // The rest of the section at once.
  const deleteAll = page.getByRole('button', { name: /^Удалить все \(\d+\)$/ });
  await pressEnterOn(page, deleteAll);
  await pressEnterOn(page, page.getByRole('dialog', { name: /^Удалить заявки, похожие на спам/ }).getByRole('button', { name: 'Удалить безвозвратно' }));
  await expect(page.getByRole('status').filter({ hasText: 'Заявок, похожих на спам, нет.' })).toBeVisible();
  expect(await leadsOf(rest.email)).toEqual([]);
  const received = await fakeGetCourse.received();
  expect([dealOf(received, junk.email), dealOf(received, rest.email)]).toEqual([false, false]);

  // «Журнал»: who released and who deleted what.
  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: `Заявка №${real.id} из «Похоже на спам» выпущена: отправлена в GetCourse и менеджерам` })).toHaveCount(
    1,
  );
  await expect(page.getByRole('row').filter({ hasText: `Заявка №${junk.id} из «Похоже на спам» удалена безвозвратно` })).toHaveCount(1);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: /Удалены безвозвратно заявки из «Похоже на спам»: \d+/ })
      .first(),
  ).toBeVisible();
});
