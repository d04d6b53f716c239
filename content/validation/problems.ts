/**
 * One problem in the content, as the marketing team reads it: the file (from the repository's root), the
 * entry (a course by its slug, an article by its title…), the field (positions counted from 1) and what is
 * allowed, in Russian. Every content check reports through this shape, so the build prints one list.
 */
export interface ContentProblem {
  /** Repository-relative path: `content/courses/professions.ts`. */
  file: string;
  /** `курс «junior-js»`, `поп-ап «promo-career»`, `статья «Как выбрать первый фреймворк»`. */
  entry?: string;
  /** `тариф 2, поле «цена» (price)`. */
  field?: string;
  /** What is wrong and what is allowed: `должно быть не меньше 0, сейчас −5`. */
  message: string;
}

/** `content/popups.ts, поп-ап «promo-career», поле «задержка показа, мс» (showDelayMs): …` */
export function problemLine(problem: ContentProblem): string {
  return `${[problem.file, problem.entry, problem.field].filter(Boolean).join(', ')}: ${problem.message}`;
}

export function problemsReport(problems: readonly ContentProblem[]): string {
  const count = problems.length;
  return `Ошибки в контенте (${count}):\n${problems.map((problem) => `  - ${problemLine(problem)}`).join('\n')}`;
}

/** Thrown when content is broken: its message is the whole Russian report, its `problems` the list. */
export class ContentError extends Error {
  override name = 'ContentError';

  constructor(readonly problems: readonly ContentProblem[]) {
    super(problemsReport(problems));
  }
}

/** Throws every problem at once, or does nothing when there are none. */
export function throwProblems(problems: readonly ContentProblem[]): void {
  if (problems.length > 0) throw new ContentError(problems);
}

/** `«junior-js»`: Russian quotes around a name or a value. */
export function quoted(value: unknown): string {
  return `«${String(value)}»`;
}
