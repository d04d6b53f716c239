import { isDecisive } from '@/lib/experiments/plain-words';
import { problemsWorthSaying } from '@/lib/experiments/trust';
import type { ExperimentReport } from '@/server/experiments/report';
import { trustNoteTexts, trustProblemText, type CountedAs } from './split-test-labels';

/**
 * Why a running test's figures may not decide by themselves (lib/experiments/trust.ts), under its
 * verdict: the site neither announces nor keeps it, and the team decides. Nothing when there is nothing
 * to say (before the verdict, only the uncounted share is worth saying). One note for both kinds of
 * test, in the words of what each counts (`countedAs`: a pop-up's shows, a page's visitors).
 */
export function TrustNote({
  view,
  running,
  autoKeep,
  countedAs,
}: {
  view: Pick<ExperimentReport, 'trust' | 'report'>;
  running: boolean;
  autoKeep: boolean;
  countedAs: CountedAs;
}) {
  if (!running) return null;
  const problems = problemsWorthSaying(view.trust, isDecisive(view.report.verdict));
  if (problems.length === 0) return null;
  const note = trustNoteTexts(autoKeep);
  return (
    <section
      aria-labelledby="split-test-trust"
      className="mb-3 max-w-3xl rounded border border-amber-400 bg-amber-50 p-2 text-sm"
      data-testid="split-test-trust"
    >
      <h3 id="split-test-trust" className="font-semibold">
        {note.title}
      </h3>
      <p>{note.lead}</p>
      <ul className="ml-5 list-disc">
        {problems.map((problem) => (
          <li key={problem.kind === 'few_networks' ? `${problem.variant}-${problem.what}` : problem.kind}>{trustProblemText(problem, countedAs)}</li>
        ))}
      </ul>
      <p>{note.choose}</p>
    </section>
  );
}
