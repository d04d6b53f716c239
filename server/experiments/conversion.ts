/**
 * A conversion: a lead the server accepted and committed counts for the test its form claims, read from
 * the lead's validated record (`extra.block_id`: `popup:<id>:<letter>` for a pop-up's variant,
 * `page-test:<test>:<letter>` for a page's), once the lead is stored (server/leads/accept.ts calls it
 * after the commit, never for a lead held as «Похоже на спам»: a flood must not steer a variant).
 *
 * It counts when the claimed test runs and has that variant, the lead came from where the test is served
 * (a page the pop-up targets, the tested page itself), the visitor's id is one the server signed as
 * counted and is assigned that variant (a keyed hash of test and visitor), the visitor was shown that
 * variant, it is their first counted lead in the test, and the client's address and network have not had
 * their daily share of the test's leads (DAILY_CAPS.testLead, NETWORK_DAILY_CAPS.testLead). What fails
 * these (a repeat aside) is added to the test's uncounted events, the suspicious share. Never fails the
 * lead: a problem here is logged and the lead stands.
 */
import { moscowToday } from '@/lib/calendar';
import { assignVariant, readTestBlockId, visitorIdOf } from '@/lib/experiments/variants';
import { readPageTestBlockId } from '@/lib/page-tests/variants';
import { takesPart } from '@/lib/page-tests/visitors';
import type { LeadRequest } from '@/lib/validation/lead';
import { errorKind, type Logger } from '../log';
import { popupTargetsPath } from '../popups/targeting';
import type { Repositories } from '../repositories';
import type { Experiment } from '../repositories/experiments';
import { capsOf, countWithinCaps, type TrafficClient } from '../traffic/caps';
import type { TestEventOutcome } from './exposure';
import { visitorIdKind } from './visitor-id';
import { testVisitorOf, visitorKey } from './visitor';

/** Who left the lead, as the request that carried it says. */
export interface ConversionVisit {
  headers: Headers;
  repos: Repositories;
  hashKey: string;
  client: TrafficClient;
  now: number;
  log: Logger;
}

/** The test a lead's form claims, and what its subject says of where the lead came from and who left it. */
interface Claim {
  test: Experiment;
  variant: number;
  /** The lead came from where the test is served. */
  servedThere: boolean;
  /** The visitor's signed id and whether it counts; null: none, or one that takes no part. */
  visitor: { id: string; counted: boolean } | null;
  /** The scope of the test's daily caps of leads by address and network. */
  capScope: string;
}

/** The accepted lead `leadId` counts for its claimed variant when everything above holds; true when counted. */
export async function countConversion(
  lead: { extra: Pick<LeadRequest['extra'], 'block_id' | 'page_path'> },
  leadId: number | null,
  visit: ConversionVisit,
): Promise<boolean> {
  const { repos, now } = visit;
  try {
    const claim = await claimOf(lead.extra.block_id ?? null, lead.extra.page_path, visit);
    if (!claim) return false;
    const day = moscowToday(new Date(now));
    const outcome = await conversionOutcome(claim, leadId, { ...visit, day });
    if (outcome !== 'repeat')
      await repos.traffic.tally(day, 'test', claim.test.id, { counted: outcome === 'counted' ? 1 : 0, uncounted: outcome === 'uncounted' ? 1 : 0 });
    return outcome === 'counted';
  } catch (error) {
    visit.log.warn('experiments.conversion_failed', { error: errorKind(error) });
    return false;
  }
}

/** The running test and variant a block id claims, read by its subject (pop-up or page); null when it claims none that runs. */
async function claimOf(blockId: string | null, pagePath: string, { repos, headers, hashKey }: ConversionVisit): Promise<Claim | null> {
  const popupClaim = readTestBlockId(blockId);
  if (popupClaim) {
    const test = (await repos.experiments.running('popup')).find((candidate) => candidate.subject === popupClaim.popup);
    if (!test || popupClaim.variant >= test.variants.length) return null;
    const popup = await repos.popups.get(test.subject);
    return {
      test,
      variant: popupClaim.variant,
      servedThere: !!popup && popupTargetsPath(popup.config, pagePath),
      visitor: testVisitorOf(headers, hashKey),
      capScope: `test:${test.id}:lead`,
    };
  }
  const pageClaim = readPageTestBlockId(blockId);
  if (pageClaim) {
    const test = (await repos.experiments.running('page')).find((candidate) => candidate.id === pageClaim.testId);
    // A lead from another page is not this test's at all.
    if (!test || pageClaim.variant >= test.variants.length || pagePath !== test.subject) return null;
    const id = takesPart(headers) ? visitorIdOf(headers.get('cookie') ?? '') : null;
    const kind = id ? visitorIdKind(id, hashKey) : null;
    return {
      test,
      variant: pageClaim.variant,
      servedThere: true,
      visitor: id && kind ? { id, counted: kind === 'counted' } : null,
      capScope: `page-test:${test.id}:lead`,
    };
  }
  return null;
}

async function conversionOutcome(
  { test, variant, servedThere, visitor, capScope }: Claim,
  leadId: number | null,
  context: ConversionVisit & { day: string },
): Promise<TestEventOutcome> {
  const { repos, hashKey } = context;
  if (!visitor?.counted || assignVariant(visitor.id, test.id, test.variants.length) !== variant || !servedThere) return 'uncounted';
  const key = visitorKey(visitor.id, hashKey);
  const seen = await repos.experiments.visitorSeen(test.id, key);
  if (seen.converted) return 'repeat';
  if (seen.shown !== variant) return 'uncounted';
  if (!(await countWithinCaps(repos, context.day, capScope, context.client, capsOf('testLead')))) return 'uncounted';
  const counted = await repos.experiments.recordConversion({
    testId: test.id,
    visitor: key,
    variant,
    now: context.now,
    network: context.client.network,
    leadId,
  });
  return counted ? 'counted' : 'repeat';
}
