/**
 * `npm run check`: checks every content file (courses, variants, events, pages, pop-ups, gift offers,
 * articles, stories, categories) and prints each problem in Russian with its file, entry and field;
 * exits 1 when there is one. `next build` runs it first (next.config.ts), so a broken entry stops the
 * build before anything is compiled. Run with the react-server condition, as pages are rendered.
 */
import path from 'node:path';
import { moscowToday } from '../lib/calendar';
import { ContentError, problemsReport } from '../content/validation/problems';
import { contentSyntaxProblems } from '../content/validation/syntax';

async function main(): Promise<number> {
  const today = moscowToday();
  // Syntax first, before anything is imported: a missing comma is reported in Russian, with the line.
  const syntax = contentSyntaxProblems(path.join(process.cwd(), 'content'));
  if (syntax.length > 0) {
    console.error(`\n${problemsReport(syntax)}\n`);
    return 1;
  }
  try {
    // Imported here, not above: a content module that is broken may throw while it loads.
    const { checkContent } = await import('../content/validation/check');
    const { problems, scheduled } = await checkContent({ root: path.join(process.cwd(), 'content'), today });
    if (problems.length > 0) {
      console.error(`\n${problemsReport(problems)}\n`);
      return 1;
    }
    const later = scheduled.map((entry) => `\n  - ${entry.file}: с ${entry.publishedAt}`).join('');
    console.log(`Контент в порядке (на ${today}).${later ? `\nЗапланировано, в эту сборку не входит:${later}` : ''}`);
    return 0;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`\n${error.message}\n`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
