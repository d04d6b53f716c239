/**
 * `npm run release:due` (the release timer's condition, deploy/site-release.service): exit 0 and a line
 * naming them when an article, a story or an event becomes due today (Moscow time), exit 1 when nothing
 * does, so the timer releases only on such days. `--today YYYY-MM-DD` and `--root <content folder>` for
 * tests (the timer's fake clock). `--record` (what the timer passes, deploy/release.sh scheduled) also
 * writes the run into the site's database (DATABASE_URL or SQLITE_PATH), for the console's «Публикации»;
 * a database that cannot be reached is reported and does not stop the release.
 */
import path from 'node:path';
import { moscowToday } from '../lib/calendar';
import type { DueEntry } from '../server/repositories/release-runs';

/** What a build made yesterday left out and a build today takes in: articles, stories and events dated today. */
export async function dueOn(root: string, today: string): Promise<(DueEntry & { file: string; publishedAt: string })[]> {
  const [{ loadCollections }, { scheduledEvents }] = await Promise.all([import('../content/collections/load'), import('../content/events')]);
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const files = loadCollections(root, { today: yesterday })
    .scheduled.filter((entry) => entry.publishedAt === today)
    .map((entry) => ({ ...entry, kind: kindOf(entry.file) }));
  const events = scheduledEvents(yesterday)
    .filter((event) => event.publishedAt === today)
    .map((event) => ({ kind: 'event' as const, file: 'content/events.ts', title: event.title, path: `/events/${event.slug}`, publishedAt: today }));
  return [...files, ...events];
}

function kindOf(file: string): DueEntry['kind'] {
  if (file.includes('/stories/')) return 'story';
  if (file.includes('/roadmaps/')) return 'roadmap';
  return 'article';
}

async function record(today: string, due: DueEntry[]): Promise<void> {
  try {
    const { getServerRuntime } = await import('../server/runtime');
    const runtime = await getServerRuntime();
    try {
      await runtime.repos.releaseRuns.record({
        ranAt: Date.now(),
        day: today,
        due: due.map(({ kind, title, path: page }) => ({ kind, title, path: page })),
        outcome: due.length > 0 ? 'release' : 'nothing',
      });
    } finally {
      await runtime.database.close();
    }
  } catch (error) {
    console.error(`Запуск таймера не записан в базу (в консоли «Публикации» его не будет видно): ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const today = option('--today') ?? moscowToday();
  const root = option('--root') ?? path.join(process.cwd(), 'content');
  const due = await dueOn(root, today);
  if (argv.includes('--record')) await record(today, due);
  if (due.length === 0) {
    console.log(`На ${today} публиковать нечего: выпуск не нужен.`);
    return 1;
  }
  console.log(
    `На ${today} выходят: ${due.map((entry) => (entry.kind === 'event' ? `${entry.file} (событие ${entry.path})` : entry.file)).join(', ')}: нужен выпуск.`,
  );
  return 0;
}

if (process.argv[1] && /release-due\.ts$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
