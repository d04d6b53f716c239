/**
 * What a deal the site sent can plausibly cost, and whether what GetCourse reports about it fits (pure
 * over the content; the deals' repository asks it inside the report's transaction, where the deal's lead
 * is known).
 *
 * A deal's money comes from a «Вызвать URL» template someone typed in GetCourse, or from anyone holding
 * the callback's secret: a mistyped template (`paid={object.cost}` in kopecks) or a leaked secret must not
 * paint revenue in «Кампании» and the page tests. So a report is refused when:
 * - its cost is above the dearest course of the school (a manager may sell a lead any course, so a cost
 *   GetCourse states is held against the dearest, never against the lead's own course);
 * - its paid amount is above the deal's cost, said now or before;
 * - with no cost known at all, its paid amount is above the dearest tariff of the course the lead's form
 *   and page sell, or, for a lead of a site-wide form (contact, consultation), a gift, an event or a free
 *   course, the dearest course of the school. A tariff costs its price paid in full (a monthly
 *   instalment times its months), at the struck-out price when that is higher.
 * A real payment for a dearer course than the lead's, reported without its cost, is taken by the next
 * reconciliation, whose export always carries the cost.
 */
import { coursePageAt, coursePages, courses, type Course } from '@/content/courses';
import { popups } from '@/content/popups';
import type { DealReport } from './deal-status';

/** Paid above the cost (or a ceiling) by more than this (kopecks) is no rounding: a broken template or a forged call. */
export const PAID_OVER_COST_TOLERANCE_KOPECKS = 100;

/** Why a report's money cannot be right. */
export const paymentRefusalReasons = ['paid_above_cost', 'paid_above_tariffs', 'cost_above_tariffs'] as const;
export type PaymentRefusalReason = (typeof paymentRefusalReasons)[number];

/**
 * What the amount was held against: the deal's own cost, the dearest tariff of a course (`course`: its
 * slug), or the dearest course of the school (`course` null).
 */
export interface PaymentRefusal {
  reason: PaymentRefusalReason;
  limitKopecks: number;
  course: string | null;
}

/** What a deal's report is judged by: its lead's form and page (null for a number the site never sent), and the cost already known. */
export interface DealContext {
  lead: { formId: string; pagePath: string } | null;
  costKopecks: number | null;
}

/** The most one deal for a course can cost, in kopecks: its dearest tariff paid in full, at the struck-out price when higher. */
export function courseCeilingKopecks(course: Pick<Course, 'tariffs'>): number {
  return Math.max(0, ...course.tariffs.map((tariff) => Math.max(tariff.price, tariff.oldPrice ?? 0) * (tariff.months ?? 1) * 100));
}

/** The dearest course of the school, in kopecks: the ceiling of a deal whose lead names no paid course. */
export function schoolCeilingKopecks(catalogue: readonly Course[] = courses()): number {
  return Math.max(0, ...catalogue.map(courseCeilingKopecks));
}

const popupFormIds: ReadonlySet<string> = new Set(popups.flatMap((popup) => (popup.formConfig ? [popup.formConfig.formId] : [])));

/** The course of a page: the course page itself, a landing of it, or a page under its path (the gift pop-up's). */
function courseAt(path: string): Course | undefined {
  return coursePageAt(path)?.course ?? courses().find((course) => path.startsWith(`${course.path}/`));
}

/**
 * The course a lead was left for: a course page's (or its landing's) own form, or a pop-up's form on a
 * course's page. Site-wide forms, gifts, events and other pages name none.
 */
export function courseOfLead(lead: { formId: string; pagePath: string }): Course | undefined {
  const page = coursePages().find((candidate) => candidate.form.formId === lead.formId);
  if (page) return page.course;
  return popupFormIds.has(lead.formId) ? courseAt(lead.pagePath) : undefined;
}

/** The most the deal of this lead can cost, and whose price that is; a free course's lead may buy any course. */
export function dealCeiling(lead: DealContext['lead']): { kopecks: number; course: string | null } {
  const course = lead ? courseOfLead(lead) : undefined;
  const kopecks = course ? courseCeilingKopecks(course) : 0;
  return kopecks > 0 ? { kopecks, course: course!.slug } : { kopecks: schoolCeilingKopecks(), course: null };
}

/** Why this report's money cannot be right for the deal, or null when it fits. */
export function paymentRefusal(report: Pick<DealReport, 'costKopecks' | 'paidKopecks'>, deal: DealContext): PaymentRefusal | null {
  const above = (amount: number | null, limit: number) => amount !== null && amount > limit + PAID_OVER_COST_TOLERANCE_KOPECKS;
  const school = schoolCeilingKopecks();
  if (above(report.costKopecks, school)) return { reason: 'cost_above_tariffs', limitKopecks: school, course: null };
  const cost = report.costKopecks ?? deal.costKopecks;
  if (cost !== null) return above(report.paidKopecks, cost) ? { reason: 'paid_above_cost', limitKopecks: cost, course: null } : null;
  const ceiling = dealCeiling(deal.lead);
  return above(report.paidKopecks, ceiling.kopecks) ? { reason: 'paid_above_tariffs', limitKopecks: ceiling.kopecks, course: ceiling.course } : null;
}
