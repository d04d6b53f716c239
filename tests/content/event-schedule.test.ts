/**
 * Scheduled events, with the release timer's fake clock (`--today`, and `now` for the console): on a copy
 * of the project where one event gets a publish date and nothing else changes, the event is absent the
 * day before (no page, no sitemap entry, the timer's condition says "nothing to release") while the
 * console's «Публикации» already lists it with its date; on its day the timer's condition names it and
 * records the run, the build of that day has its page, and «Публикации» shows the run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../support/project-copy';

// Days far from the real clock: the content check of the copy runs on today's date.
const dayBefore = '2031-03-01';
const publishDay = '2031-03-02';
let copy: ProjectCopy;

beforeAll(() => {
  copy = copyProject('event-schedule');
  copy.edit('content/events.ts', "    slug: 'snow-quest',\n", `    slug: 'snow-quest',\n    publishedAt: '${publishDay}',\n`);
  // The site on a day: its event pages and paths as a build of that day makes them, and «Публикации» at 09:00 that day.
  fs.writeFileSync(
    path.join(copy.folder, 'day-probe.ts'),
    `import path from 'node:path';
import { getEvent, publishedEvents } from './content/events';
import { indexablePagePaths } from './content/site-paths';
import { publicationsAt } from './features/console-publications/publications-data';
import { lastRunText, publicationChangeLabels, publicationKindLabels, publicationMoment } from './features/console-publications/publications-labels';
import { getServerRuntime } from './server/runtime';

async function main() {
  const day = process.argv[2]!;
  const now = Date.parse(day + 'T09:00:00+03:00');
  const { repos } = await getServerRuntime();
  const page = await publicationsAt({ repos, contentRoot: path.join(process.cwd(), 'content'), now });
  console.log(JSON.stringify({
    pages: publishedEvents(day).map((event) => event.slug),
    found: getEvent('snow-quest', day) !== undefined,
    sitemap: indexablePagePaths(day).includes('/events/snow-quest'),
    publications: page.rows.map((row) => [publicationMoment(row, now), publicationChangeLabels[row.change], publicationKindLabels[row.kind], row.name, row.path ?? '']),
    lastRun: lastRunText(page.lastRun, now),
  }));
  process.exit(0);
}
void main();
`,
  );
});

afterAll(() => copy.remove());

const inCopy = (args: string[]) => copy.run(args, { reactServer: true });

type Day = { pages: string[]; found: boolean; sitemap: boolean; publications: string[][]; lastRun: string };
function siteOn(day: string): Day {
  return copy.probe<Day>(['day-probe.ts', day], { reactServer: true });
}

it('a future event appears on its date with the release timer, and «Публикации» lists it before that', () => {
  const check = inCopy(['scripts/check-content.ts']);
  expect(check.code, check.err).toBe(0);
  expect(check.out).toContain(`content/events.ts: с ${publishDay}`);

  // The day before: no page, no sitemap entry, nothing to release; the console lists it with its date.
  const before = inCopy(['scripts/release-due.ts', '--today', dayBefore, '--record']);
  expect(before.code, before.err).toBe(1);
  expect(before.out).toContain('публиковать нечего');
  const dayBeforeSite = siteOn(dayBefore);
  expect(dayBeforeSite).toMatchObject({ found: false, sitemap: false });
  expect(dayBeforeSite.pages).not.toContain('snow-quest');
  expect(dayBeforeSite.publications).toContainEqual([
    '2 марта, 00:10 МСК, с выпуском по таймеру',
    'появится',
    'Событие',
    'Снежный квест: 12 задач на JavaScript',
    '/events/snow-quest',
  ]);
  expect(dayBeforeSite.lastRun).toMatch(/: публиковать было нечего, сайт не пересобирался\.$/);

  // Its day: the timer's condition names it (a release follows) and the run is recorded; that day's build has its page.
  const on = inCopy(['scripts/release-due.ts', '--today', publishDay, '--record']);
  expect(on.code, on.err).toBe(0);
  expect(on.out).toContain('content/events.ts (событие /events/snow-quest): нужен выпуск');
  const publishDaySite = siteOn(publishDay);
  expect(publishDaySite).toMatchObject({ found: true, sitemap: true });
  expect(publishDaySite.pages).toContain('snow-quest');
  expect(publishDaySite.publications.map((row) => row[3])).not.toContain('Снежный квест: 12 задач на JavaScript');
  expect(publishDaySite.lastRun).toMatch(/: вышли событие «Снежный квест: 12 задач на JavaScript» — сайт пересобран\.$/);
}, 180_000);
