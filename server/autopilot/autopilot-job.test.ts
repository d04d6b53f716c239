import { beforeEach, expect, it } from 'vitest';
import { AUTOPILOT_ACTOR } from '@/lib/actors';
import { moscowToday } from '@/lib/calendar';
import type { AlertsConfig } from '../config';
import { filePopupSeeds } from '../popups/seed';
import { DEFAULT_ALERT_SETTINGS } from '../rules/alert-settings';
import { describeEachDatabase } from '../testing/databases';
import { pageTests } from '../experiments/subjects/page';
import { popupTests } from '../experiments/subjects/popup';
import { sampleLead } from '../testing/fixtures';
import { recordVariantTraffic } from '../testing/split-tests';
import { autopilotStep } from './autopilot-job';
import { createExperimentsPort } from './experiments-port';

const alerts: AlertsConfig = { telegram: { apiUrl: 'http://127.0.0.1:9', token: '1:t', timeoutMs: 1000 }, email: null, siteUrl: 'https://school.example' };
const operator = 'anna@school.ru';
/** Two pop-ups of the file: the one converting worse ranks first. */
const poor = 'popup-react-developer-discount';
const good = 'promo-career';

describeEachDatabase('the autopilot: proposes, starts only approved tests, stops them for futility or a result, starts the next approved one', (database) => {
  beforeEach(async () => {
    await database().clear();
    const { repos } = database();
    await repos.popups.seed(filePopupSeeds(), 1);
    await repos.settings.saveAlertSettings({
      ...DEFAULT_ALERT_SETTINGS,
      telegramChats: ['-100'],
      openMinute: 0,
      closeMinute: 24 * 60,
      days: [1, 2, 3, 4, 5, 6, 7],
    });
  });

  it('goes through the whole queue on its own clock', async () => {
    const { repos, handle } = database();
    const step = autopilotStep({ repos, database: handle, port: createExperimentsPort({ repos, database: handle }), alerts });
    let now = Date.now();
    const shows = (popup: string, shown: number, finished: number) =>
      repos.popupStats.record(
        [
          ...Array.from({ length: shown }, () => ({ popup, event: 'shown' as const, path: '/' })),
          ...Array.from({ length: finished }, () => ({ popup, event: 'finished' as const, path: '/' })),
        ],
        now,
      );
    // Enough traffic for a test within 90 days (about 110 visitors a day).
    await shows(poor, 3000, 600);
    await shows(good, 3000, 900);

    // Off: nothing at all.
    expect(await step.run(now)).toMatchObject({ autopilotProposed: 0, autopilotStarted: 0 });
    await repos.autopilot.saveSettings({ enabled: true, keepWinner: true, actor: operator, now });
    await repos.autopilot.addPattern({ element: 'headline', text: 'Скидка сгорит в пятницу', actor: operator, now });
    await repos.autopilot.addPattern({ element: 'buttonLabel', text: 'Забрать скидку', actor: operator, now });

    // On: proposals, the worse-converting pop-up first, and nothing started without «Запустить».
    now += 60_000;
    const first = await step.run(now);
    expect(first).toMatchObject({ autopilotProposed: 2, autopilotStarted: 0 });
    const proposed = await repos.autopilot.proposals(['proposed']);
    expect(proposed.map((p) => [p.place, p.element, p.text])).toEqual([
      [poor, 'headline', 'Скидка сгорит в пятницу'],
      [good, 'headline', 'Скидка сгорит в пятницу'],
    ]);
    expect(await popupTests(repos).running()).toEqual([]);

    // «Запустить» on the first: it starts at the next look, approved by the operator.
    await repos.autopilot.approve(proposed[0]!.id, { actor: operator, now });
    now += 60_000;
    expect(await step.run(now)).toMatchObject({ autopilotStarted: 1 });
    const [test] = await popupTests(repos).running();
    expect(test).toMatchObject({ popupId: poor, startedBy: operator });
    expect(test!.variants[1]!.headline).toBe('Скидка сгорит в пятницу');

    // A/A-like figures past 30 % of the plan with B behind: futile, ended by the autopilot without a winner.
    await recordVariantTraffic(repos, test!.id, { variant: 0, shows: 600, leads: 130, now });
    await recordVariantTraffic(repos, test!.id, { variant: 1, shows: 600, leads: 100, now });
    now += 60_000;
    expect(await step.run(now)).toMatchObject({ autopilotEnded: 1 });
    expect(await popupTests(repos).get(test!.id)).toMatchObject({ status: 'stopped', stoppedBy: AUTOPILOT_ACTOR, winner: null });
    expect(await repos.autopilot.get(proposed[0]!.id)).toMatchObject({ status: 'done', endReason: 'futility', kept: false });
    // The finished test is what «Что мы узнали» lists; the pop-up's next question is another element.
    expect((await popupTests(repos).finished()).map((t) => t.id)).toContain(test!.id);
    const next = (await repos.autopilot.proposals(['proposed'])).find((p) => p.place === poor);
    expect(next).toMatchObject({ element: 'buttonLabel', text: 'Забрать скидку' });

    // Both approved: each starts, one a place.
    const waiting = await repos.autopilot.proposals(['proposed']);
    for (const p of waiting) await repos.autopilot.approve(p.id, { actor: operator, now });
    now += 60_000;
    expect(await step.run(now)).toMatchObject({ autopilotStarted: 2 });
    const running = await popupTests(repos).running();
    const goodTest = running.find((t) => t.popupId === good)!;

    // A clear result: B better, kept (the team asked for it) — B's headline becomes the pop-up's.
    await recordVariantTraffic(repos, goodTest.id, { variant: 0, shows: 300, leads: 60, now });
    await recordVariantTraffic(repos, goodTest.id, { variant: 1, shows: 300, leads: 130, now });
    now += 60_000;
    expect(await step.run(now)).toMatchObject({ autopilotEnded: 1 });
    expect(await popupTests(repos).get(goodTest.id)).toMatchObject({ status: 'decided', winner: 1, stoppedBy: AUTOPILOT_ACTOR });
    const popup = await repos.popups.get(good);
    expect(JSON.stringify(popup!.config.content)).toContain('Скидка сгорит в пятницу');
  });

  it('proposes the first test of a course page never tested, from its views and the leads sent from it, and starts it only when approved', async () => {
    const { repos, handle } = database();
    const step = autopilotStep({ repos, database: handle, port: createExperimentsPort({ repos, database: handle }), alerts });
    const now = Date.now();
    // What the page-views beacons counted (server/http/page-views.ts) over the window: 20 000 views (about 700 a day), 300 leads.
    const day = moscowToday(new Date(now));
    await repos.traffic.tally(day, 'page', '/products/git', { counted: 20_000, uncounted: 12 });
    // A path that is no course page is not a place, whatever its figures.
    await repos.traffic.tally(day, 'page', '/products/no-such-course', { counted: 5000, uncounted: 0 });
    for (let i = 0; i < 300; i++) await repos.leads.accept(sampleLead({ createdAt: now - i * 60_000, pagePath: '/products/git' }), null);
    await repos.autopilot.saveSettings({ enabled: true, keepWinner: false, actor: operator, now });
    await repos.autopilot.addPattern({ element: 'headline', text: 'Git за две недели, с ревью наставника', actor: operator, now });

    expect(await step.run(now)).toMatchObject({ autopilotProposed: 1, autopilotStarted: 0 });
    const [proposal] = await repos.autopilot.proposals(['proposed']);
    expect(proposal).toMatchObject({ kind: 'page', place: '/products/git', element: 'headline', text: 'Git за две недели, с ревью наставника' });
    expect(proposal!.figures).toMatchObject({ missed: 19_700, rate: 0.015 });
    expect(await pageTests(repos).running()).toEqual([]);

    await repos.autopilot.approve(proposal!.id, { actor: operator, now });
    expect(await step.run(now + 60_000)).toMatchObject({ autopilotStarted: 1 });
    const [test] = await pageTests(repos).running();
    expect(test).toMatchObject({ pagePath: '/products/git', startedBy: operator });
    expect(test!.variants[1]).toMatchObject({ headline: 'Git за две недели, с ревью наставника' });
  });

  it('sends one weekly message where the lead alerts go: what was decided, what runs, what is proposed', async () => {
    const { repos, handle } = database();
    const step = autopilotStep({ repos, database: handle, port: createExperimentsPort({ repos, database: handle }), alerts });
    const now = Date.now();
    await repos.popupStats.record(
      Array.from({ length: 3600 }, (_, i) => ({ popup: poor, event: i < 600 ? ('finished' as const) : ('shown' as const), path: '/' })),
      now,
    );
    await repos.autopilot.saveSettings({ enabled: true, keepWinner: true, actor: operator, now });
    await repos.autopilot.addPattern({ element: 'headline', text: 'Скидка сгорит в пятницу', actor: operator, now });
    expect(await step.run(now)).toMatchObject({ autopilotProposed: 1, autopilotWeekly: 1 });
    expect(await step.run(now + 60_000)).toMatchObject({ autopilotWeekly: 0 });
    expect((await repos.alertQueue.health(Date.now())).waiting).toBe(1);
  });
});
