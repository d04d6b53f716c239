import type { Route } from '@playwright/test';
import { STILL_TRYING_TEXT } from '../components/lead-form/submit-status-texts';
import { contacts } from '../content/site';
import { leadsOf } from './support/database';
import { expect, test } from './support/fixtures';
import { advanceClockUntil, pageTime, requestsInFlight } from './support/page-clock';
import { crashedAnswer, serverAnswers } from './support/server-answers';
import { LEADS_ENDPOINT } from '../lib/api-contract';

/**
 * A lead form whose server keeps failing: the visitor is told within 6 s that the site is still
 * trying and that nothing typed is lost, and gets the final error with the messenger contacts within 20 s,
 * not after half a minute of silent retries. The order call is answered by Playwright only because a
 * failing server cannot be caused on demand: 500 as Next.js answers a handler that throws (or a failing
 * proxy), and 503 exactly as our server answers when its database is down. The seconds are the page's
 * own (its clock is moved on a second at a time), so a loaded test machine cannot blur them.
 */

const leadsEndpoint = `**${LEADS_ENDPOINT}`;

for (const [name, answer] of [
  ['500 (a crash)', crashedAnswer],
  ['503 (the database down, Retry-After: 30)', serverAnswers.unavailable],
] as const) {
  test(`a server answering ${name} to every order: "still trying" within 6 s, the error with contacts within 20 s`, async ({ page }) => {
    const email = `failing-${answer.status}@example.ru`;
    let attempts = 0;
    await page.route(leadsEndpoint, (route: Route) => {
      attempts += 1;
      return route.fulfill(answer);
    });
    await page.clock.install();
    await page.goto('/products/junior-js');
    const section = page.locator('#lead-form');
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('[data-form-ready]')).toHaveCount(1);
    await section.getByPlaceholder('Имя').fill('Вера Терпеливая');
    await section.getByPlaceholder('E-mail').fill(email);
    await section.getByPlaceholder('Телефон').fill('9161234567');

    const inFlight = requestsInFlight(page);
    const pressed = await pageTime(page);
    await section.locator('button[type="submit"]').click();
    expect(await advanceClockUntil(page, section.getByRole('status').filter({ hasText: STILL_TRYING_TEXT }), pressed, 6_000, inFlight)).toBeLessThanOrEqual(
      6_000,
    );

    const failure = section.getByRole('alert').filter({ hasText: 'Ошибка при отправке формы' });
    expect(await advanceClockUntil(page, failure, pressed, 20_000, inFlight)).toBeLessThanOrEqual(20_000);
    await expect(failure.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', contacts.telegram);
    await expect(failure.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', contacts.whatsapp);
    await expect(failure.getByRole('link', { name: contacts.phone.display })).toHaveAttribute('href', contacts.phone.href);
    await expect(section.getByRole('status').filter({ hasText: STILL_TRYING_TEXT })).toHaveCount(0);
    // Nothing typed is lost, it was retried, and no lead exists (the server never stored one).
    await expect(section.getByPlaceholder('E-mail')).toHaveValue(email);
    expect(attempts).toBeGreaterThan(1);
    expect(await leadsOf(email)).toHaveLength(0);
  });
}
