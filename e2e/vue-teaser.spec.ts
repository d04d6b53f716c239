import { AxeBuilder } from './support/axe';
import type { Page } from '@playwright/test';
import { contacts } from '../content/site';
import { expect, test } from './support/fixtures';

const tabName = 'Новый курс Vue 3 / Подарок за подписку!';

function teaser(page: Page) {
  return {
    tab: page.getByRole('button', { name: tabName }),
    panel: page.getByRole('dialog', { name: 'Новый курс Vue 3' }),
  };
}

/** Opens the home page (at `viewport`, if given) and the teaser's panel with a click on the tab. */
async function openPanel(page: Page, viewport?: { width: number; height: number }) {
  if (viewport) await page.setViewportSize(viewport);
  await page.goto('/');
  const parts = teaser(page);
  await parts.tab.click();
  await expect(parts.panel).toBeVisible();
  return parts;
}

test.describe('Vue teaser', () => {
  test('the tab expands into the gifts for subscribers and a link to the channel in a new tab', async ({ page, consoleErrors }) => {
    await page.goto('/');
    const { tab, panel } = teaser(page);
    await expect(tab).toBeVisible();
    await expect(tab).toHaveText(tabName);
    await expect(tab).toHaveAttribute('aria-expanded', 'false');

    await tab.click();
    await expect(panel).toBeVisible();
    await expect(tab).toHaveAttribute('aria-expanded', 'true');
    const bullets = panel.getByRole('listitem');
    await expect(bullets).toHaveCount(3);
    await expect(bullets.nth(0)).toContainText('гайд');
    await expect(bullets.nth(1)).toContainText('сравнительную таблицу');

    const channel = panel.getByRole('link', { name: 'Перейти в канал' });
    await expect(channel).toHaveAttribute('href', contacts.frameworkChannel);
    await expect(channel).toHaveAttribute('target', '_blank');
    await expect(channel).toHaveAttribute('rel', /noopener/);
    expect(consoleErrors).toEqual([]);
  });

  test('the tab toggles the panel closed again', async ({ page }) => {
    const { tab, panel } = await openPanel(page);
    await tab.click();
    await expect(panel).toBeHidden();
    await expect(tab).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click outside closes the panel', async ({ page }) => {
    const { panel } = await openPanel(page, { width: 1280, height: 800 });
    await page.mouse.click(200, 300);
    await expect(panel).toBeHidden();
  });

  test('the close icon closes the panel and gives focus back to the tab', async ({ page }) => {
    await page.goto('/');
    const { tab, panel } = teaser(page);
    await tab.click();
    await panel.getByRole('button', { name: 'Закрыть' }).click();
    await expect(panel).toBeHidden();
    await expect(tab).toBeFocused();
  });

  test('works by keyboard: Enter opens, focus moves in, Escape closes and returns focus', async ({ page }) => {
    await page.goto('/');
    const { tab, panel } = teaser(page);
    await expect(tab).toBeVisible();
    await tab.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Закрыть' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Перейти в канал' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(tab).toBeFocused();
    await page.keyboard.press('Space');
    await expect(panel).toBeVisible();
  });

  test('fits a phone screen and has no serious accessibility violations', async ({ page }) => {
    const { panel } = await openPanel(page, { width: 375, height: 740 });
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const serious = await new AxeBuilder({ page }).include('[role="dialog"]').seriousViolations();
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
