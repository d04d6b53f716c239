/**
 * `npm run release:due` (the release timer's condition, deploy/site-release.service): exit 0 and a line
 * naming them when an article or story becomes due today (Moscow time), exit 1 when nothing does, so the
 * timer releases only on such days. `--today YYYY-MM-DD` and `--root <content folder>` for tests.
 */
import path from 'node:path';
import { moscowToday } from '../lib/calendar';

export async function dueOn(root: string, today: string) {
  const { loadCollections } = await import('../content/collections/load');
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  // What a build made yesterday left out and a build today takes in.
  return loadCollections(root, { today: yesterday }).scheduled.filter((entry) => entry.publishedAt === today);
}

async function main(argv: string[]): Promise<number> {
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const today = option('--today') ?? moscowToday();
  const root = option('--root') ?? path.join(process.cwd(), 'content');
  const due = await dueOn(root, today);
  if (due.length === 0) {
    console.log(`На ${today} публиковать нечего: выпуск не нужен.`);
    return 1;
  }
  console.log(`На ${today} выходят: ${due.map((entry) => entry.file).join(', ')}: нужен выпуск.`);
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
