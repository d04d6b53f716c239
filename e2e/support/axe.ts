/**
 * axe-core's Playwright builder as the suite runs it. Import `AxeBuilder` from here, not from
 * @axe-core/playwright: the same rules and the same violations, with less of the browser's work.
 * - On a page of one frame (no iframe), axe runs in the page itself (`axe.run`, the builder's legacy mode).
 *   By default the builder runs axe in every frame and then opens a blank page of the context to put the
 *   frames' results together, injecting axe's 0.5 MB source twice: a new tab for every check. A page
 *   with frames keeps that way, which also checks frames of other origins.
 * - Only violations are gathered (`resultTypes`): no test reads the passes or the incomplete checks, and
 *   axe then lists one node of each instead of every node it looked at.
 */
import { AxeBuilder as PlaywrightAxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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
}
