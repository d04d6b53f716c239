import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from './support/axe';
import type { BrowserContext, Page } from '@playwright/test';
import { coursePages, courses } from '../content/courses';
import { findLeadForm } from '../content/lead-forms';
import { type LeadFormPopupConfig, popupId, popups, type PromoPopupConfig } from '../content/popups';
import { legalLinks } from '../content/site';
import { selectPopup } from '../features/popups/targeting';
import { matchesPattern } from '../lib/path-patterns';
import { formatRub } from '../lib/money';
import { resolvePopupPrices } from '../lib/popups/prices';
import { e2eDistDir, e2eGiftPopupToken } from './support/env';
import { expect, test } from './support/fixtures';

/**
 * The timed pop-ups against the real stack (production build, SQLite, the delivery worker,
 * fake GetCourse). Time is Playwright's clock: a test jumps to "1 s before the delay ends" instead of
 * waiting. The only network interference: the messenger channel (a third party) is answered locally.
 *
 * Pages, texts and delays come from content/popups.ts, so moving a pop-up or giving it pages changes
 * no test here (the spec's own values are pinned in content/spec-conformance.test.ts).
 */

const chosenAt = (path: string) => selectPopup({ path, markers: [] }, popups);
const exactPaths = (patterns: readonly string[]) => patterns.filter((pattern) => !pattern.endsWith('*'));
const isPrefix = (pattern: string) => pattern.endsWith('*');

/** A promo pop-up shown on two product pages it names (its first include path may be the home page). */
const promoPagesOf = (popup: (typeof popups)[number]) => exactPaths(popup.includePaths).filter((path) => path !== '/' && chosenAt(path) === popup);
const promo = popups.find((popup): popup is PromoPopupConfig => popup.formConfig === null && promoPagesOf(popup).length >= 2)!;
const [promoPage, otherPromoPage] = promoPagesOf(promo) as [string, string];
const promoHeading = promo.content.heading;
const promoCookie = `timeoutPopupIsHidden_${popupId(promo)}`;

/** A lead-form pop-up whose page another pop-up's prefix pattern covers too (the more specific one wins there). */
const coveredByPrefix = (path: string, popup: (typeof popups)[number]) =>
  popups.some((other) => other !== popup && other.includePaths.some((pattern) => isPrefix(pattern) && matchesPattern(path, pattern)));
const lead = popups.find(
  (popup): popup is LeadFormPopupConfig => popup.content.kind === 'discount' && exactPaths(popup.includePaths).some((path) => coveredByPrefix(path, popup)),
)!;
const leadPage = exactPaths(lead.includePaths).find((path) => coveredByPrefix(path, lead))!;
const leadFormId = lead.formConfig.formId;
const leadContent = lead.content.kind === 'discount' ? lead.content : undefined;
/** Another page under that prefix pattern, and the promo it gets there. */
const sibling = coursePages()
  .map((page) => ({ path: page.path, popup: chosenAt(page.path) }))
  .find(
    ({ path, popup }) =>
      path !== leadPage &&
      popup?.formConfig === null &&
      popup.includePaths.some((pattern) => isPrefix(pattern) && matchesPattern(path, pattern) && matchesPattern(leadPage, pattern)),
  )!;
const siblingPromo = sibling.popup as PromoPopupConfig;

/** A page of the site no pop-up targets. */
const untargetedPage = ['/about', '/docs', '/cooperation', '/products'].find((path) => chosenAt(path) === null)!;

const gift = popups.find((popup): popup is LeadFormPopupConfig => popup.content.kind === 'gift')!;
// As the server answers it: the struck-out price looked up in the course it refers to.
const shownGift = resolvePopupPrices({ ...gift, enabled: true, startsAt: null, endsAt: null }, courses()).config!;
const giftContent = shownGift.content.kind === 'gift' ? shownGift.content : undefined;
const giftPage = `/products/junior-js/${e2eGiftPopupToken}`;
const successTitle = 'Ваша заявка отправлена!';
const oneDay = 24 * 60 * 60;
/** 1 s before and after a pop-up is due. */
const before = (popup: { showDelayMs: number }) => popup.showDelayMs - 1_000;
const after = (popup: { showDelayMs: number }) => popup.showDelayMs + 1_000;

/** Opens `path` with Playwright's clock installed, so page time moves only as the test says (and in real time). */
async function openWithClock(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** Moves the page's clock to `ms` after the page started loading (performance.now() counts from there). */
async function advanceTo(page: Page, ms: number) {
  const now = await page.evaluate(() => performance.now());
  if (ms > now) await page.clock.fastForward(Math.ceil(ms - now));
}

const popup = (page: Page) => page.getByRole('dialog');

async function suppressionCookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((cookie) => cookie.name === name);
}

/** Seconds from now until the cookie expires (-1 for a session cookie). */
function lifetime(cookie: { expires: number }) {
  return cookie.expires === -1 ? -1 : cookie.expires - Date.now() / 1000;
}

/** True when a script body contains `text`, raw or as the \u escapes a minifier may write it as. */
function scriptContains(body: string, text: string) {
  const escaped = [...text].map((char) => (char.charCodeAt(0) > 127 ? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}` : char)).join('');
  return body.includes(text) || body.toLowerCase().includes(escaped.toLowerCase());
}

test.describe('timing and targeting', () => {
  test('a targeted page: hidden 1 s before its delay, shown 1 s after; its code is fetched only shortly before', async ({ page, consoleErrors }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    const popupCodeLoaded = async () => (await Promise.all(scripts)).some((body) => scriptContains(body, successTitle));

    await openWithClock(page, promoPage);
    expect(await popupCodeLoaded()).toBe(false);

    await advanceTo(page, before(promo));
    await expect(popup(page)).toHaveCount(0);
    // Prefetched a few seconds before the delay ends, so it opens without waiting for the network.
    await expect.poll(popupCodeLoaded).toBe(true);

    await advanceTo(page, after(promo));
    const dialog = popup(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName(promoHeading);
    await expect(dialog.getByRole('img')).toHaveAttribute('alt', promo.content.image.alt);
    await expect(dialog).toHaveCSS('max-width', '430px');
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(430);
    expect(consoleErrors).toEqual([]);
  });

  test('an untargeted page never shows a pop-up', async ({ page }) => {
    await openWithClock(page, untargetedPage);
    await advanceTo(page, Math.max(...popups.map(after)));
    await advanceTo(page, 120_000);
    await expect(popup(page)).toHaveCount(0);
  });

  test('a trailing slash targets the same pop-up', async ({ page }) => {
    await openWithClock(page, `${promoPage}/`);
    await advanceTo(page, after(promo));
    await expect(popup(page)).toHaveAccessibleName(promoHeading);
  });

  test('a variant page gets the promo of its prefix pattern', async ({ page }) => {
    await openWithClock(page, sibling.path);
    await advanceTo(page, after(siblingPromo));
    await expect(popup(page)).toHaveAccessibleName(siblingPromo.content.heading);
  });

  test('a page under the same prefix that a lead-form pop-up names exactly shows that one (more segments win)', async ({ page }) => {
    await openWithClock(page, `${leadPage}/`);
    await advanceTo(page, after(lead));
    await expect(popup(page)).toHaveAccessibleName(leadContent!.title);
  });
});

test.describe('suppression cookie', () => {
  test('closing sets timeoutPopupIsHidden_{id} for one day; the pop-up is gone on reload until it expires', async ({ page, context }) => {
    await openWithClock(page, promoPage);
    await advanceTo(page, after(promo));
    await popup(page).getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup(page)).toHaveCount(0);

    const cookie = await suppressionCookie(context, promoCookie);
    expect(cookie).toMatchObject({ value: 'true', path: '/', sameSite: 'Lax' });
    expect(lifetime(cookie!)).toBeGreaterThan(oneDay - 120);
    expect(lifetime(cookie!)).toBeLessThanOrEqual(oneDay + 5);

    await page.reload();
    await page.waitForLoadState('networkidle');
    await advanceTo(page, 120_000);
    await expect(popup(page)).toHaveCount(0);

    // The cookie, and nothing else, kept it away: without it the pop-up comes back.
    await context.clearCookies({ name: promoCookie });
    await page.reload();
    await page.waitForLoadState('networkidle');
    await advanceTo(page, 150_000);
    await expect(popup(page)).toHaveAccessibleName(promoHeading);
  });

  test('the promo action opens the channel in a new tab, closes the pop-up and sets a session cookie', async ({ page, context }) => {
    await context.route(`${promo.content.actionHref}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Канал</title>' }));
    await openWithClock(page, promoPage);
    await advanceTo(page, after(promo));
    const action = popup(page).getByRole('link', { name: promo.content.actionLabel });
    await expect(action).toHaveAttribute('target', '_blank');

    const [channel] = await Promise.all([context.waitForEvent('page'), action.click()]);
    await channel.waitForLoadState();
    expect(channel.url()).toBe(promo.content.actionHref);
    await expect(popup(page)).toHaveCount(0);

    const cookie = await suppressionCookie(context, promoCookie);
    expect(cookie?.value).toBe('true');
    expect(lifetime(cookie!)).toBe(-1);

    await page.reload();
    await page.waitForLoadState('networkidle');
    await advanceTo(page, 120_000);
    await expect(popup(page)).toHaveCount(0);
  });

  test('a pop-up suppressed on one page stays away on every page it targets', async ({ page }) => {
    await openWithClock(page, promoPage);
    await advanceTo(page, after(promo));
    await expect(popup(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup(page)).toHaveCount(0);

    await page.goto(otherPromoPage);
    await page.waitForLoadState('networkidle');
    await advanceTo(page, 120_000);
    await expect(popup(page)).toHaveCount(0);
  });
});

test.describe('dialog behaviour', () => {
  test('keyboard: focus is trapped in the pop-up, Escape closes it and focus returns', async ({ page, context }) => {
    await openWithClock(page, promoPage);
    const skipLink = page.getByRole('link', { name: 'Перейти к содержанию' });
    await skipLink.focus();
    await advanceTo(page, after(promo));
    const dialog = popup(page);
    await expect(dialog).toBeVisible();

    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(skipLink).toBeFocused();
    expect(lifetime((await suppressionCookie(context, promoCookie))!)).toBeGreaterThan(oneDay - 120);
  });

  test('no serious accessibility violations in an open pop-up', async ({ page }) => {
    await openWithClock(page, leadPage);
    await advanceTo(page, after(lead));
    await expect(popup(page)).toBeVisible();
    const serious = await new AxeBuilder({ page }).include('[role="dialog"]').seriousViolations();
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

test.describe('lead-form pop-ups', () => {
  test('the discount form: texts, fields, consent; a real submit shows the success title and reaches GetCourse; the security policy refuses nothing', async ({
    page,
    context,
    fakeGetCourse,
    consoleErrors,
  }) => {
    // What the site's security policy refuses here would reach /api/csp-report from every visitor.
    await page.addInitScript(() => {
      const refused: string[] = [];
      (window as unknown as { cspRefused: string[] }).cspRefused = refused;
      document.addEventListener('securitypolicyviolation', (event) => refused.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    await openWithClock(page, leadPage);
    await advanceTo(page, after(lead));
    const dialog = popup(page);
    await expect(dialog).toHaveAccessibleName(leadContent!.title);
    await expect(dialog.getByText(leadContent!.text)).toBeVisible();
    const privacy = dialog.getByRole('link', { name: 'политикой конфиденциальности' });
    await expect(privacy).toHaveAttribute('href', legalLinks.privacy.href);
    await expect(privacy).toHaveAttribute('target', '_blank');
    await expect(dialog.getByRole('link', { name: 'пользовательское соглашение' })).toHaveAttribute('target', '_blank');

    const submit = dialog.getByRole('button', { name: leadContent!.submitLabel });
    await expect(submit).toBeDisabled();
    await dialog.getByPlaceholder('Имя').fill('Ольга');
    await expect(dialog.getByText('Обязательное')).toHaveCount(0);
    await dialog.getByPlaceholder('E-mail').fill('olga@');
    await expect(dialog.getByText('Некорректная почта')).toBeVisible();
    await dialog.getByPlaceholder('E-mail').fill('olga.popup@example.ru');
    await dialog.getByPlaceholder('Телефон').fill('9161234567');
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(dialog.getByRole('heading', { name: successTitle })).toBeVisible();
    await expect(dialog).toHaveAccessibleName(successTitle);
    await expect(dialog.getByPlaceholder('Имя')).toHaveCount(0);

    // Finishing: a session cookie, so closing afterwards does not turn it into a one-day one.
    const cookieName = `timeoutPopupIsHidden_${leadFormId}`;
    expect(lifetime((await suppressionCookie(context, cookieName))!)).toBe(-1);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    expect(lifetime((await suppressionCookie(context, cookieName))!)).toBe(-1);

    const dataLayer = await page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
    expect(dataLayer).toContainEqual(lead.formConfig.submitAnalyticsEvent);
    // The form's validation compiled nothing: no eval for the policy to refuse.
    expect(await page.evaluate(() => (window as unknown as { cspRefused: string[] }).cspRefused)).toEqual([]);

    // Through our back end: stored, then imported by the worker as a deal of the product the server's
    // registry names, never overwriting a known GetCourse user (refresh_if_exists 0).
    const entry = findLeadForm(leadFormId);
    if (entry?.delivery.kind !== 'deal') throw new Error(`${leadFormId} must be a deal delivery`);
    const isOlga = (r: { params?: unknown }) => (r.params as { user?: { email?: string } } | undefined)?.user?.email === 'olga.popup@example.ru';
    const received = await fakeGetCourse.waitFor((list) => list.some(isOlga));
    expect(received.find(isOlga)).toMatchObject({
      method: 'POST',
      path: '/pl/api/deals',
      outcome: 'success',
      params: {
        user: { first_name: 'Ольга', phone: '+79161234567' },
        system: { refresh_if_exists: 0 },
        deal: { product_title: entry.delivery.productTitle, deal_comment: expect.stringContaining(leadPage) },
      },
    });

    await page.reload();
    await page.waitForLoadState('networkidle');
    await advanceTo(page, 120_000);
    await expect(popup(page)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the gift variant on the secret junior page: its own delay, the gift course for its price instead of the struck-out one', async ({ page }) => {
    await openWithClock(page, giftPage);
    await advanceTo(page, before(gift));
    await expect(popup(page)).toHaveCount(0);
    await advanceTo(page, after(gift));
    const dialog = popup(page);
    await expect(dialog).toHaveAccessibleName(giftContent!.title);
    await expect(dialog.locator('s')).toHaveText(formatRub(giftContent!.offer.oldPrice));
    await expect(dialog.getByText(formatRub(giftContent!.offer.price), { exact: true })).toBeVisible();
    await expect(dialog.getByText(giftContent!.offer.condition)).toBeVisible();
    await expect(dialog.getByRole('button', { name: giftContent!.submitLabel })).toBeDisabled();
    for (const placeholder of ['Имя', 'E-mail', 'Телефон']) await expect(dialog.getByPlaceholder(placeholder)).toBeVisible();
  });
});

test.describe('the gift page token stays secret', () => {
  test('no script a page loads contains it, the gift page and its pop-up included', async ({ page }) => {
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on('response', (response) => {
      // The scripts, and the pop-ups' texts, which come from GET /api/popups, not from a script.
      if (response.request().resourceType() === 'script' || new URL(response.url()).pathname === '/api/popups') {
        scripts.push(
          response.text().then(
            (body) => ({ url: response.url(), body }),
            () => ({ url: response.url(), body: '' }),
          ),
        );
      }
    });
    await openWithClock(page, '/');
    await page.goto(giftPage);
    await page.waitForLoadState('networkidle');
    await advanceTo(page, after(gift));
    await expect(popup(page)).toHaveAccessibleName(giftContent!.title);

    const loaded = await Promise.all(scripts);
    // The pop-up's texts are among them: the check covers what shows the gift pop-up.
    expect(loaded.some(({ body }) => scriptContains(body, giftContent!.submitLabel))).toBe(true);
    expect(loaded.filter(({ body }) => body.includes(e2eGiftPopupToken)).map(({ url }) => url)).toEqual([]);
  });

  test('no client chunk of the build contains it', () => {
    const staticDir = path.resolve(e2eDistDir, 'static');
    const files = fs.readdirSync(staticDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const leaking = files.filter((file) => fs.readFileSync(path.join(staticDir, file), 'utf8').includes(e2eGiftPopupToken));
    expect(leaking).toEqual([]);
  });
});
