/**
 * axe-core's Playwright builder as the suite runs it. Import `AxeBuilder` from here, not from
 * @axe-core/playwright: the same rules and the same violations, with less of the browser's work.
 * - On a page of one frame (no iframe), axe runs in the page itself (`axe.run`, the builder's legacy mode).
 *   By default the builder runs axe in every frame and then opens a blank page of the context to put the
 *   frames' results together, injecting axe's 0.5 MB source twice: a new tab for every check. A page
 *   with frames keeps that way, which also checks frames of other origins.
 * - Only violations are gathered (`resultTypes`): no test reads the passes or the incomplete checks, and
 *   axe then lists one node of each instead of every node it looked at.
 * - `seriousViolations()` runs only the rules that can find a serious or critical violation.
 */
import { AxeBuilder as PlaywrightAxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

type Violation = Awaited<ReturnType<PlaywrightAxeBuilder['analyze']>>['violations'][number];

const seriousImpacts = ['serious', 'critical'];

/**
 * The rules a default run has (enabled ones) whose violations are serious or critical. axe gives each check
 * of a rule with an impact the rule's own (axe-core's `finalizeRuleResult`), and every rule has one, so a
 * rule of minor or moderate impact never reports a serious violation: leaving those out (a third of the
 * rules, `region` and the landmark rules among them) changes no serious finding.
 */
const seriousRules: string[] = (() => {
  const rules = (axe as unknown as { _audit?: { rules?: { id: string; impact?: string; enabled?: boolean }[] } })._audit?.rules;
  // axe-core's rule list is internal: should it move, this fails here rather than check fewer rules.
  if (!rules?.length || rules.some((rule) => !rule.impact)) throw new Error('axe-core no longer lists its rules with their impact: see e2e/support/axe.ts');
  return rules.filter((rule) => rule.enabled !== false && seriousImpacts.includes(rule.impact!)).map((rule) => rule.id);
})();

export class AxeBuilder extends PlaywrightAxeBuilder {
  private readonly checkedPage: Page;

  constructor({ page }: { page: Page }) {
    super({ page });
    this.checkedPage = page;
    this.options({ resultTypes: ['violations'] });
  }

  override analyze(): ReturnType<PlaywrightAxeBuilder['analyze']> {
    this.setLegacyMode(this.checkedPage.frames().length === 1);
    return super.analyze();
  }

  /** The serious and critical violations: what the suite's accessibility checks refuse. */
  async seriousViolations(): Promise<Violation[]> {
    this.withRules(seriousRules);
    return (await this.analyze()).violations.filter((violation) => seriousImpacts.includes(violation.impact ?? ''));
  }
}
