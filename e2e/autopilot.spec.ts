import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import { AUTOPILOT_ACTOR } from '../lib/actors';
import { elementLabels } from '../lib/experiments/autopilot-words';
import { testedPlaceName } from '../content/names';
import { filePopupSeeds } from '../server/popups/seed';
import { popupTests } from '../server/experiments/subjects/popup';
import { recordVariantTraffic } from '../server/testing/split-tests';
import { popupVersion, restorePopupFromFile, withE2eDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { newOperator, signIn } from './support/operator';

/**
 * «Автопилот» on «Тесты страниц», on the e2e stack's fast clock (its job looks every second,
 * AUTOPILOT_EVERY_MS in e2e/support/env.ts): from a pop-up's figures it proposes a test, starts it only
 * after «Запустить», stops it for futility once its figures say so, the test becomes an entry of «Что мы
 * узнали», and the next approved test of the pop-up starts and is stopped by its result, its winner kept.
 * Figures are seeded through the repositories, on a pop-up no other spec tests (e2e/popup-console.spec.ts edits
 * it: the clean-up gives it back its file's texts, and that spec counts versions from where it finds them).
 */
const popupId = 'popup-layout-discount';
const placeName = testedPlaceName('popup', popupId);

async function seriousProblems(page: Page) {
  return new AxeBuilder({ page }).seriousViolations();
}

/**
 * The autopilot off, its open proposals dismissed, no test of the pop-up left running, and the pop-up's
 * texts the file's again (a kept winner is not left for the specs that show or edit it).
 */
async function cleanUp() {
  await withE2eDatabase(async ({ repos }) => {
    await repos.autopilot.saveSettings({ enabled: false, keepWinner: true, actor: 'e2e-cleanup', now: Date.now() });
    for (const proposal of await repos.autopilot.proposals(['proposed', 'approved'])) await repos.autopilot.dismiss(proposal.id);
    for (const test of await popupTests(repos).running())
      if (test.popupId === popupId) await popupTests(repos).stop(test.id, { actor: 'e2e-cleanup', now: Date.now() });
  });
  if ((await popupVersion(popupId)) > 1) await restorePopupFromFile(popupId);
}

test.afterEach(cleanUp);

const SLICES = 10;

/**
 * A test's traffic as visitors bring it: A and B in turn, a tenth of each at a time, so every state the
 * autopilot may look at in between leans the way the whole does. Stops once the autopilot has ended the
 * test (a look between two slices may already decide).
 */
async function seedTraffic(testId: string, variants: [{ shows: number; leads: number }, { shows: number; leads: number }], prefix: string) {
  await withE2eDatabase(async ({ repos }) => {
    const runs = async () => (await popupTests(repos).get(testId))?.status === 'running';
    for (let slice = 0; slice < SLICES; slice++) {
      for (const [variant, { shows, leads }] of variants.entries()) {
        if (!(await runs())) return;
        const part = { variant, shows: shows / SLICES, leads: leads / SLICES, now: Date.now(), prefix: `${prefix}-${variant}-${slice}` };
        await recordVariantTraffic(repos, testId, part).catch(async (error: unknown) => {
          // Refused because the test just ended: what the autopilot decided on stands.
          if (await runs()) throw error;
        });
      }
    }
  });
}

test('«Автопилот» proposes a test, starts it only after «Запустить», stops it for futility, writes «Что мы узнали», and starts the next approved one', async ({
  page,
}) => {
  test.slow();
  const run = Date.now().toString(36);
  const headline = `Макет за выходные ${run}`;
  const button = `Хочу сверстать ${run}`;
  await cleanUp();
  await withE2eDatabase(async ({ repos }) => {
    await repos.popups.seed(filePopupSeeds(), 1);
    // Four weeks' figures of the pop-up: 3,000 shows, one in five finished — enough traffic for a test within 90 days.
    const shown = Array.from({ length: 3000 }, () => ({ popup: popupId, event: 'shown' as const, path: '/products/layout' }));
    const finished = Array.from({ length: 600 }, () => ({ popup: popupId, event: 'finished' as const, path: '/products/layout' }));
    await repos.popupStats.record([...shown, ...finished], Date.now());
  });

  await signIn(page, await newOperator(`autopilot-${run}`));
  await page.goto('/admin/page-tests');
  const section = page.getByRole('region', { name: 'Автопилот' });
  await expect(section.getByTestId('autopilot-futility')).toContainText('Ложных выводов при этом не больше 5 %');

  // The team's patterns, through the form.
  for (const [element, text] of [
    ['Заголовок', headline],
    ['Надпись на кнопке', button],
  ] as const) {
    await section.getByLabel('Элемент').selectOption({ label: element });
    await section.getByLabel('Текст шаблона').fill(text);
    await section.getByRole('button', { name: 'Добавить шаблон' }).click();
    // The notice may be the first pattern's still: the new row says this one is saved.
    await expect(section.getByTestId('autopilot-pattern').filter({ hasText: text })).toHaveCount(1);
    await expect(section.getByTestId('autopilot-notice')).toHaveText('Шаблон добавлен.');
  }
  await expect(section.getByTestId('autopilot-pattern').filter({ hasText: headline })).toHaveText(new RegExp(`^Заголовок: «${headline}»`));

  // Switched on: a proposal for the pop-up at the job's next look.
  await section.getByLabel('Автопилот включён').check();
  await expect(section.getByLabel('Автопилот включён')).toBeChecked();
  await expect(section.getByLabel('Оставлять победителя автоматически')).toBeChecked();
  await section.getByRole('button', { name: 'Сохранить автопилот' }).click();
  await expect(section.getByTestId('autopilot-notice')).toHaveText('Автопилот включён: он предлагает тесты, но запускает только одобренные.');
  const proposal = section.getByTestId('autopilot-proposal').filter({ hasText: placeName });
  await expect
    .poll(
      async () => {
        await page.reload();
        return proposal.count();
      },
      { message: 'the autopilot to propose a test of the pop-up', timeout: 30_000 },
    )
    .toBe(1);
  await expect(proposal).toContainText('посетителей ушли без заявки (конверсия 20,0 %)');
  expect(await seriousProblems(page)).toEqual([]);

  // Nothing goes live without «Запустить».
  const running = () => withE2eDatabase(async ({ repos }) => (await popupTests(repos).running()).filter((t) => t.popupId === popupId));
  expect(await running()).toEqual([]);
  // What it proposes: an element never tested on the pop-up, a text that won elsewhere or one of the patterns.
  const proposedOf = () => withE2eDatabase(async ({ repos }) => (await repos.autopilot.proposals(['proposed'])).find((p) => p.place === popupId)!);
  const proposed = await proposedOf();
  await expect(proposal).toContainText(`«${proposed.text}»`);
  await proposal.getByRole('button', { name: `Запустить: ${placeName}: ${elementLabels[proposed.element].toLowerCase()}` }).click();
  await expect(section.getByTestId('autopilot-notice')).toHaveText('Тест одобрен: он начнётся, как только страница или поп-ап освободятся.');
  await expect.poll(async () => (await running()).length, { message: 'the approved test to start', timeout: 30_000 }).toBe(1);
  const [first] = await running();
  expect(first!.variants[1]![proposed.element as 'headline' | 'text' | 'buttonLabel']).toBe(proposed.text);
  await page.reload();
  await expect(section.getByTestId('autopilot-running').filter({ hasText: placeName })).toContainText(`«${proposed.text}»`);

  // Figures past a third of the plan with B behind: futile. The autopilot stops it by itself, with no winner.
  await seedTraffic(
    first!.id,
    [
      { shows: 600, leads: 130 },
      { shows: 600, leads: 100 },
    ],
    `autopilot-${run}-first`,
  );
  await expect.poll(async () => (await running()).length, { message: 'the futile test to be stopped', timeout: 30_000 }).toBe(0);
  const stopped = await withE2eDatabase(({ repos }) => popupTests(repos).get(first!.id));
  expect(stopped).toMatchObject({ status: 'stopped', stoppedBy: AUTOPILOT_ACTOR, winner: null });
  await page.reload();
  await expect(section.getByTestId('autopilot-done').filter({ hasText: proposed.text })).toContainText(
    'остановлен: шансов увидеть разницу почти нет (правило бесполезности)',
  );

  // «Что мы узнали» has the test, ended by the autopilot.
  await section.getByRole('link', { name: 'Что мы узнали' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Что мы узнали');
  // Its text may be another spec's winner (what the school learned): the entry is told apart by its pop-up.
  const entry = page.getByTestId('learned-entry').filter({ hasText: proposed.text }).filter({ hasText: placeName });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('автопилот');

  // The pop-up's next question (another element), proposed, approved, started; a clear result keeps B.
  await page.goto('/admin/page-tests');
  const next = section.getByTestId('autopilot-proposal').filter({ hasText: placeName });
  await expect
    .poll(
      async () => {
        await page.reload();
        return next.count();
      },
      { message: 'the next proposal of the pop-up', timeout: 30_000 },
    )
    .toBe(1);
  const nextProposed = await proposedOf();
  expect(nextProposed.element).not.toBe(proposed.element);
  await expect(next).toContainText(`«${nextProposed.text}»`);
  await next.getByRole('button', { name: `Запустить: ${placeName}: ${elementLabels[nextProposed.element].toLowerCase()}` }).click();
  await expect.poll(async () => (await running()).length, { message: 'the next approved test to start', timeout: 30_000 }).toBe(1);
  const [second] = await running();
  expect(second!.variants[1]![nextProposed.element as 'headline' | 'text' | 'buttonLabel']).toBe(nextProposed.text);
  await seedTraffic(
    second!.id,
    [
      { shows: 600, leads: 110 },
      { shows: 600, leads: 220 },
    ],
    `autopilot-${run}-second`,
  );
  await expect.poll(async () => (await running()).length, { message: 'the decided test to end', timeout: 30_000 }).toBe(0);
  expect(await withE2eDatabase(({ repos }) => popupTests(repos).get(second!.id))).toMatchObject({ status: 'decided', winner: 1, stoppedBy: AUTOPILOT_ACTOR });
  await page.reload();
  await expect(section.getByTestId('autopilot-done').filter({ hasText: nextProposed.text })).toContainText('закончен выводом, победитель оставлен');
});
