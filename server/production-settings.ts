/**
 * Settings a public site cannot run without. Checked when `next build` starts (next.config.ts): a build
 * for a real address (SITE_URL not on this machine) stops with every missing setting named, so the
 * school never ships a placeholder tag manager container or a guessable gift page. Local builds (the
 * README's two commands) need none of them. The pop-up forms' GetCourse settings are checked the same
 * way: a title or offer code still holding a placeholder would file every such lead under it.
 */
import type { LeadFormEntry } from '../content/lead-form-entry';
import { popupLeadForms } from '../content/popup-lead-forms';

/** What the check reads; process.env, or any record in tests. */
export type BuildEnvironment = Record<string, string | undefined>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A Google Tag Manager container id as GTM shows it; GTM-XXXXXXX is the documentation's placeholder. */
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
const PLACEHOLDER_GTM_ID = 'GTM-XXXXXXX';

/** Whether SITE_URL names a public address (a build for the real site). */
export function isPublicSite(env: BuildEnvironment): boolean {
  const url = env.SITE_URL?.trim();
  if (!url) return false;
  try {
    return !LOCAL_HOSTS.has(new URL(url).hostname);
  } catch {
    return true; // a SITE_URL that is not a URL is nobody's local default: check the rest too
  }
}

/** Words and marks that mean "fill this in" in a title or code, not a real GetCourse product or offer. */
const PLACEHOLDER = /\b(todo|tbd|fixme|xxx+|placeholder|example|lorem)\b|заглушк|заполнит|<[^>]*>|\.\.\.|…|^\s*$/iu;

/**
 * The pop-up forms (content/popup-lead-forms.ts) whose deal setting is still a placeholder: one line a
 * form and field, naming both. A form with neither a title nor a code files its deals under the
 * analytics product name, which is a real name: not a placeholder.
 */
export function popupFormPlaceholders(forms: readonly LeadFormEntry[]): string[] {
  const problems: string[] = [];
  for (const form of forms) {
    if (form.delivery.kind !== 'deal') continue;
    for (const field of ['productTitle', 'offerCode'] as const) {
      const value = form.delivery[field];
      if (value !== undefined && PLACEHOLDER.test(value)) {
        problems.push(
          `content/popup-lead-forms.ts: pop-up form "${form.id}" has the placeholder ${field} "${value}"; set the GetCourse product title or offer code its leads go to`,
        );
      }
    }
  }
  return problems;
}

/** One line a problem, naming the variable and what it must hold; empty when the build may go on. */
export function productionSettingsProblems(env: BuildEnvironment, popupForms: readonly LeadFormEntry[] = popupLeadForms()): string[] {
  if (!isPublicSite(env)) return [];
  const problems: string[] = [];
  const gtm = env.NEXT_PUBLIC_GTM_ID?.trim();
  if (!gtm || gtm === PLACEHOLDER_GTM_ID || !GTM_ID.test(gtm)) {
    problems.push("NEXT_PUBLIC_GTM_ID: set the school's Google Tag Manager container id (GTM-…); the placeholder would load no one's tags");
  }
  const token = env.GIFT_POPUP_TOKEN?.trim();
  if (!token || token.length < 8) {
    problems.push('GIFT_POPUP_TOKEN: set a secret path segment of 8 or more characters for the gift pop-up page (e.g. `openssl rand -hex 6`)');
  }
  if (env.CONTENT_FIXTURES?.trim()) {
    problems.push('CONTENT_FIXTURES: unset it; it adds test-only pages (content/courses/fixtures.ts) that must never reach the real site');
  }
  if ((env.BETTER_AUTH_SECRET?.trim().length ?? 0) < 32) {
    problems.push("BETTER_AUTH_SECRET: set a secret of 32 or more characters that signs the console's sessions (e.g. `openssl rand -hex 32`)");
  }
  if ((env.GETCOURSE_CALLBACK_SECRET?.trim().length ?? 0) < 32) {
    problems.push(
      'GETCOURSE_CALLBACK_SECRET: set a secret of 32 or more characters for the «Вызвать URL» address GetCourse reports payments to (e.g. `openssl rand -hex 32`); without it every payment callback is refused',
    );
  }
  if (!isAesKey(env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY)) {
    problems.push(
      "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: set the console's Server Actions key, base64 of 16, 24 or 32 bytes, the same for every build of a deploy (e.g. `openssl rand -base64 32`)",
    );
  }
  problems.push(...popupFormPlaceholders(popupForms));
  return problems;
}

/**
 * Next.js encrypts the console's Server Actions with this key; without it each build makes its own, and
 * instances of one deploy built apart could not read each other's actions.
 */
function isAesKey(value: string | undefined): boolean {
  const key = value?.trim() ?? '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key)) return false;
  return [16, 24, 32].includes(Buffer.from(key, 'base64').length);
}

export function assertProductionSettings(env: BuildEnvironment): void {
  const problems = productionSettingsProblems(env);
  if (problems.length === 0) return;
  throw new Error(`This build is for ${env.SITE_URL} and is missing settings a public site needs:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
}
